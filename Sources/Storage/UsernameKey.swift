/// The key both stores keep usernames unique by (`accounts.username_key`): lower case, so "Ada"
/// and "ada" are one name.
enum UsernameKey {
    /// `username`'s key.
    static func of(_ username: String) -> String { username.lowercased() }
}
