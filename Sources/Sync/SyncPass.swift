import AppServices
import CardDAV

/// The work of one `SyncEngine.sync`: pull each address book, then push the queue.
struct Pass {
    let engine: SyncEngine
    let account: SyncAccountRow
    let client: CardDAVClient
    let contacts: any ContactsService
    var summary = SyncSummary()
    var store: any SyncStore { engine.store }

    init(engine: SyncEngine, account: SyncAccountRow, client: CardDAVClient) {
        self.engine = engine
        self.account = account
        self.client = client
        contacts = engine.store.contacts(of: account.accountID)
    }

    // MARK: Pull

    /// What a listing of an address book's changes ended with (the members themselves are in
    /// the store's listing table, noted as they were read).
    struct Listing {
        var syncToken: String?
        var ctag: String?
        /// Whether it lists every card there is (a first sync, an expired token, a server without
        /// sync-collection): a card kept here but not listed was deleted.
        var whole: Bool
    }

    mutating func pull(_ book: SyncBookRow) throws(SyncError) {
        guard let listing = try list(book) else { return }
        // Deletions first: a card the server moved (deleted at one href, its UID new at another)
        // then comes in as new instead of clashing with its old self.
        let deleted = try wrap { () throws(ServiceError) in try store.listedDeletions(book: book.id, whole: listing.whole) }
        if !deleted.isEmpty, !engine.allowsWipe {
            // An address book emptied on the server, or deleted and made again: its contacts here are
            // not deleted unasked (the token is not kept, so the next sync asks again).
            let synced = try wrap { () throws(ServiceError) in try store.etags(book: book.id).count }
            if SyncEngine.isWipe(deleting: deleted.count, of: synced) {
                // A contact edited here is not deleted (it stays, as a conflict): only the others count.
                let deleting = try wrap { () throws(ServiceError) in
                    var count = 0
                    for href in deleted {
                        guard let binding = try store.binding(book: book.id, href: href) else { continue }
                        if try store.queued(contact: binding.contactID)?.kind != .edit { count += 1 }
                    }
                    return count
                }
                if SyncEngine.isWipe(deleting: deleting, of: synced) {
                    throw .wipeRefused(book: book.displayName.isEmpty ? book.url : book.displayName, deleting: deleting, of: synced)
                }
            }
        }
        if !deleted.isEmpty {
            try wrap { () throws(ServiceError) in
                try store.applying { () throws(ServiceError) in
                    for href in deleted { try applyDelete(href, in: book) }
                }
            }
        }
        // The cards new or changed, read in batches straight from the listing (it is never in memory
        // whole). While a batch is written, the next is read from the server on a thread of its own.
        let total = try wrap { () throws(ServiceError) in try store.listedToReadCount(book: book.id) }
        var after = Int64.min, done = 0
        var reading = try readNext(book, after: &after)
        while let (count, cards) = reading {
            let arrived: [CardResource]
            switch cards.value() {
            case .success(let read): arrived = read
            case .failure(let error): throw .server(error)
            }
            reading = try readNext(book, after: &after)
            try wrap { () throws(ServiceError) in
                try store.applying { () throws(ServiceError) in
                    for card in arrived { try apply(card, in: book) }
                }
            }
            done += count
            engine.progress?(done, total)
        }
        try wrap { () throws(ServiceError) in try store.saveState(book: book.id, syncToken: listing.syncToken, ctag: listing.ctag ?? book.ctag) }
    }

    /// The listing's next batch after `after` (which moves past it), being read from the server
    /// on a thread of its own; nil when the listing is done.
    func readNext(_ book: SyncBookRow, after: inout Int64) throws(SyncError) -> (count: Int, cards: OffThread<Result<[CardResource], CardDAVError>>)? {
        let from = after
        let batch = try wrap { () throws(ServiceError) in try store.listedToRead(book: book.id, after: from, limit: max(1, engine.batchSize)) }
        guard let last = batch.last else { return nil }
        after = last.number
        let client = client, url = book.url, hrefs = batch.map(\.href)
        return (batch.count, OffThread { Result { () throws(CardDAVError) in try client.multiget(url, hrefs: hrefs) } })
    }

