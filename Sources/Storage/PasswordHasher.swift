import AppServices
import CCrypt

/// Salted slow password hashes from libxcrypt: yescrypt (`$y$`). Only the
/// hash is ever stored; a check runs the same work whether or not the
/// account exists, so timing tells nothing.
public struct PasswordHasher: Sendable {
    /// yescrypt's cost (1 is fastest, for tests; 0 lets libxcrypt choose its default).
    public let cost: Int

    public init(cost: Int = 0) { self.cost = cost }

    /// A new salted hash of the password.
    public func hash(_ password: String) throws(ServiceError) -> String {
        var salt = [CChar](repeating: 0, count: Int(sb_crypt_gensalt_output_size()))
        guard crypt_gensalt_rn("$y$", UInt(cost), nil, 0, &salt, Int32(salt.count)) != nil else {
            throw .sqlite(code: -1, message: "the system could not make a password salt")
        }
        return try run(password, setting: salt)
    }

    /// Whether the password matches the stored hash (compared in constant time).
    public func verify(_ password: String, against stored: String) -> Bool {
        guard let computed = try? run(password, setting: Array(stored.utf8CString)) else { return false }
        let a = Array(computed.utf8), b = Array(stored.utf8)
        guard a.count == b.count else { return false }
        var difference: UInt8 = 0
        for i in 0..<a.count { difference |= a[i] ^ b[i] }
        return difference == 0
    }

    /// Whether the password matches `stored`; with no stored hash (a name with no account) it
    /// hashes the password once anyway and says no, so the time taken does not tell whether a
    /// name exists.
    public func verify(_ password: String, againstStored stored: String?) -> Bool {
        guard let stored else {
            _ = try? hash(password)
            return false
        }
        return verify(password, against: stored)
    }

    private func run(_ password: String, setting: [CChar]) throws(ServiceError) -> String {
        var out = [CChar](repeating: 0, count: Int(sb_crypt_output_size()))
        let rc = password.withCString { phrase in sb_crypt(phrase, setting, &out, out.count) }
        guard rc == 0 else { throw .sqlite(code: -1, message: "the system could not hash the password") }
        return out.withUnsafeBufferPointer { String(cString: $0.baseAddress!) } // NUL-terminated by crypt
    }
}
