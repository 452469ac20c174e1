import AppServices

/// A card's value handed to another program (`c`'s mail program, `o`'s xdg-open) as one
/// argument, or why it is not: a card comes from files and servers anyone may write, and a
/// value a program reads as an option (`-eset editor=…` to mutt, `--help` to xdg-open) or as
/// something other than a web page (`file:`, `javascript:`, a local path) would make the card
/// run or open what its writer chose.
enum ProgramArgument {
    /// Why a value is not handed over; the presenter says it.
    enum Refusal: Error, Equatable {
        /// It starts with `-`: the program would read it as an option.
        case startsWithDash
        /// It holds a control character, a line break or a bidirectional override (`SafeText`).
        case holdsControl
        /// An e-mail without an `@`, or one with spaces.
        case notAnAddress
        /// A web address with another scheme than http or https (`file`, `javascript`…).
        case scheme(String)
        /// A local path, or no address at all.
        case notAWebAddress
    }

    /// The e-mail as the mail program's argument (after `--`), or why not.
    static func mailAddress(_ value: String) -> Result<String, Refusal> {
        let address = value.trimmedSpaces
        if address.hasPrefix("-") { return .failure(.startsWithDash) }
        if SafeText.containsControl(address) { return .failure(.holdsControl) }
        guard address.contains("@"), !address.contains(" ") else { return .failure(.notAnAddress) }
        return .success(address)
    }

    /// The web address as xdg-open's argument: an `http://` or `https://` address as it is, a
    /// bare host name (`www.example.org/ada`) as `https://` — or why not.
    static func webAddress(_ value: String) -> Result<String, Refusal> {
        let url = value.trimmedSpaces
        if url.hasPrefix("-") { return .failure(.startsWithDash) }
        if SafeText.containsControl(url) || url.contains(" ") { return .failure(.holdsControl) }
        if let scheme = scheme(of: url) {
            let lower = scheme.lowercased()
            guard lower == "http" || lower == "https" else { return .failure(.scheme(scheme)) }
            let rest = url.dropFirst(scheme.count + 1)
            guard rest.hasPrefix("//"), let first = rest.dropFirst(2).first, first != "/" else { return .failure(.notAWebAddress) }
            return .success(url)
        }
        // No scheme: a host name (letters or digits first, a dot in it) is a web site; anything
        // else (`/etc/passwd`, `~/x`, `./x`, `..`) is a path on this machine.
        let host = url.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        guard let first = host.unicodeScalars.first, first.properties.isAlphabetic || ("0"..."9").contains(first),
              host.contains("."), !host.contains("@"), !host.contains("\\") else { return .failure(.notAWebAddress) }
        return .success("https://" + url)
    }

    /// `scheme` of `scheme:rest` (RFC 3986: a letter, then letters, digits, `+`, `-`, `.`), if the value has one.
    static func scheme(of url: String) -> String? {
        guard let colon = url.firstIndex(of: ":") else { return nil }
        let name = url[..<colon]
        guard let first = name.unicodeScalars.first, first.isASCII, first.properties.isAlphabetic,
              name.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "+-.".unicodeScalars.contains($0)) })
        else { return nil }
        return String(name)
    }

    /// Whether the mail program takes `--` before its addresses as the end of its options (getopt's
    /// rule): mutt and neomutt do, and so do mail, mailx and s-nail.
    static func takesEndOfOptions(_ mailProgram: String) -> Bool {
        let command = mailProgram.trimmedSpaces.prefix { $0 != " " && $0 != "\t" }
        let name = command.split(separator: "/").last.map(String.init) ?? String(command)
        return ["mutt", "neomutt", "mail", "mailx", "s-nail"].contains(name)
    }
}