    /// Lists the changes since the last sync into the store's listing: sync-collection from its
    /// token; else (first sync, token expired) everything listed, to compare with what is kept; a
    /// server without sync-collection by its ctag, then its etags. nil when nothing changed (the
    /// ctag is the same; asked first, alone, where sync-collection is used: `checksCtagFirst`).
    func list(_ book: SyncBookRow) throws(SyncError) -> Listing? {
        if !engine.usesSyncCollection {
            let now = try remote { () throws(CardDAVError) in try client.addressBook(at: book.url) }
            if let ctag = book.ctag, !ctag.isEmpty, now?.ctag == ctag { return nil }
            try listEtags(book)
            return Listing(syncToken: nil, ctag: now?.ctag ?? "", whole: true)
        }
        // Where a token is kept, the ctag is read before the changes: one that has not moved since
        // the last sync says nothing changed, in one cheap request; a change made after it was read
        // shows at the next sync, as the ctag kept is older than the token. "" kept: the server has
        // none. (Not on a first sync: the first read of it costs Radicale as much as a nothing-new
        // sync; the second sync reads it, the ones after are that one request.)
        var ctagNow: String?
        if engine.checksCtagFirst, book.syncToken != nil, book.ctag != "" {
            ctagNow = try remote { () throws(CardDAVError) in try client.ctag(of: book.url) } ?? ""
            if let kept = book.ctag, ctagNow == kept { return nil }
        }
        if let token = book.syncToken {
            do {
                var changes = try incremental(book, from: token)
                changes.ctag = ctagNow
                return changes
            } catch .server(.syncTokenExpired) {
                // every card's etag is compared instead, below
            }
        }
        if book.syncToken == nil, let ctag = book.ctag {
            // A server without sync-collection: its ctag says whether anything changed.
            var now = ctagNow
            if now == nil { now = try currentCtag(book) }
            if now == ctag { return nil }
            try listEtags(book)
            return Listing(syncToken: nil, ctag: now, whole: true)
        }
        do {
            var all = try incremental(book, from: nil)
            all.whole = true
            all.ctag = ctagNow
            return all
        } catch .server(let error) {
            switch error {
            case .unexpectedStatus, .forbidden, .malformedAnswer:
                // No sync-collection here: the ctag and the etags.
                var now = ctagNow
                if now == nil { now = try currentCtag(book) }
                try listEtags(book)
                return Listing(syncToken: nil, ctag: now ?? "", whole: true)
            default: throw .server(error)
            }
        }
    }

    /// The address book's getctag as it lists itself (nil: it has none).
    func currentCtag(_ book: SyncBookRow) throws(SyncError) -> String? {
        try remote { () throws(CardDAVError) in try client.addressBook(at: book.url) }?.ctag
    }

    /// sync-collection from `token` into the listing, asked again while the server says its answer was cut short.
    func incremental(_ book: SyncBookRow, from token: String?) throws(SyncError) -> Listing {
        try listing(book) { (note: (String, String?, Bool) -> Void) throws(SyncError) -> Listing in
            var result = Listing(syncToken: token, whole: false)
            var token = token
            while true {
                let part = try remote { () throws(CardDAVError) in
                    try client.syncCollection(book.url, token: token) { note($0.href, $0.etag, $0.isDeleted) }
                }
                result.syncToken = part.syncToken
                guard part.truncated, part.syncToken != token else { return result }
                token = part.syncToken
            }
        }
    }

    /// Every card the server lists with its etag (PROPFIND Depth 1) into the listing.
    func listEtags(_ book: SyncBookRow) throws(SyncError) {
        try listing(book) { (note: (String, String?, Bool) -> Void) throws(SyncError) in
            try remote { () throws(CardDAVError) in try client.etags(in: book.url) { note($0, $1.isEmpty ? nil : $1, false) } }
        }
    }

