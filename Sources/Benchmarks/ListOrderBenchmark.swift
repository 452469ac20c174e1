import AppServices
import Storage
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The contacts list in each order (issue 39) on an SQLite file of 100,000 generated contacts:
/// the first page (what opening the list reads: the count and 200 rows from the top), a page in
/// the middle and one near the end, and a search's first page. `switchboard-bench list-orders`.
@MainActor
enum ListOrderBenchmark {
    static func run(count: Int = 100_000) {
        let folder = "/tmp/switchboard-bench-orders-\(getpid())"
        mkdir(folder, 0o700)
        defer { _ = system("rm -rf '\(folder)'") }
        do {
            let (seconds, accountID) = try ContactsBenchmark.populate(count: count, path: folder + "/db.sqlite3")
            print("list-orders \(count): populated in \(seconds) s")
            let store = SQLiteContactsStore(database: try SQLiteDatabase(path: folder + "/db.sqlite3"), accountID: accountID)
            for order in ContactListOrder.allCases {
                for (label, offset) in [("first page", 0), ("middle page", count / 2), ("page near the end", count - 200)] {
                    var m = Measurement(name: "list-orders \(count): by \(order.name), \(label) (count + 200 rows from \(offset))")
                    m.measure(iterations: 30, warmup: 3) {
                        _ = try? store.page(matching: "", in: order, offset: offset, limit: 200, countingUpTo: .max)
                    }
                    m.report(target: 30)
                }
                for query in ["ma", "son"] {
                    var m = Measurement(name: "list-orders \(count): by \(order.name), search \"\(query)\" first page (200 rows, counted to 1,200)")
                    m.measure(iterations: 20, warmup: 2) {
                        _ = try? store.page(matching: query, in: order, offset: 0, limit: 200, countingUpTo: 1_200)
                    }
                    m.report()
                }
            }
        } catch {
            print("list-orders \(count): \(error)")
        }
    }
}
