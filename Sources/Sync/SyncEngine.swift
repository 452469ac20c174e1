import AppServices
import CardDAV

/// One pass of two-way sync for one CardDAV account: first what changed on the server comes in
/// (sync-collection from the last token, else a comparison of etags; the cards read by
/// addressbook-multiget in batches, each batch one transaction), then the queued local changes go
/// out in order (`PUT` with `If-None-Match: *` for a new card, `If-Match` for a changed one,
/// `DELETE` with `If-Match`).
///
/// Nothing is half-done when it stops (a server gone mid-sync, a dropped connection): a batch is
/// written whole or not at all; the sync token is kept only once every change it covers is in;
/// an add's href is kept before its PUT, so a PUT that reached the server is recognised by the
/// next sync instead of sent twice; a change sent but not yet noted comes back as the server's
/// card equal to ours and is taken as sent. A card that cannot be read stays on the server
/// untouched and is listed (`sync_problems`); conflicts keep both sides (`ContactMerge`).
public final class SyncEngine {
    let store: any SyncStore
    let coding: any SyncCardCoding
    /// Cards read in one addressbook-multiget, and written in one transaction. 500: Radicale spends
    /// a third less of its time on 20 multigets of 500 than on 100 of 100 (BENCHMARKS.md), the cards
    /// of a batch are a few hundred kilobytes here, and a first sync of 2,000 still moves its
    /// progress bar four times.
    public var batchSize = 500
    /// Called after each batch of cards read (done, of how many), for a progress bar.
    public var progress: ((Int, Int) -> Void)?
    /// Makes the name of a new card (`NAME.vcf`); a random UUID unless a test sets it.
    public var newCardName: () -> String = SyncEngine.randomName
    /// Called when the pull is done, before anything is sent (where a test races the server).
    public var beforePush: (() -> Void)?
    /// Whether sync-collection is asked for when the server offers it; false: what changed is
    /// always found by the address book's getctag, then every card's etag (PROPFIND), as with a
    /// server that has no sync-collection (for a server whose sync-collection misbehaves, and to
    /// test that way against servers that have one).
    public var usesSyncCollection = true
    /// Whether an address book synced by sync-collection is first asked for its getctag alone, and
    /// left alone when it has not moved: a sync with nothing new is then that one request, which
    /// servers answer faster than a sync-collection (at 10,000 cards: Xandikos at once instead of
    /// 70-90 ms, Radicale in 420 ms of its CPU instead of 620); when something changed it is one
    /// request more. false: straight to sync-collection, as before (`SyncCtagFirstTests` tries both).
    public var checksCtagFirst = true
    /// Called after each local change sent (how many so far).
    public var afterSend: ((Int) -> Void)?
    /// Whether a pull may delete most of an address book's contacts here (`SyncError.wipeRefused`,
    /// as vdirsyncer refuses a one-sided wipe): false stops such a pass before it deletes anything.
    public var allowsWipe = false
    /// What the last `sync` did before it stopped or ended: a pass that failed half-way has kept
    /// what it applied (each batch whole), and this says how much that was.
    public private(set) var lastSummary = SyncSummary()

    /// Whether deleting `deleting` of the `of` contacts synced from one address book is a wipe:
    /// all of them, or over half of more than ten.
    public static func isWipe(deleting: Int, of: Int) -> Bool {
        deleting > 0 && (deleting >= of || (of > 10 && deleting * 2 > of))
    }

    public init(store: any SyncStore, coding: any SyncCardCoding) {
        self.store = store
        self.coding = coding
    }

    /// Syncs `account` with the server `client` talks to (signed in as the account's user).
    public func sync(_ account: SyncAccountRow, client: CardDAVClient) throws(SyncError) -> SyncSummary {
        client.multigetBatchSize = batchSize
        var pass = Pass(engine: self, account: account, client: client)
        lastSummary = SyncSummary()
        defer { lastSummary = pass.summary }
        do {
            let books = try wrap { () throws(ServiceError) in try store.books(of: account.id) }
            for book in books { try pass.pull(book) }
            beforePush?()
            try pass.push(books)
            try? store.noteSync(account: account.id, error: nil)
        } catch {
            try? store.noteSync(account: account.id, error: error.failure)
            throw error
        }
        return pass.summary
    }

    static func randomName() -> String {
        var generator = SystemRandomNumberGenerator()
        let hex = Array("0123456789abcdef")
        var text = ""
        for i in 0..<32 {
            if [8, 12, 16, 20].contains(i) { text += "-" }
            text.append(hex[Int(generator.next() % 16)])
        }
        return text
    }
}

/// A storage call inside the engine: its error as `SyncError`.
func wrap<T>(_ body: () throws(ServiceError) -> T) throws(SyncError) -> T {
    do { return try body() } catch { throw .storage(error) }
}

/// A server call inside the engine: its error as `SyncError`.
func remote<T>(_ body: () throws(CardDAVError) -> T) throws(SyncError) -> T {
    do { return try body() } catch { throw .server(error) }
}
