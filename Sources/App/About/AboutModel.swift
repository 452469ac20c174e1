import TUIKit

/// Every row of the About screen (seed 003's model enum).
enum AboutModel: Titled, Subtitled, Valued, Iconed {
    case header(String)
    case version(String)
    case dataFile(path: String)
    case dataSize(bytes: Int64?)
    case contacts(Int)
    /// nil: made up (the kiosk's popup).
    case friends(Int?)
    /// A count not known: `title` ("Contacts"), `why` in place of the number ("…" while it is read).
    case countUnknown(title: String, why: String)
    case key(keys: String, action: String)
    case license(String)
    case spacer

    var title: String? {
        switch self {
        case .header(let text): text
        case .version: "Version"
        case .dataFile: "Data file"
        case .dataSize: "Data file size"
        case .contacts: "Contacts"
        case .friends: "Friends"
        case .countUnknown(let title, _): title
        case .key(let keys, _): keys
        case .license: "License"
        case .spacer: nil
        }
    }

    var subtitle: String? {
        switch self {
        case .dataFile(let path): path
        case .license(let text): text
        default: nil
        }
    }

    var value: String? {
        switch self {
        case .version(let v): v
        case .dataSize(let bytes): bytes.map(Self.size) ?? "not there yet"
        case .contacts(let n): CountText.grouped(n)
        case .friends(let n): n.map { CountText.grouped($0) } ?? "made up by the demo"
        case .countUnknown(_, let why): why
        case .key(_, let action): action
        default: nil
        }
    }

    var icon: String? { nil }

    static func size(_ bytes: Int64) -> String {
        if bytes < 1024 { return "\(bytes) bytes" }
        if bytes < 1024 * 1024 { return OneDecimal.text(Double(bytes) / 1024) + " KiB" }
        return OneDecimal.text(Double(bytes) / 1_048_576) + " MiB"
    }
}
