import Interchange

/// A mail message's header read from a file or standard input ("-"): read up to the empty line
/// that ends it; the rest of a file is not read, the rest of standard input is read and let go
/// (the program piping it in gets no broken pipe). A message of any size costs the header's memory.
enum MessageInput {
    static func header(from path: String) throws -> MailHeaderSection {
        let input = try InputFile(path: path)
        var bytes: [UInt8] = [], ended = false
        while let chunk = try input.read() {
            guard !ended else { continue }
            bytes += chunk
            if let end = headerEnd(bytes) {
                bytes.removeSubrange(end...)
                ended = true
                if path != "-" { break }
            } else if bytes.count > MailHeaderSection.limit {
                throw MailProblem.headerTooLong(MailHeaderSection.limit)
            }
        }
        guard !bytes.isEmpty else { throw MailProblem.empty }
        return try MailHeaderSection(bytes: bytes)
    }

    /// Where the empty line after the header ends (LF LF or LF CR LF), if it has come.
    static func headerEnd(_ bytes: [UInt8]) -> Int? {
        var i = 0
        while i + 1 < bytes.count {
            if bytes[i] == 0x0A {
                if bytes[i + 1] == 0x0A { return i + 2 }
                if bytes[i + 1] == 0x0D, i + 2 < bytes.count, bytes[i + 2] == 0x0A { return i + 3 }
            }
            i += 1
        }
        return nil
    }
}