    /// Runs `body` with a fresh listing; `body` notes each member (href, etag, gone) as it is read.
    /// A storage failure while noting stops the sync once the answer is read.
    func listing<T>(_ book: SyncBookRow, _ body: (_ note: (String, String?, Bool) -> Void) throws(SyncError) -> T) throws(SyncError) -> T {
        try wrap { () throws(ServiceError) in try store.beginListing() }
        defer { store.endListing() }
        let bookPath = Self.path(of: book.url)
        var failure: ServiceError?
        let result = try body { href, etag, gone in
            let path = Self.path(of: href)
            guard failure == nil, path != bookPath else { return }
            do throws(ServiceError) { try store.list(href: path, etag: etag, gone: gone) } catch { failure = error }
        }
        if let failure { throw .storage(failure) }
        return result
    }

    /// The path of an href or URL (`https://host/a/b.vcf` → `/a/b.vcf`): how hrefs are kept.
    static func path(of href: String) -> String {
        let bytes = Array(href.utf8)
        guard bytes.first != UInt8(ascii: "/"),
              let colon = bytes.firstIndex(of: UInt8(ascii: ":")), bytes.count > colon + 2,
              bytes[colon + 1] == UInt8(ascii: "/"), bytes[colon + 2] == UInt8(ascii: "/") else { return href }
        guard let slash = bytes[(colon + 3)...].firstIndex(of: UInt8(ascii: "/")) else { return "/" }
        return String(decoding: bytes[slash...], as: UTF8.self)
    }

