import AppServices
import Storage

/// A search keystroke as the contacts list makes it — the first page and its count up to 1,200,
/// in one read (`page(matching:…)`: one statement on a server, where it can) — for
/// each prefix of four phrases typed one key at a time (so the first one or two keys are
/// word-start searches): "lovelace", "7946" (a phone fragment), "최지우" (a Korean name as shown,
/// family name first), "lovelace ada" (the other name order). Eight rounds, the first warming the
/// cache and not counted. The same on any store: the SQLite file and the shared directory.
enum SearchKeystrokes {
    static func measure(_ store: any ContactsService, label: String) {
        let clock = ContinuousClock()
        for word in ["lovelace", "7946", "최지우", "lovelace ada"] {
            var keystroke = Measurement(name: "\(label): search keystroke, typing “\(word)” (first 200 matches + count up to 1,200, one read)")
            for round in 0..<8 {
                var typed = ""
                for ch in word {
                    typed.append(ch)
                    let t0 = clock.now
                    _ = try? store.page(matching: typed, offset: 0, limit: 200, countingUpTo: 200 + 1_000) // as the list scene asks
                    if round > 0 { keystroke.samples.append(clock.now - t0) }
                }
            }
            keystroke.report(target: 10)
        }
    }
}
