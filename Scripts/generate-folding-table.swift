// Writes Sources/AppServices/Search/SearchText+FoldingTable.swift: the tables `SearchText.fold`
// folds with (and, at the end, the few letters `SearchText.searchFold` folds further), taken from Foundation's String.folding(options: [.caseInsensitive,
// .diacriticInsensitive, .widthInsensitive], locale: nil), so the app folds as Foundation does
// without linking it. Run it again when the toolchain's Foundation changes, then run
// `swift test --filter SearchTextFoldingTests` (which compares the two for every character):
//
//   swiftc -O Scripts/generate-folding-table.swift -o /tmp/generate-folding-table
//   /tmp/generate-folding-table > Sources/AppServices/Search/SearchText+FoldingTable.swift
import Foundation

func foundation(_ text: String) -> String {
    text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
}

func hex(_ value: UInt32) -> String { String(value, radix: 16, uppercase: true) }

/// Every scalar that can stand in text (no unassigned, private-use or surrogate code points).
let scalars: [Unicode.Scalar] = (UInt32(0x20)...UInt32(0x10FFFF)).compactMap { value in
    guard let scalar = Unicode.Scalar(value) else { return nil }
    let category = scalar.properties.generalCategory
    return category == .unassigned || category == .privateUse || category == .surrogate ? nil : scalar
}

/// What may follow a base in its cluster: marks, grapheme extenders, variation selectors.
func isMark(_ scalar: Unicode.Scalar) -> Bool {
    let p = scalar.properties, category = p.generalCategory
    return scalar.value >= 0x300 && (category == .nonspacingMark || category == .enclosingMark || category == .spacingMark
        || p.isGraphemeExtend || p.isVariationSelector || p.isEmojiModifier)
}
let marks = scalars.filter(isMark)

/// Sorted scalars as ranges of consecutive ones.
func ranges(_ values: [UInt32]) -> [ClosedRange<UInt32>] {
    var out: [ClosedRange<UInt32>] = []
    for value in values {
        if let last = out.last, last.upperBound + 1 == value { out[out.count - 1] = last.lowerBound...value } else { out.append(value...value) }
    }
    return out
}

/// The marks a fold drops after `base`.
func dropped(after base: String) -> [UInt32] {
    let alone = foundation(base)
    return marks.filter { foundation(base + String(Character($0))) == alone }.map(\.value)
}

let afterLatin = dropped(after: "a"), afterOther = dropped(after: "中")
// A mark dropped after a Latin letter but not after a Han one tells the three kinds of base apart,
// and so does an acute accent (dropped after any base that drops anything).
let probe = Unicode.Scalar(afterLatin.first { !afterOther.contains($0) }!)!, acute = Unicode.Scalar(0x301)!
var droppingAll: [UInt32] = [], keepingAll: [UInt32] = []
for base in scalars where !isMark(base) {
    let b = String(Character(base)), alone = foundation(b)
    if foundation(b + String(Character(probe))) == alone { droppingAll.append(base.value) }
    else if foundation(b + String(Character(acute))) != alone { keepingAll.append(base.value) }
}

func list(_ name: String, _ doc: String, _ values: [UInt32]) -> String {
    let items = ranges(values).map { "0x\(hex($0.lowerBound))...0x\(hex($0.upperBound))" }
    var lines: [String] = [], line = ""
    for item in items {
        if !line.isEmpty && line.count + item.count + 2 > 100 { lines.append(line + ","); line = "" }
        line += line.isEmpty ? item : ", " + item
    }
    if !line.isEmpty { lines.append(line + ",") }
    return "    /// \(doc)\n    static let \(name): [ClosedRange<UInt32>] = [\n" + lines.map { "        " + $0 }.joined(separator: "\n") + "\n    ]\n"
}

