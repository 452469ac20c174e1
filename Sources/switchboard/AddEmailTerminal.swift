import AppServices
import Interchange
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where `add-email` asks what to do with each address: the controlling terminal (`/dev/tty`),
/// since standard input is the message. Each question is one line; the answer a line typed.
struct AddEmailTerminal {
    /// Writes a question.
    var write: (String) -> Void
    /// Reads one line typed (without its line end); nil when the terminal is gone.
    var readLine: () -> String?

    /// The process's controlling terminal, or nil when it has none (a cron job, a pipe from a daemon).
    static func controlling() -> AddEmailTerminal? {
        let fd = open("/dev/tty", O_RDWR | O_NOCTTY)
        guard fd >= 0 else { return nil }
        return AddEmailTerminal(
            write: { FileDescriptorWriter.write($0, to: fd) },
            readLine: {
                var line: [UInt8] = [], byte: UInt8 = 0
                while true {
                    let n = read(fd, &byte, 1)
                    if n < 0 && errno == EINTR { continue }
                    if n <= 0 { return line.isEmpty ? nil : String(decoding: line, as: UTF8.self) }
                    if byte == 0x0A { return String(decoding: line, as: UTF8.self) }
                    if byte != 0x0D { line.append(byte) }
                }
            })
    }

    /// Asks about `person` until the answer is one of the choices: Enter or `a` adds a new
    /// contact, `s` skips, a number adds the address to that contact of the same name.
    func ask(_ person: MailAddress, candidates: [(id: Int64, name: String)]) -> AddEmailCommand.Choice? {
        let who = QueryFormat.column(person.name.isEmpty ? person.address : "\(person.name) <\(person.address)>")
        var question = "Add \(who)?\n  a  add as a new contact\n  s  skip\n"
        for (index, candidate) in candidates.enumerated() {
            question += "  \(index + 1)  add to \(QueryFormat.column(candidate.name))\n"
        }
        question += "[a/s\(candidates.isEmpty ? "" : "/1" + (candidates.count > 1 ? "-\(candidates.count)" : ""))]: "
        write(question)
        while let answer = readLine() {
            let typed = SearchText.trimmed(answer).lowercased()
            switch typed {
            case "", "a", "y", "yes", "add": return .add
            case "s", "n", "no", "skip": return .skip
            default:
                if let number = Int(typed), number >= 1, number <= candidates.count {
                    return .addTo(id: candidates[number - 1].id, name: candidates[number - 1].name)
                }
                write("Type a, s\(candidates.isEmpty ? "" : " or a number from the list"): ")
            }
        }
        return nil
    }
}
