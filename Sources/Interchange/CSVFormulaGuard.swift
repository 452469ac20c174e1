/// Spreadsheets (Excel, LibreOffice Calc, Google Sheets) read a CSV cell that starts with `=`,
/// `+`, `-` or `@` as a formula — and a tab or carriage return before one as well —, so a card's
/// `=HYPERLINK(…)` or `=cmd|' /C calc'!A0` would run in whoever opens the export. As OWASP
/// advises, such a cell is written with a `'` before it, which the spreadsheet shows as text and
/// does not keep; a cell that is only a number in a phone's characters (`+44 20 7946 0018`,
/// `-12.5`) holds no formula and stays as it is. Switchboard's own CSV import takes the `'` off
/// again (`unguarded`), so an export imported again gives back the same values: a value that
/// itself starts with `'`s before one of those characters gets one `'` more, and loses one.
public enum CSVFormulaGuard {
    /// The characters a formula starts with.
    static func isTrigger(_ c: Character) -> Bool {
        c == "=" || c == "+" || c == "-" || c == "@" || c == "\t" || c == "\r" || c == "\r\n"
    }

    /// Whether the cell is only a phone number or a plain number: digits, spaces and `+-().,/`.
    static func isNumberLike(_ cell: String) -> Bool {
        var digits = false
        for c in cell.unicodeScalars {
            if ("0"..."9").contains(c) { digits = true; continue }
            guard c == " " || c == "+" || c == "-" || c == "(" || c == ")" || c == "." || c == "/" else { return false }
        }
        return digits
    }

    /// Whether a spreadsheet would read `cell` as a formula once its leading `'`s are taken off
    /// (the form `guarded` adds one more `'` to).
    static func needsGuard(_ cell: String) -> Bool {
        guard let first = cell.drop(while: { $0 == "'" }).first, isTrigger(first) else { return false }
        return cell.first == "'" || !isNumberLike(cell)
    }

    /// The cell as written: `'` before it where a spreadsheet would read a formula.
    public static func guarded(_ cell: String) -> String {
        needsGuard(cell) ? "'" + cell : cell
    }

    /// A cell as read: the `'` `guarded` added taken off again.
    public static func unguarded(_ cell: String) -> String {
        guard cell.first == "'" else { return cell }
        let rest = String(cell.dropFirst())
        return needsGuard(rest) ? rest : cell
    }
}
