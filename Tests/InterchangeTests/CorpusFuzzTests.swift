import TestSupport
import Testing
import Foundation
@testable import Interchange

/// The corpus (Corpus/SOURCES.md): every file's bytes, read from the source tree.
enum Corpus {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Corpus").path

    /// Every file of the corpus (path relative to the folder, bytes), in name order.
    static func files() -> [(name: String, bytes: [UInt8])] {
        let paths = (FileManager.default.enumerator(atPath: folder)?.allObjects as? [String] ?? [])
            .filter { $0.hasSuffix(".vcf") || $0.hasSuffix(".ics") }.sorted()
        return paths.compactMap { name in FileManager.default.contents(atPath: folder + "/" + name).map { (name, Array($0)) } }
    }

    /// A file's cards, each as its own bytes (the lines from its BEGIN:VCARD to its END:VCARD).
    static func cards(of bytes: [UInt8]) -> [[UInt8]] {
        var cards: [[UInt8]] = [], current: [UInt8]?
        var start = 0
        func line(_ range: Range<Int>) -> String {
            String(decoding: bytes[range], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines).uppercased()
        }
        while start < bytes.count {
            var end = start
            while end < bytes.count, bytes[end] != 0x0A { end += 1 }
            let next = min(end + 1, bytes.count)
            let text = line(start..<end)
            if text.hasSuffix("BEGIN:VCARD") { current = [] }
            current? += bytes[start..<next]
            if text.hasSuffix("END:VCARD"), let card = current { cards.append(card); current = nil }
            start = next
        }
        return cards
    }
}

/// Real cards damaged in one property line: never a crash, and the card keeps every other
/// property as it was (issue 36: a bad value costs that property, never the card).
@Suite("Corpus fuzz")
struct CorpusFuzzTests {
    @Test func theCorpusIsThere() {
        let files = Corpus.files()
        #expect(files.count >= 40)
        #expect(files.map { Corpus.cards(of: $0.bytes).count }.reduce(0, +) >= 50)
    }

    @Test func aDamagedPropertyCostsThatPropertyOnly() throws {
        var rng = SeededGenerator(seed: 36_2026)
        var damaged = 0
        for (name, bytes) in Corpus.files() {
            for card in Corpus.cards(of: bytes) {
                var reader = VCardReader(bytes: card)
                guard case .card(let original)? = try reader.readAll().first else { continue }
                // The physical lines; only a line that is a property's whole content line (not folded, not
                // quoted-printable, not BEGIN/END/VERSION) is damaged, and never into a line break or a fold.
                var lines: [[UInt8]] = []
                var start = 0
                for (i, b) in card.enumerated() where b == 0x0A { lines.append(Array(card[start...i])); start = i + 1 }
                if start < card.count { lines.append(Array(card[start...])) }
                // Lines that continue a quoted-printable value (the line before ends in a soft break '=').
                func endsInSoftBreak(_ line: [UInt8]) -> Bool {
                    var end = line.count
                    while end > 0, line[end - 1] == 0x0A || line[end - 1] == 0x0D { end -= 1 }
                    return end > 0 && line[end - 1] == 0x3D
                }
                let continuesQP = Set(lines.indices.filter { $0 > 0 && endsInSoftBreak(lines[$0 - 1]) })
                let candidates = lines.indices.filter { i in
                    guard !continuesQP.contains(i), !endsInSoftBreak(lines[i]) else { return false }
                    let text = String(decoding: lines[i], as: UTF8.self).uppercased()
                    let folded = i + 1 < lines.count && (lines[i + 1].first == 0x20 || lines[i + 1].first == 0x09)
                    return i > 0 && !folded && lines[i].first != 0x20 && lines[i].first != 0x09 && !text.contains("BEGIN:")
                        && !text.contains("END:") && !text.contains("VERSION:") && !text.contains("QUOTED-PRINTABLE")
                        && !text.contains("ENCODING=") && lines[i].count > 4
                }
                for _ in 0..<12 {
                    guard let target = candidates.randomElement(using: &rng) else { break }
                    var line = lines[target]
                    let body = line.count - (line.last == 0x0A ? (line.dropLast().last == 0x0D ? 2 : 1) : 0)
                    for _ in 0..<Int.random(in: 1...4, using: &rng) {
                        let at = Int.random(in: 1..<max(2, body), using: &rng)
                        var byte = UInt8.random(in: 0...255, using: &rng)
                        if byte == 0x0A || byte == 0x0D || byte == 0x3D { byte = 0xFF }   // no new line, no QP soft break
                        if at < body { line[at] = byte }
                    }
                    var mutated = lines
                    mutated[target] = line
                    var again = VCardReader(bytes: mutated.flatMap { $0 })
                    let items = try again.readAll()
                    let cards = items.compactMap { if case .card(let c) = $0 { return c } else { return nil } }
                    #expect(cards.count == 1, "\(name): line \(target + 1) damaged: \(items)")
                    guard let read = cards.first else { continue }
                    damaged += 1
                    // Every property not on the damaged line is still there, as it was.
                    let damagedLine = target + 1
                    for p in original.properties where p.line != damagedLine {
                        #expect(read.properties.contains { $0.name == p.name && $0.value == p.value && $0.parameters == p.parameters },
                                "\(name): damaging line \(damagedLine) cost \(p.name) (line \(p.line))")
                    }
                    for card in cards { _ = VCardWriter(version: .v40).write(VCardDecoder.contact(from: card)) }
                }
            }
        }
        #expect(damaged > 300)
    }
}
