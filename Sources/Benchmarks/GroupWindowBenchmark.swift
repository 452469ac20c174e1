import AppServices
import Storage
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The group filter (`l` on Contacts) over a group of 50,000 of 100,000 contacts on an SQLite file:
/// a window of 200 rows and the group's count, at the top, in the middle and near the end, read
/// as the store reads it now (the membership index, migration 20) and, for comparison, with the
/// statement the store ran before it (a walk of the whole name order reading each contact's
/// extras, every member read to count them). `switchboard-bench groups`.
@MainActor
enum GroupWindowBenchmark {
    static func run(count: Int = 100_000) {
        let folder = "/tmp/switchboard-bench-groups-\(getpid())"
        mkdir(folder, 0o700)
        defer { _ = system("rm -rf '\(folder)'") }
        do {
            let path = folder + "/db.sqlite3"
            let (_, accountID) = try ContactsBenchmark.populate(count: count, path: path)
            let db = try SQLiteDatabase(path: path)
            // Every other contact in "Big" (as an import of Google's labels would have it), through the store's triggers.
            try db.execute("UPDATE contacts SET extras = 'CATEGORIES:Big,Family' WHERE id % 2 = 0")
            try db.execute("ANALYZE")
            let store = SQLiteContactsStore(database: db, accountID: accountID)
            let members = try store.page(inGroup: "Big", matching: "", offset: 0, limit: 1, countingUpTo: .max).count
            print("groups \(count): \(members) contacts in the group")
            for (label, offset) in [("top", 0), ("middle", members / 2), ("near the end", members - 200)] {
                var before = Measurement(name: "groups \(count): window of 200 at the \(label), before (name order walked, extras read)")
                before.measure(iterations: 10, warmup: 2) { _ = try? oldWindow(db, accountID: accountID, group: "Big", offset: offset, limit: 200) }
                before.report()
                var after = Measurement(name: "groups \(count): window of 200 at the \(label), after (membership index)")
                after.measure(iterations: 30, warmup: 3) {
                    _ = try? store.page(inGroup: "Big", matching: "", offset: offset, limit: 200, countingUpTo: .max)
                }
                after.report(target: 30)
            }
            for order in [ContactListOrder.firstName, .company] {
                var m = Measurement(name: "groups \(count): window of 200 at the top by \(order.name), after")
                m.measure(iterations: 30, warmup: 3) { _ = try? store.page(inGroup: "Big", matching: "", in: order, offset: 0, limit: 200, countingUpTo: .max) }
                m.report(target: 30)
            }
            var list = Measurement(name: "groups \(count): the list of groups (l)")
            list.measure(iterations: 10, warmup: 2) { _ = try? store.groups() }
            list.report()
        } catch {
            print("groups \(count): \(error)")
        }
    }

    /// The window as the store read it before migration 20 (11c12db): the name order walked, each
    /// contact's extras read for the group, every member read to count them.
    static func oldWindow(_ db: SQLiteDatabase, accountID: Int64, group: String, offset: Int, limit: Int) throws(ServiceError) -> Int {
        let s = try db.prepare("""
            SELECT c.id, c.first_name, c.last_name, c.is_friend, c.sort_key FROM contacts c INDEXED BY contacts_by_name
            WHERE c.account_id = ?1 AND instr(c.extras, ?3) > 0 AND instr(c.extras, 'CATEGORIES') > 0 AND switchboard_in_group(c.extras, ?2)
            ORDER BY c.sort_key, c.id LIMIT ?4
            """)
        s.bind(1, accountID).bind(2, group).bind(3, ContactCardText.escape(group)).bind(4, Int.max)
        defer { s.reset() }
        var rows: [ContactSummary] = [], counted = 0
        while try s.step() {
            if counted >= offset, rows.count < limit {
                rows.append(ContactSummary(id: s.int64(0), firstName: s.text(1), lastName: s.text(2), isFriend: s.bool(3), sortKey: s.text(4)))
            }
            counted += 1
        }
        return counted
    }
}
