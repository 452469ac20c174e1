import AppServices

/// How `query` writes its answer, for the mail client that reads it.
enum QueryFormat: String, CaseIterable {
    /// mutt's and neomutt's `query_command`: a first line the client shows as a message (here: how
    /// many lines follow), then `address TAB name TAB other` (both split each line at TABs, as
    /// strtok does: an empty column is skipped, so an empty name is given the company's place).
    case mutt
    /// aerc's `address-book-cmd` (and alot's `shellcommand`): `address TAB name` lines and nothing
    /// else (aerc reads every line as an address).
    case aerc
    /// Each matching contact's vCard 3.0 (abook's `--outformat vcard`), once however many addresses match.
    case vcard

    /// One answer's line (without its line end): no TAB or line break inside a column.
    /// mutt's is `MailClientLine.mutt`, the line the SQLite store counts (`MailQueryIndex`).
    func line(email: String, name: String, company: String) -> String {
        if self == .mutt { return MailClientLine.mutt(email: email, name: name, company: company) }
        let address = Self.addressField(Self.column(email))
        let name = Self.column(name)
        let shown = name.isEmpty ? Self.column(company) : name
        return shown.isEmpty ? address : "\(address)\t\(shown)"
    }

    /// A column as `MailClientLine.column` writes it (no TAB or line break; controls as `�`).
    static func column(_ text: String) -> String { MailClientLine.column(text) }

    /// The address as `MailClientLine.addressField` writes it (an addr-spec a client reads as one).
    static func addressField(_ email: String) -> String { MailClientLine.addressField(email) }
}
