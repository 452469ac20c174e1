import AppServices

/// The mail harvest's counts on a shared directory (`PostgresMailHistorySchema`; on a team
/// directory the member's own). A batch is a few statements whatever its size: the keys of its
/// messages in one insert, which answers the new ones; their counts summed here, one upsert for
/// those written to and one for those received from. The counts are the person's (`accountID`:
/// in both books, the member's own), whichever book a contact is in; `knownAddresses` looks in
/// every book of the scope.
extension PostgresContactsStore: MailHistoryService {
    /// The directory keeps the counts: this store.
    public var mailHistory: (any MailHistoryService)? { self }

    public func myAddresses() throws(ServiceError) -> [String] {
        let rows = try pg.execute("SELECT address_key FROM mail_me WHERE account_id = $1 ORDER BY address_key", [accountID])
        return (0..<rows.count).map { rows.text($0, 0) }
    }

    public func mailboxMark(path: String) throws(ServiceError) -> MailboxMark? {
        let rows = try pg.execute("SELECT read_to, check_length, check_hash FROM mail_mboxes WHERE account_id = $1 AND path = $2", [accountID, path])
        guard rows.count == 1 else { return nil }
        return MailboxMark(path: path, offset: rows.int64(0, 0), checkLength: rows.int64(0, 1), check: rows.text(0, 2))
    }

    public func readMessageFiles(in folder: String, among names: [String]) throws(ServiceError) -> Set<String> {
        guard !names.isEmpty else { return [] }
        let rows = try pg.execute("SELECT name FROM mail_read_files WHERE account_id = $1 AND folder = $2 AND name = ANY($3::text[])",
                                  [accountID, folder, PostgresMigrations.arrayLiteral(names)])
        return Set((0..<rows.count).map { rows.text($0, 0) })
    }

    public func addHarvest(_ batch: MailHarvestBatch) throws(ServiceError) -> Int {
        try pg.transaction { () throws(ServiceError) -> Int in
            if !batch.myAddresses.isEmpty {
                try pg.execute("INSERT INTO mail_me (account_id, address_key) SELECT $1, unnest($2::text[]) ON CONFLICT DO NOTHING",
                               [accountID, PostgresMigrations.arrayLiteral(batch.myAddresses.map(MailCorrespondent.key))])
            }
            var counted = 0
            if !batch.messages.isEmpty {
                let rows = try pg.execute("""
                    INSERT INTO mail_messages (account_id, message_key) SELECT $1, unnest($2::text[])
                    ON CONFLICT DO NOTHING RETURNING message_key
                    """, [accountID, PostgresMigrations.arrayLiteral(batch.messages.map(\.key))])
                var new = Set((0..<rows.count).map { rows.text($0, 0) })
                var sums = [[String: MailCorrespondent](), [String: MailCorrespondent]()]
                for message in batch.messages where new.remove(message.key) != nil {
                    counted += 1
                    let side = message.fromMe ? 0 : 1
                    for person in message.people {
                        let key = MailCorrespondent.key(person.address)
                        var sum = sums[side][key] ?? MailCorrespondent(address: person.address, name: person.name, lastSent: message.date)
                        sum.sent += 1
                        if message.date >= sum.lastSent! {
                            sum.lastSent = message.date
                            sum.address = person.address
                            if !person.name.isEmpty { sum.name = person.name }
                        } else if sum.name.isEmpty {
                            sum.name = person.name
                        }
                        sums[side][key] = sum
                    }
                }
                for (side, column) in [(0, "sent"), (1, "received")] where !sums[side].isEmpty {
                    let entries = Array(sums[side])
                    try pg.execute("""
                        INSERT INTO mail_counts (account_id, address_key, address, name, \(column), last_\(column))
                        SELECT $1, k, a, n, c, d FROM unnest($2::text[], $3::text[], $4::text[], $5::integer[], $6::bigint[]) AS u(k, a, n, c, d)
                        ON CONFLICT (account_id, address_key) DO UPDATE SET \(column) = mail_counts.\(column) + excluded.\(column),
                            address = CASE WHEN coalesce(mail_counts.last_sent, mail_counts.last_received, 0) <= excluded.last_\(column)
                                THEN excluded.address ELSE mail_counts.address END,
                            name = CASE WHEN excluded.name <> '' AND (mail_counts.name = ''
                                OR coalesce(mail_counts.last_sent, mail_counts.last_received, 0) <= excluded.last_\(column))
                                THEN excluded.name ELSE mail_counts.name END,
                            last_\(column) = greatest(mail_counts.last_\(column), excluded.last_\(column))
                        """, [accountID, PostgresMigrations.arrayLiteral(entries.map(\.key)),
                              PostgresMigrations.arrayLiteral(entries.map(\.value.address)),
                              PostgresMigrations.arrayLiteral(entries.map(\.value.name)),
                              "{" + entries.map { String($0.value.sent) }.joined(separator: ",") + "}",
                              "{" + entries.map { String($0.value.lastSent ?? 0) }.joined(separator: ",") + "}"])
                }
            }
            if !batch.readFiles.isEmpty {
                try pg.execute("""
                    INSERT INTO mail_read_files (account_id, folder, name) SELECT $1, f, n FROM unnest($2::text[], $3::text[]) AS u(f, n)
                    ON CONFLICT DO NOTHING
                    """, [accountID, PostgresMigrations.arrayLiteral(batch.readFiles.map(\.folder)),
                          PostgresMigrations.arrayLiteral(batch.readFiles.map(\.name))])
            }
            if let mark = batch.mbox {
                try pg.execute("""
                    INSERT INTO mail_mboxes (account_id, path, read_to, check_length, check_hash) VALUES ($1, $2, $3, $4, $5)
                    ON CONFLICT (account_id, path) DO UPDATE SET read_to = excluded.read_to, check_length = excluded.check_length,
                        check_hash = excluded.check_hash
                    """, [accountID, mark.path, mark.offset, mark.checkLength, mark.check])
            }
            return counted
        }
    }

