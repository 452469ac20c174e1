// Writes Sources/AppServices/Search/SearchText+FoldingTable.swift: the tables `SearchText.fold`
// folds with, taken from Foundation's String.folding(options: [.caseInsensitive,
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
out += "}\n"
print(out, terminator: "")
