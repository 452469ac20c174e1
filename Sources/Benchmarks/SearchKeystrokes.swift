import Storage

/// A search keystroke as the contacts list makes it — a capped count, then the first page — for
/// each prefix of four phrases typed one key at a time (so the first one or two keys are
/// word-start searches): "lovelace", "7946" (a phone fragment), "최지우" (a Korean name as shown,
/// family name first), "lovelace ada" (the other name order). Four rounds, the first warming the
/// cache and not counted. The same on any store: the SQLite file and the shared directory.
enum SearchKeystrokes {
    static func measure(_ store: any ContactsStore, label: String) {
        let clock = ContinuousClock()
        for word in ["lovelace", "7946", "최지우", "lovelace ada"] {
            var keystroke = Measurement(name: "\(label): NEW typing “\(word)”")
            var old = Measurement(name: "\(label): OLD typing “\(word)”")
            for round in 0..<16 {
                var typed = ""
                for ch in word {
                    typed.append(ch)
                    for which in (round % 2 == 0 ? [0, 1] : [1, 0]) {
                    let t0 = clock.now
                    if which == 0 {
                    _ = try? store.page(matching: typed, offset: 0, limit: 200, countingUpTo: 200 + 1_000) // as the list scene asks
                    if round > 0 { keystroke.samples.append(clock.now - t0) }
                    } else {
                    _ = try? store.count(matching: typed, upTo: 200 + 1_000) // as the list scene asks
                    _ = try? store.contacts(matching: typed, offset: 0, limit: 200)
                    if round > 0 { old.samples.append(clock.now - t0) }
                    }
                    }
                }
            }
            keystroke.report(target: 10)
            old.report(target: 10)
        }
    }
}