var out = """
// Generated from Foundation's String.folding(options: [.caseInsensitive, .diacriticInsensitive,
// .widthInsensitive], locale: nil) (swift-foundation, Swift 6.3), one scalar at a time, so that
// SearchText folds as it did without linking Foundation. Do not edit by hand: made by
// Scripts/generate-folding-table.swift.

extension SearchText {
    /// Scalars whose fold is not their lower case: `scalar:replacement scalars` (hexadecimal), one a line.
    static let foldingTableText = \"\"\"

"""
for scalar in scalars {
    let folded = foundation(String(Character(scalar)))
    if folded != scalar.properties.lowercaseMapping {
        out += hex(scalar.value) + ":" + folded.unicodeScalars.map { hex($0.value) }.joined(separator: " ") + "\n"
    }
}
out += "\"\"\"\n\n"
out += list("droppedAfterBase", "Scalars a fold drops after a Latin, Greek or Cyrillic letter (marks, variation selectors, skin tones…): sorted ranges.", afterLatin) + "\n"
out += list("basesDroppingAll", "Bases after which a fold drops every scalar of `droppedAfterBase` (Latin, Greek, Cyrillic…).", droppingAll) + "\n"
out += list("basesKeepingAll", "Bases after which a fold drops nothing (capitals of other scripts, half-width kana, Roman numerals…).", keepingAll) + "\n"
out += list("droppedAfterOtherBases", "What a fold drops after any other base (the common Latin diacritics only).", afterOther)

// Search folds a little further than Foundation: a Latin letter with a stroke, bar or middle dot
// (ł ø đ ħ ŧ ŀ ƚ ɨ ƶ…), which Foundation's diacritic folding keeps, and the dotless i and j, are
// found by their plain letter, as people type them ("luk" finds Łukasiewicz). Only the search
// documents and searches use it (SearchText.searchFold); sort keys stay Foundation's fold.
let plainLatin: [String: Unicode.Scalar] = Dictionary(uniqueKeysWithValues: scalars.compactMap { scalar in
    guard let name = scalar.properties.name, name.hasPrefix("LATIN SMALL LETTER "), name.count == "LATIN SMALL LETTER ".count + 1
    else { return nil }
    return (String(name.suffix(1)), scalar)
})
var searchOnly: [(UInt32, Unicode.Scalar)] = []
for scalar in scalars {
    guard let name = scalar.properties.name else { continue }
    let prefix = ["LATIN SMALL LETTER ", "LATIN CAPITAL LETTER "].first { name.hasPrefix($0) }
    guard let prefix else { continue }
    let rest = name.dropFirst(prefix.count)
    let letter: String
    if rest == "DOTLESS I" || rest == "DOTLESS J" { letter = String(rest.suffix(1)) }
    else if rest.count > 1, rest.dropFirst().hasPrefix(" WITH "),
            rest.contains("STROKE") || rest.hasSuffix(" WITH BAR") || rest.hasSuffix(" WITH MIDDLE DOT") { letter = String(rest.prefix(1)) }
    else { continue }
    // Only where Foundation keeps the letter (its fold is the letter's own lower case).
    guard let plain = plainLatin[letter], foundation(String(Character(scalar))).unicodeScalars.count == 1,
          foundation(String(Character(scalar))) != String(Character(plain)) else { continue }
    let folded = foundation(String(Character(scalar))).unicodeScalars.first!
    if !searchOnly.contains(where: { $0.0 == folded.value }) { searchOnly.append((folded.value, plain)) }
}
searchOnly.sort { $0.0 < $1.0 }
out += "\n    /// What search folds further, after the fold (`folded scalar:plain letter`, hexadecimal, one a line):\n"
out += "    /// Latin letters with a stroke, bar or middle dot, and the dotless i and j, as people type them.\n"
out += "    static let searchFoldingTableText = \"\"\"\n"
for (from, to) in searchOnly { out += hex(from) + ":" + hex(to.value) + "\n" }
out += "\"\"\"\n"
out += "}\n"
print(out, terminator: "")
