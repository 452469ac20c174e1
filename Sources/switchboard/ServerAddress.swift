/// A CardDAV server's address as given to `sync add`, and the user name and password that may be
/// written into it (`http://alice:secret@host/`): those are never stored nor printed, so such an
/// address is refused, with the address without them in the message.
struct ServerAddress: Equatable {
    /// The address without any user information.
    let url: String
    /// The user name written into it, if one was ("" when only `:password@` was).
    let user: String?
    /// Whether a password was written into it.
    let hasPassword: Bool

    init(_ text: String) {
        let bytes = Array(text.utf8)
        var at: Int?
        if let colon = bytes.firstIndex(of: UInt8(ascii: ":")), bytes.count > colon + 2,
           bytes[colon + 1] == UInt8(ascii: "/"), bytes[colon + 2] == UInt8(ascii: "/") {
            let start = colon + 3
            var end = start
            while end < bytes.count, ![UInt8(ascii: "/"), UInt8(ascii: "?"), UInt8(ascii: "#")].contains(bytes[end]) { end += 1 }
            at = bytes[start..<end].lastIndex(of: UInt8(ascii: "@"))
            if let at {
                let info = bytes[start..<at]
                url = String(decoding: bytes[..<start] + bytes[(at + 1)...], as: UTF8.self)
                if let split = info.firstIndex(of: UInt8(ascii: ":")) {
                    user = String(decoding: info[..<split], as: UTF8.self)
                    hasPassword = true
                } else {
                    user = String(decoding: info, as: UTF8.self)
                    hasPassword = false
                }
                return
            }
        }
        url = text
        user = nil
        hasPassword = false
    }

    /// Whether user information was written into the address.
    var hasUserInfo: Bool { user != nil }

    /// Why such an address is refused, and what to give instead (without the password, of course).
    var refusal: String {
        let name = (user?.isEmpty == false ? user : nil) ?? "NAME"
        let what = hasPassword ? "a user name and password" : "a user name"
        return "the address holds \(what) (…@), which would be stored in the data file and shown in every message; "
            + "give the address without it and the user name apart: switchboard sync add \(url) --username \(name)"
            + " (the password then comes from --password-command CMD, or is asked for, and is never stored)"
    }

    /// `text` with any user information taken out, for a message (an address stored before it was refused).
    static func shown(_ text: String) -> String { ServerAddress(text).url }
}
