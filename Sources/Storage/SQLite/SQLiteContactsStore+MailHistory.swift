import AppServices

/// The mail harvest's counts in the data file (`SQLiteMailHistorySchema`).
extension SQLiteContactsStore: MailHistoryService {
    /// The file keeps the counts: this store.
    public var mailHistory: (any MailHistoryService)? { self }

    public func myAddresses() throws(ServiceError) -> [String] {
        let s = try db.prepare("SELECT address_key FROM mail_me WHERE account_id = ? ORDER BY address_key")
        s.bind(1, accountID)
        defer { s.reset() }
        var found: [String] = []
        while try s.step() { found.append(s.text(0)) }
        return found
    }

    public func mailboxMark(path: String) throws(ServiceError) -> MailboxMark? {
        let s = try db.prepare("SELECT read_to, check_length, check_hash FROM mail_mboxes WHERE account_id = ? AND path = ?")
        s.bind(1, accountID).bind(2, path)
        defer { s.reset() }
        guard try s.step() else { return nil }
        return MailboxMark(path: path, offset: s.int64(0), checkLength: s.int64(1), check: s.text(2))
    }

    public func readMessageFiles(in folder: String, among names: [String]) throws(ServiceError) -> Set<String> {
        guard !names.isEmpty else { return [] }
        let s = try db.prepare("""
            SELECT f.name FROM mail_read_files f WHERE f.account_id = ? AND f.folder = ? AND f.name IN (SELECT value FROM json_each(?))
            """)
        s.bind(1, accountID).bind(2, folder).bind(3, JSONText.array(of: names))
        defer { s.reset() }
        var found = Set<String>()
        while try s.step() { found.insert(s.text(0)) }
        return found
    }

    public func addHarvest(_ batch: MailHarvestBatch) throws(ServiceError) -> Int {
        try db.transaction { () throws(ServiceError) -> Int in
            let me = try db.prepare("INSERT OR IGNORE INTO mail_me (account_id, address_key) VALUES (?, ?)")
            for address in batch.myAddresses {
                try me.bind(1, accountID).bind(2, MailCorrespondent.key(address)).run()
            }
            let seen = try db.prepare("INSERT OR IGNORE INTO mail_messages (account_id, message_key) VALUES (?, ?)")
            let sent = try db.prepare("""
                INSERT INTO mail_counts (account_id, address_key, address, name, sent, last_sent) VALUES (?1, ?2, ?3, ?4, 1, ?5)
                ON CONFLICT (account_id, address_key) DO UPDATE SET sent = sent + 1,
                    address = CASE WHEN coalesce(last_sent, last_received, 0) <= ?5 THEN excluded.address ELSE address END,
                    name = CASE WHEN excluded.name <> '' AND (name = '' OR coalesce(last_sent, last_received, 0) <= ?5) THEN excluded.name ELSE name END,
                    last_sent = max(coalesce(last_sent, ?5), ?5)
                """)
            let received = try db.prepare("""
                INSERT INTO mail_counts (account_id, address_key, address, name, received, last_received) VALUES (?1, ?2, ?3, ?4, 1, ?5)
                ON CONFLICT (account_id, address_key) DO UPDATE SET received = received + 1,
                    address = CASE WHEN coalesce(last_sent, last_received, 0) <= ?5 THEN excluded.address ELSE address END,
                    name = CASE WHEN excluded.name <> '' AND (name = '' OR coalesce(last_sent, last_received, 0) <= ?5) THEN excluded.name ELSE name END,
                    last_received = max(coalesce(last_received, ?5), ?5)
                """)
            var counted = 0
            for message in batch.messages {
                try seen.bind(1, accountID).bind(2, message.key).run()
                guard db.changes > 0 else { continue }
                counted += 1
                let statement = message.fromMe ? sent : received
                for person in message.people {
                    try statement.bind(1, accountID).bind(2, MailCorrespondent.key(person.address)).bind(3, person.address)
                        .bind(4, person.name).bind(5, message.date).run()
                }
            }
            let file = try db.prepare("INSERT OR IGNORE INTO mail_read_files (account_id, folder, name) VALUES (?, ?, ?)")
            for read in batch.readFiles {
                try file.bind(1, accountID).bind(2, read.folder).bind(3, read.name).run()
            }
            if let mark = batch.mbox {
                try db.prepare("""
                    INSERT INTO mail_mboxes (account_id, path, read_to, check_length, check_hash) VALUES (?, ?, ?, ?, ?)
                    ON CONFLICT (account_id, path) DO UPDATE SET read_to = excluded.read_to, check_length = excluded.check_length,
                        check_hash = excluded.check_hash
                    """).bind(1, accountID).bind(2, mark.path).bind(3, mark.offset).bind(4, mark.checkLength).bind(5, mark.check).run()
            }
            return counted
        }
    }

    public func mailCounts(of addresses: [String]) throws(ServiceError) -> [String: MailCorrespondent] {
        guard !addresses.isEmpty else { return [:] }
        let s = try db.prepare("""
            SELECT address_key, address, name, sent, last_sent, received, last_received FROM mail_counts
            WHERE account_id = ? AND address_key IN (SELECT value FROM json_each(?))
            """)
        s.bind(1, accountID).bind(2, JSONText.array(of: addresses.map(MailCorrespondent.key)))
        defer { s.reset() }
        var found: [String: MailCorrespondent] = [:]
        while try s.step() { found[s.text(0)] = Self.correspondent(s, from: 1) }
        return found
    }

    public func writtenTo() throws(ServiceError) -> [MailCorrespondent] {
        let s = try db.prepare("""
            SELECT address, name, sent, last_sent, received, last_received FROM mail_counts
            WHERE account_id = ? AND sent > 0 ORDER BY sent DESC, last_sent DESC, address_key
            """)
        s.bind(1, accountID)
        defer { s.reset() }
        var found: [MailCorrespondent] = []
        while try s.step() { found.append(Self.correspondent(s, from: 0)) }
        return found
    }

    public func knownAddresses(among addresses: [String]) throws(ServiceError) -> Set<String> {
        guard !addresses.isEmpty else { return [] }
        let s = try db.prepare("""
            SELECT DISTINCT switchboard_address_key(e.value) FROM contacts c, json_each(c.emails) e
            WHERE c.account_id = ? AND switchboard_address_key(e.value) IN (SELECT value FROM json_each(?))
            """)
        s.bind(1, accountID).bind(2, JSONText.array(of: addresses.map(MailCorrespondent.key)))
        defer { s.reset() }
        var found = Set<String>()
        while try s.step() { found.insert(s.text(0)) }
        return found
    }

    public func forgetHarvest() throws(ServiceError) {
        try db.transaction { () throws(ServiceError) in
            for table in ["mail_counts", "mail_messages", "mail_read_files", "mail_mboxes", "mail_me"] {
                try db.prepare("DELETE FROM \(table) WHERE account_id = ?").bind(1, accountID).run()
            }
        }
    }

    private static func correspondent(_ s: SQLiteStatement, from c: Int32) -> MailCorrespondent {
        MailCorrespondent(address: s.text(c), name: s.text(c + 1), sent: s.int(c + 2), lastSent: s.isNull(c + 3) ? nil : s.int64(c + 3),
                          received: s.int(c + 4), lastReceived: s.isNull(c + 5) ? nil : s.int64(c + 5))
    }
}
