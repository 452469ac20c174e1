/// What a user name and a password must be; the Create Account screen shows these rules.
public enum CredentialRules {
    public static let usernameRule = "User name: 3–32 letters, digits, dots, dashes or underscores."
    public static let passwordRule = "Password: at least 8 characters."

    /// A message for a bad user name, or nil when it is fine.
    public static func problem(withUsername name: String) -> String? {
        let count = name.count
        if count == 0 { return "Type a user name." }
        if count < 3 { return "At least 3 characters." }
        if count > 32 { return "At most 32 characters." }
        if name.contains(where: { !($0.isLetter || $0.isNumber || $0 == "." || $0 == "-" || $0 == "_") }) {
            return "Only letters, digits, . - and _."
        }
        return nil
    }

    /// A message for a bad password, or nil when it is fine.
    public static func problem(withPassword password: String) -> String? {
        if password.count < 8 { return "At least 8 characters." }
        if password.count > 128 { return "At most 128 characters." }
        if password.contains(where: { $0.isNewline || $0.asciiValue.map { $0 < 0x20 } == true }) { return "No control characters." }
        return nil
    }
}