    /// One card from the server, in a transaction of the engine's (`applying`).
    mutating func apply(_ resource: CardResource, in book: SyncBookRow) throws(ServiceError) {
        let href = Self.path(of: resource.href)
        if let size = resource.tooLargeBytes {
            // Past the card-size limit: not read, left on the server as it is, and listed.
            let limit = CardDAVLimits.sizeText(client.transport.options.limits.maximumCardBytes)
            let reason = "the card is \(CardDAVLimits.sizeText(size)), over the \(limit) allowed (--max-card-size)"
            try store.recordProblem(book: book.id, href: href, kind: .unreadable, etag: resource.etag, contact: nil, reason: reason)
            summary.unreadable += 1
            summary.notes.append("\(href): \(reason) (left on the server as it is)")
            return
        }
        var server: ContactRecord
        switch engine.coding.read(resource.vCard) {
        case .contact(let read): server = read
        case .unreadable(let reason):
            try store.recordProblem(book: book.id, href: href, kind: .unreadable, etag: resource.etag, contact: nil, reason: reason)
            summary.unreadable += 1
            summary.notes.append("\(href): \(reason) (left on the server as it is)")
            return
        case .skipped(let reason):
            // Noted at its etag, so it is not read again until it changes; not a fault to report.
            try store.recordProblem(book: book.id, href: href, kind: .unreadable, etag: resource.etag, contact: nil, reason: reason)
            return
        }
        let text = resource.vCard
        let binding = try store.binding(book: book.id, href: href)
        // Another contact here has the card's UID (two cards with one UID on the server): it is
        // left there untouched and listed, never written over the other contact.
        if let other = try store.contact(account: account.accountID, uid: server.uid, except: binding?.contactID),
           try store.binding(contact: other) != nil || binding != nil {
            let reason = "another card here has its UID (\(server.uid))"
            try store.recordProblem(book: book.id, href: href, kind: .unreadable, etag: resource.etag, contact: nil, reason: reason)
            summary.unreadable += 1
            summary.notes.append("\(href): \(reason) (left on the server as it is)")
            return
        }
        try store.clearProblem(book: book.id, href: href)
        if let binding, let local = try contacts.contact(id: binding.contactID) {
            if let queued = try store.queued(contact: local.id!), queued.kind == .edit {
                // Changed on both sides: three ways, over the card as last synced.
                let base: ContactRecord
                if case .contact(let read) = engine.coding.read(binding.card) { base = read } else { base = server }
                let result = ContactMerge.merge(base: base, local: local, server: server)
                var merged = result.merged
                merged.revision = 0
                _ = try contacts.update(merged)
                try store.bind(contact: local.id!, book: book.id, href: href, etag: resource.etag, card: text)
                if !result.conflicting.isEmpty {
                    try store.recordConflict(book: book.id, contact: local.id, href: href, kind: .fields, fields: result.conflicting, local: local)
                    summary.conflicts += 1
                }
                if ContactMerge.differences(merged, server).isEmpty { try store.dequeue(queued.id) }
            } else {
                server.id = local.id
                server.revision = 0
                _ = try contacts.update(server)
                try store.bind(contact: local.id!, book: book.id, href: href, etag: resource.etag, card: text)
            }
            summary.changed += 1
        } else if let queued = try store.queued(book: book.id, href: href), queued.kind == .add, let id = queued.contactID,
                  let local = try contacts.contact(id: id) {
            // Our own add, which reached the server before the last sync stopped.
            try store.bind(contact: id, book: book.id, href: href, etag: resource.etag, card: text)
            try store.setKeptCard(contact: id, card: server.card)
            if ContactMerge.differences(local, server).isEmpty { try store.dequeue(queued.id) } else { try store.setKind(.edit, of: queued.id) }
        } else if let queued = try store.queued(book: book.id, href: href), queued.kind == .delete {
            // Deleted here, changed there meanwhile: the server's version comes back.
            server.id = nil
            let id = try contacts.add(server)
            try store.bind(contact: id, book: book.id, href: href, etag: resource.etag, card: text)
            try store.dequeue(queued.id)
            // Kept with the conflict: the version that came back, so the conflict can say whose it is.
            var back = server
            back.id = id
            try store.recordConflict(book: book.id, contact: id, href: href, kind: .deletedHere, fields: [], local: back)
            summary.conflicts += 1
        } else if let id = try store.unboundContact(account: account.accountID, uid: server.uid), let local = try contacts.contact(id: id) {
            // A contact here with the card's UID (imported before sync was set up): they become one.
            if let queued = try store.queued(contact: id) { try store.dequeue(queued.id) }
            let differing = ContactMerge.differences(local, server)
            server.id = id
            server.revision = 0
            _ = try contacts.update(server)
            try store.bind(contact: id, book: book.id, href: href, etag: resource.etag, card: text)
            if !differing.isEmpty {
                try store.recordConflict(book: book.id, contact: id, href: href, kind: .fields, fields: differing, local: local)
                summary.conflicts += 1
            }
            summary.changed += 1
        } else {
            server.id = nil
            let id = try contacts.add(server)
            try store.bind(contact: id, book: book.id, href: href, etag: resource.etag, card: text)
            summary.new += 1
        }
    }

    /// A card deleted on the server, in a transaction of the engine's.
    mutating func applyDelete(_ href: String, in book: SyncBookRow) throws(ServiceError) {
        try store.clearProblem(book: book.id, href: href)
        if let binding = try store.binding(book: book.id, href: href) {
            if let queued = try store.queued(contact: binding.contactID), queued.kind == .edit,
               let local = try contacts.contact(id: binding.contactID) {
                // Edited here, deleted there: the contact stays here (no longer on the server), as a conflict.
                try store.unbind(contact: binding.contactID)
                try store.dequeue(queued.id)
                try store.recordConflict(book: book.id, contact: binding.contactID, href: href, kind: .deletedOnServer, fields: [], local: local)
                summary.conflicts += 1
            } else {
                _ = try contacts.delete(id: binding.contactID)
                summary.deleted += 1
            }
        } else if let queued = try store.queued(book: book.id, href: href), queued.kind == .delete {
            try store.dequeue(queued.id) // deleted on both sides
        }
    }

    // MARK: Push

    mutating func push(_ books: [SyncBookRow]) throws(SyncError) {
        let byID = Dictionary(uniqueKeysWithValues: books.map { ($0.id, $0) })
        let queue = try wrap { () throws(ServiceError) in try store.queue() }.filter { byID[$0.bookID] != nil }
        for first in queue {
            // Re-read: an earlier step (a 412's merge) may have changed or dropped it.
            guard let item = try wrap({ () throws(ServiceError) in try store.item(first.id) }), let book = byID[item.bookID] else { continue }
            switch item.kind {
            case .add: try sendAdd(item, book)
            case .edit: try sendEdit(item, book, retry: true)
            case .delete: try sendDelete(item, book)
            }
        }
    }

