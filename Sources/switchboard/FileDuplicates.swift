import AppServices

/// The contacts one import has taken so far, to find a card that is one of them again: the
/// same UID, or else the rule the stores' imports match by (the same name, case and accents
/// aside, and the same first e-mail, or with none the same first phone's digits, or neither;
/// a card with a UID only ever matches a contact taken without one). Only hashes and ids are
/// kept (`PackedKeyMap`: 32 bytes a card, 3.2 MiB for 100,000), and nothing is read from the store to look.
struct FileDuplicates {
    /// A card's hashed UID and match rule key.
    struct Key {
        fileprivate var uid: Int?
        fileprivate var rule: Int
    }

    /// Makes cards' keys (the reading thread of an import does, see `ImportReading`).
    struct Keys {
        private var folds = SearchText.FoldCache()

        mutating func key(of record: ContactRecord) -> Key {
            var hasher = Hasher()
            hasher.combine(record.sortKey(cache: &folds))
            if let email = record.emails.first, !email.isEmpty {
                hasher.combine(1)
                // Case aside: an ASCII address (nearly all) lower-cased byte by byte, any other by the stdlib.
                let bytes: [UInt8] = email.utf8.allSatisfy { $0 < 0x80 }
                    ? email.utf8.map { (0x41...0x5A).contains($0) ? $0 | 0x20 : $0 }
                    : Array(email.lowercased().utf8)
                bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
            } else if let phone = record.phones.first.map({ SearchText.digits(of: $0.number) }), !phone.isEmpty {
                hasher.combine(2)
                hasher.combine(phone)
            } else {
                hasher.combine(3)
            }
            return Key(uid: record.uid.isEmpty ? nil : record.uid.hashValue, rule: hasher.finalize())
        }
    }

    /// The contact each UID's card became (the last one taken), by the UID's hash.
    private let byUID = PackedKeyMap()
    /// The first contact taken under each rule key, and whether its card had a UID (the id
    /// shifted left one, the lowest bit that), by the key. The two maps hold 16 bytes a card each.
    private let byRule = PackedKeyMap()

    /// The contact taken earlier from this file that the card with `key` is, if any.
    func earlier(_ key: Key) -> Int64? {
        if let uid = key.uid, let id = byUID.value(of: UInt64(bitPattern: Int64(uid))) { return id }
        guard let found = byRule.value(of: UInt64(bitPattern: Int64(key.rule))) else { return nil }
        return key.uid != nil && found & 1 == 1 ? nil : found >> 1
    }

    mutating func note(_ key: Key, id: Int64) {
        if let uid = key.uid { byUID.set(UInt64(bitPattern: Int64(uid)), id) }
        byRule.setIfAbsent(UInt64(bitPattern: Int64(key.rule)), id << 1 | (key.uid != nil ? 1 : 0))
    }
}