    public func mailCounts(of addresses: [String]) throws(ServiceError) -> [String: MailCorrespondent] {
        guard !addresses.isEmpty else { return [:] }
        let rows = try pg.execute("""
            SELECT address_key, address, name, sent, last_sent, received, last_received FROM mail_counts
            WHERE account_id = $1 AND address_key = ANY($2::text[])
            """, [accountID, PostgresMigrations.arrayLiteral(addresses.map(MailCorrespondent.key))])
        var found: [String: MailCorrespondent] = [:]
        for i in 0..<rows.count { found[rows.text(i, 0)] = Self.correspondent(rows, i, from: 1) }
        return found
    }

    public func writtenTo() throws(ServiceError) -> [MailCorrespondent] {
        let rows = try pg.execute("""
            SELECT address, name, sent, last_sent, received, last_received FROM mail_counts
            WHERE account_id = $1 AND sent > 0 ORDER BY sent DESC, last_sent DESC, address_key
            """, [accountID])
        return (0..<rows.count).map { Self.correspondent(rows, $0, from: 0) }
    }

    public func knownAddresses(among addresses: [String]) throws(ServiceError) -> Set<String> {
        guard !addresses.isEmpty else { return [] }
        let rows = try pg.execute("""
            SELECT DISTINCT lower(e COLLATE switchboard_fold) FROM contacts c, jsonb_array_elements_text(c.emails) e
            WHERE \(accounts("c.account_id", 1)) AND lower(e COLLATE switchboard_fold) = ANY($2::text[])
            """, [accountsValue, PostgresMigrations.arrayLiteral(addresses.map(MailCorrespondent.key))])
        return Set((0..<rows.count).map { rows.text($0, 0) })
    }

    public func forgetHarvest() throws(ServiceError) {
        try pg.transaction { () throws(ServiceError) in
            for table in PostgresMailHistorySchema.tables {
                try pg.execute("DELETE FROM \(table) WHERE account_id = $1", [accountID])
            }
        }
    }

    private static func correspondent(_ rows: PostgresRows, _ i: Int, from c: Int) -> MailCorrespondent {
        MailCorrespondent(address: rows.text(i, c), name: rows.text(i, c + 1), sent: rows.int(i, c + 2), lastSent: rows.optionalInt64(i, c + 3),
                          received: rows.int(i, c + 4), lastReceived: rows.optionalInt64(i, c + 5))
    }
}