    /// Whether the server's refusal is about this one card (so the sync goes on without it).
    static func refusesTheCard(_ error: CardDAVError) -> Bool {
        switch error {
        case .forbidden: return true
        case .unexpectedStatus(_, let status, _): return (400..<500).contains(status) && ![401, 404, 408, 412].contains(status)
        default: return false
        }
    }

    mutating func refused(_ error: CardDAVError, href: String, contact: Int64?, book: SyncBookRow) throws(SyncError) {
        try wrap { () throws(ServiceError) in
            try store.recordProblem(book: book.id, href: href, kind: .refused, etag: nil, contact: contact, reason: error.description)
        }
        summary.refused += 1
        summary.notes.append("\(href): \(error.description) (kept here and in the queue)")
    }

    func url(of href: String, in book: SyncBookRow) -> String {
        client.resolve(href, against: book.url) ?? href
    }

    /// The text the store keeps of a card sent.
    func keptText(of card: String) -> String? {
        if case .contact(let record) = engine.coding.read(card) { return record.card }
        return nil
    }

    mutating func sendAdd(_ item: SyncQueueItem, _ book: SyncBookRow) throws(SyncError) {
        guard let id = item.contactID, var contact = try wrap({ () throws(ServiceError) in try contacts.contact(id: id) }) else {
            try wrap { () throws(ServiceError) in try store.dequeue(item.id) }
            return
        }
        if try wrap({ () throws(ServiceError) in try store.binding(contact: id) }) != nil {
            try wrap { () throws(ServiceError) in try store.setKind(.edit, of: item.id) }
            return try sendEdit(SyncQueueItem(id: item.id, bookID: item.bookID, contactID: id, kind: .edit), book, retry: true)
        }
        if contact.uid.isEmpty {
            contact.uid = "urn:uuid:" + SyncEngine.randomName()
            contact.revision = 0
            let withUID = contact
            _ = try wrap { () throws(ServiceError) in try store.applying { () throws(ServiceError) in try contacts.update(withUID) } }
        }
        let href: String
        if let planned = item.href {
            href = planned
        } else {
            let base = Self.path(of: book.url)
            href = (base.hasSuffix("/") ? base : base + "/") + engine.newCardName() + ".vcf"
            try wrap { () throws(ServiceError) in try store.setHref(href, of: item.id) } // before the PUT: found again if it is cut off
        }
        let card = engine.coding.write(contact, over: nil)
        switch attempt({ () throws(CardDAVError) in try client.put(card, at: url(of: href, in: book), replacing: nil) }) {
        case .success(let etag):
            let kept = keptText(of: card)
            try wrap { () throws(ServiceError) in
                try store.applying { () throws(ServiceError) in
                    try store.bind(contact: id, book: book.id, href: href, etag: etag, card: card)
                    if let kept { try store.setKeptCard(contact: id, card: kept) }
                    try store.dequeue(item.id)
                    try store.clearProblem(book: book.id, href: href)
                }
            }
            summary.sent += 1
            engine.afterSend?(summary.sent)
        case .failure(.changedOnServer):
            // Something is there already: our own PUT that was cut off, most likely. Read it and go on from there.
            try takeTheirs(href, book)
            if let again = try wrap({ () throws(ServiceError) in try store.item(item.id) }), again.kind == .edit {
                try sendEdit(again, book, retry: false)
            }
        case .failure(let error):
            guard Self.refusesTheCard(error) else { throw .server(error) }
            try refused(error, href: href, contact: id, book: book)
        }
    }

