#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import AppServices

extension SQLiteAccountStore {
    /// Replaces the password, after checking the current one.
    public func changePassword(accountID: Int64, current: String, new: String, now: Int64 = Int64(time(nil))) throws(AccountChangeFailure) {
        try checkPassword(accountID: accountID, current)
        do {
            let hash = try hasher.hash(new)
            try database.transaction { () throws(ServiceError) in
                let s = try database.prepare("UPDATE accounts SET password_hash = ? WHERE id = ?")
                s.bind(1, hash).bind(2, accountID)
                try s.run()
                try SQLiteActivityLog(db: database).record(.passwordChanged, accountID: accountID, subject: try account(id: accountID)?.username ?? "", at: now)
            }
        } catch {
            throw .service(error)
        }
    }

    /// Deletes the account and everything of it — contacts, their search
    /// entries, settings, the saved session — in one transaction, after
    /// checking the password.
    public func deleteAccount(accountID: Int64, password: String) throws(AccountChangeFailure) {
        try checkPassword(accountID: accountID, password)
        do {
            try database.transaction { () throws(ServiceError) in
                // The search index is not a foreign key: its entries are the account's rank interval.
                let range = try database.prepare("SELECT min(sort_rank), max(sort_rank) FROM contacts WHERE account_id = ?")
                range.bind(1, accountID)
                if try range.step(), !range.isNull(0) {
                    let low = range.int64(0), high = range.int64(1)
                    range.reset()
                    let d = try database.prepare("DELETE FROM contact_search WHERE rowid BETWEEN ? AND ?")
                    d.bind(1, low).bind(2, high)
                    try d.run()
                } else {
                    range.reset()
                }
                let s = try database.prepare("DELETE FROM accounts WHERE id = ?") // contacts, counts, settings, session cascade
                s.bind(1, accountID)
                try s.run()
            }
        } catch {
            throw .service(error)
        }
    }

    private func checkPassword(accountID: Int64, _ password: String) throws(AccountChangeFailure) {
        let stored: (account: Account, hash: String)?
        do {
            stored = try self.account(id: accountID).flatMap { found throws(ServiceError) in try self.credentials(named: found.username) }
        } catch {
            throw .service(error)
        }
        guard let stored else { throw .noSuchAccount }
        guard hasher.verify(password, against: stored.hash) else { throw .wrongPassword }
    }
}