    mutating func sendEdit(_ item: SyncQueueItem, _ book: SyncBookRow, retry: Bool) throws(SyncError) {
        guard let id = item.contactID, let contact = try wrap({ () throws(ServiceError) in try contacts.contact(id: id) }) else {
            try wrap { () throws(ServiceError) in try store.dequeue(item.id) }
            return
        }
        guard let binding = try wrap({ () throws(ServiceError) in try store.binding(contact: id) }) else {
            try wrap { () throws(ServiceError) in try store.setKind(.add, of: item.id) }
            return try sendAdd(SyncQueueItem(id: item.id, bookID: item.bookID, contactID: id, kind: .add), book)
        }
        let card = engine.coding.write(contact, over: binding.card)
        switch attempt({ () throws(CardDAVError) in try client.put(card, at: url(of: binding.href, in: book), replacing: binding.etag) }) {
        case .success(let etag):
            let kept = keptText(of: card)
            try wrap { () throws(ServiceError) in
                try store.applying { () throws(ServiceError) in
                    try store.bind(contact: id, book: binding.bookID, href: binding.href, etag: etag, card: card)
                    if let kept { try store.setKeptCard(contact: id, card: kept) }
                    try store.dequeue(item.id)
                    try store.clearProblem(book: book.id, href: binding.href)
                }
            }
            summary.sent += 1
            engine.afterSend?(summary.sent)
        case .failure(.changedOnServer):
            // Changed on the server since it was read: theirs is read and merged, then ours goes again (once).
            try takeTheirs(binding.href, book)
            if retry, let again = try wrap({ () throws(ServiceError) in try store.item(item.id) }), again.kind == .edit {
                try sendEdit(again, book, retry: false)
            }
        case .failure(.notFound):
            // Deleted on the server meanwhile.
            try wrap { () throws(ServiceError) in try store.applying { () throws(ServiceError) in try applyDelete(binding.href, in: book) } }
        case .failure(let error):
            guard Self.refusesTheCard(error) else { throw .server(error) }
            try refused(error, href: binding.href, contact: id, book: book)
        }
    }

    mutating func sendDelete(_ item: SyncQueueItem, _ book: SyncBookRow) throws(SyncError) {
        guard let href = item.href else {
            try wrap { () throws(ServiceError) in try store.dequeue(item.id) }
            return
        }
        switch attempt({ () throws(CardDAVError) in try client.delete(at: url(of: href, in: book), etag: item.etag) }) {
        case .success:
            try wrap { () throws(ServiceError) in try store.dequeue(item.id) }
            summary.sent += 1
            engine.afterSend?(summary.sent)
        case .failure(.notFound):
            try wrap { () throws(ServiceError) in try store.dequeue(item.id) } // gone already
        case .failure(.changedOnServer):
            // Changed there since: the server's version comes back here (see `apply`).
            try takeTheirs(href, book)
        case .failure(let error):
            guard Self.refusesTheCard(error) else { throw .server(error) }
            try refused(error, href: href, contact: nil, book: book)
        }
    }

    /// A server call's outcome, to switch on.
    func attempt<T>(_ body: () throws(CardDAVError) -> T) -> Result<T, CardDAVError> {
        do { return .success(try body()) } catch { return .failure(error) }
    }

    /// Reads the card at `href` and takes it in as a pull would; gone (the server says 404 or
    /// 410 for it), it is a delete. An answer that says nothing of it deletes nothing: the sync
    /// stops with the answer's fault, and the change waits in the queue.
    mutating func takeTheirs(_ href: String, _ book: SyncBookRow) throws(SyncError) {
        let (cards, gone) = try remote { () throws(CardDAVError) in try client.multigetAnswer(book.url, hrefs: [href]) }
        let card = cards.first { Self.path(of: $0.href) == href }
        guard card != nil || gone.contains(where: { Self.path(of: $0) == href }) else {
            throw .server(.malformedAnswer(url: book.url, detail: "the addressbook-multiget answer says nothing of \(href)"))
        }
        try wrap { () throws(ServiceError) in
            try store.applying { () throws(ServiceError) in
                if let card { try apply(card, in: book) } else { try applyDelete(href, in: book) }
            }
        }
    }
}
