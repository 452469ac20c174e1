import AppServices
import CardDAV
import Foundation
import Storage
import Sync
import TestSupport
import Testing
import CardMapping

/// A seeded fuzz of the server's answers, fed to the sync engine as bytes (`FuzzServer`, no
/// network): each round starts from a data file synced with six cards (an edit and an add
/// queued), the server changes, adds and deletes some cards, and the answers of one or every kind
/// of request are broken (bytes flipped, cut, random, truncated, namespaces changed, huge values,
/// the cards' text mangled, HTTP statuses changed). Whatever comes, the engine does not crash, and
/// a contact here is deleted only where the server's bytes said that card is gone.
///
/// `swift test --filter SyncFuzzTests` runs 200 rounds; a long run:
/// `SWITCHBOARD_SYNC_FUZZ_ROUNDS=20000 SWITCHBOARD_SYNC_FUZZ_SEED=7 swift test --filter SyncFuzzTests`;
/// one round of it again, with what the server said: `SWITCHBOARD_SYNC_FUZZ_ROUND=N` beside those.
@Suite(.serialized)
struct SyncFuzzTests {
    static let environment = ProcessInfo.processInfo.environment
    static let rounds = environment["SWITCHBOARD_SYNC_FUZZ_ROUNDS"].flatMap { Int($0) } ?? 200
    static let seed = environment["SWITCHBOARD_SYNC_FUZZ_SEED"].flatMap { UInt64($0) } ?? 38
    /// Only this round (its seed's sequence drawn as in the whole run), with the answers it served printed.
    static let onlyRound = environment["SWITCHBOARD_SYNC_FUZZ_ROUND"].flatMap { Int($0) }

    static func card(_ name: String, note: String = "") -> FuzzServer.Card {
        let uid = String(name.prefix { $0 != "." })
        var vCard = SyncFixture.card(uid: uid, first: uid.capitalized, last: "Fuzz", note: note)
        if uid == "c2" { vCard = vCard.replacingOccurrences(of: "VERSION:3.0", with: "VERSION:4.0") }
        return FuzzServer.Card(name: name, etag: "\"\(uid)-\(note.count)\"", vCard: vCard)
    }

    static let startCards = (1...6).map { card("c\($0).vcf", note: "as first synced") }

    /// A data file synced with `startCards` (by sync-collection, or by ctag and etags), an edit of
    /// c1's contact and a new local contact queued; copied for each round.
    final class Start {
        let folder = TempFolder("sync-fuzz")
        /// The contact of each card, by card name; and the local contact waiting to be added.
        private(set) var contactOf: [String: Int64] = [:]
        private(set) var localAdd: Int64 = 0
        let bySyncCollection: Bool
        var path: String { folder.file("start.sqlite3") }

        init(bySyncCollection: Bool) throws {
            self.bySyncCollection = bySyncCollection
            let db = try SQLiteDatabase(path: path)
            let accounts = SQLiteAccountStore(database: db, hasher: PasswordHasher(cost: 1))
            let accountID = try accounts.createAccount(username: "ada", password: "analytical", now: 1).id
            try accounts.signIn(accountID: accountID, now: 2)
            let store = SQLiteSyncStore(database: db)
            _ = try store.addAccount(accountID: accountID, url: FuzzServer.base + "/", homeURL: FuzzServer.base + "/alice/", username: "alice",
                                     passwordCommand: nil, caFile: nil, books: [(url: FuzzServer.base + FuzzServer.book, displayName: "Fuzz")])
            let server = FuzzServer(cards: startCards)
            server.offersSyncCollection = bySyncCollection
            let engine = SyncEngine(store: store, coding: ContactSyncCoding())
            let account = try #require(try store.accounts().first)
            let summary = try engine.sync(account, client: SyncFuzzTests.client(server))
            #expect(summary.new == 6, "\(summary)")
            let book = try #require(try store.books(of: account.id).first)
            #expect((book.syncToken != nil) == bySyncCollection)
            let contacts = SQLiteContactsStore(database: db, accountID: accountID)
            for card in startCards {
                contactOf[card.name] = try #require(try store.binding(book: book.id, href: FuzzServer.book + card.name)).contactID
            }
            var first = try #require(try contacts.contact(id: contactOf["c1.vcf"]!))
            first.notes = "edited here"
            _ = try contacts.update(first)
            localAdd = try contacts.add(ContactRecord(firstName: "Zed", lastName: "Local", emails: ["zed@example.org"]))
            #expect(try store.pendingCount() == 2)
            try db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        }

        /// A copy of the data file at `to`.
        func copy(to: String) throws {
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: to + suffix) }
            try FileManager.default.copyItem(atPath: path, toPath: to)
        }
    }

    static func client(_ server: FuzzServer) throws -> CardDAVClient {
        CardDAVClient(transport: try CardDAVTransport(credentials: .init(user: "alice", password: "pw"), answering: server.answer))
    }

    /// What a round did, to name in a failure.
    struct Round: CustomStringConvertible {
        var number: Int
        var mutation: FuzzServer.Mutation
        var kinds: [FuzzServer.Kind]
        var bySyncCollection: Bool
        var description: String { "round \(number) (seed \(SyncFuzzTests.seed)): \(mutation) of \(kinds.map(\.rawValue)), \(bySyncCollection ? "sync-collection" : "ctag")" }
    }

    @Test func brokenServerAnswersNeverCrashTheEngineNorDeleteAContactTheServerDidNotSayIsGone() throws {
        let starts = [try Start(bySyncCollection: true), try Start(bySyncCollection: false)]
        let folder = TempFolder("sync-fuzz-round")
        var random = SeededGenerator(seed: Self.seed)
        var outcomes: [String: Int] = [:]
        for number in 0..<Self.rounds {
            let start = starts[number % 2]
            let path = folder.file("round.sqlite3")
            try start.copy(to: path)
            let db = try SQLiteDatabase(path: path)
            let store = SQLiteSyncStore(database: db)
            let account = try #require(try store.accounts().first)
            let contacts = SQLiteContactsStore(database: db, accountID: account.accountID)

            // The server meanwhile: some cards changed, one new, one deleted, a token it forgot.
            var cards = Self.startCards
            var changed: [String] = []
            for i in cards.indices where Int.random(in: 0..<3, using: &random) == 0 {
                cards[i] = Self.card(cards[i].name, note: "changed on the server \(number)")
                changed.append(cards[i].name)
            }
            if Bool.random(using: &random) {
                cards.append(Self.card("n\(number).vcf", note: "new"))
                changed.append("n\(number).vcf")
            }
            var deleted: [String] = []
            if Int.random(in: 0..<3, using: &random) == 0 { deleted.append(cards.remove(at: Int.random(in: 0..<6, using: &random)).name) }
            let server = FuzzServer(cards: cards)
            server.token = "http://radicale.org/ns/sync/t\(number + 2)"
            server.ctag = "\"c\(number + 2)\""
            server.offersSyncCollection = start.bySyncCollection
            server.changedSince = changed.filter { !deleted.contains($0) }
            server.deletedSince = deleted
            server.tokenExpired = Int.random(in: 0..<5, using: &random) == 0
            server.putStatus = [201, 204, 412].randomElement(using: &random)!
            server.xandikos = Bool.random(using: &random)
            let mutation = FuzzServer.Mutation.allCases.randomElement(using: &random)!
            let kinds = Int.random(in: 0..<4, using: &random) == 0 ? FuzzServer.Kind.allCases
                : [[.syncSince, .syncFull, .multiget, .propfind0, .propfind1, .multiget, .syncSince, .put].randomElement(using: &random)!]
            server.mutated = Set(kinds)
            var mutationRandom = SeededGenerator(seed: random.next())
            server.mutate = { FuzzServer.mutate(&$0, mutation, &mutationRandom) }
            let round = Round(number: number, mutation: mutation, kinds: kinds, bySyncCollection: start.bySyncCollection)
            if let only = Self.onlyRound, only != number { continue }

            let engine = SyncEngine(store: store, coding: ContactSyncCoding())
            let client = try Self.client(server)
            do throws(SyncError) {
                let summary = try engine.sync(account, client: client)
                outcomes["synced", default: 0] += 1
                if summary.unreadable > 0 { outcomes["unreadable cards listed", default: 0] += 1 }
            } catch {
                outcomes["refused: " + Self.kind(of: error), default: 0] += 1
            }

            // Nothing deleted here that the server did not say is gone; the local add is never lost.
            for (name, id) in start.contactOf.sorted(by: { $0.key < $1.key }) where try contacts.contact(id: id) == nil {
                #expect(server.mayHaveSaidGone(name), "\(round): the contact of \(name) was deleted though no answer said it is gone")
                outcomes["deleted as the server said", default: 0] += 1
            }
            #expect(try contacts.contact(id: start.localAdd) != nil, "\(round): the contact added here is gone")
            if Self.onlyRound != nil {
                for (kind, body) in server.served { print("\(kind): \(String(decoding: body.prefix(20000), as: UTF8.self))\n") }
            }
            // The data file is still whole.
            #expect(try db.scalarText("PRAGMA integrity_check") == "ok", "\(round)")
        }
        print("sync fuzz: \(Self.rounds) rounds, seed \(Self.seed): \(outcomes.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))")
        // Both ways were taken: broken answers refused, and answers still read (some with legitimate deletions).
        guard Self.onlyRound == nil else { return }
        #expect(outcomes["synced", default: 0] > Self.rounds / 10)
        #expect(outcomes.keys.contains { $0.hasPrefix("refused: ") })
    }

    // MARK: What the fuzz found

    /// A data file synced from `server` (its first sync done), with its store, contacts and engine.
    struct Synced {
        let folder = TempFolder("sync-fuzz-found")
        let db: SQLiteDatabase
        let store: SQLiteSyncStore
        let contacts: SQLiteContactsStore
        let engine: SyncEngine
        var account: SyncAccountRow { get throws { try #require(try store.accounts().first) } }

        init(_ server: FuzzServer) throws {
            db = try SQLiteDatabase(path: folder.file("data.sqlite3"))
            let accounts = SQLiteAccountStore(database: db, hasher: PasswordHasher(cost: 1))
            let accountID = try accounts.createAccount(username: "ada", password: "analytical", now: 1).id
            try accounts.signIn(accountID: accountID, now: 2)
            store = SQLiteSyncStore(database: db)
            _ = try store.addAccount(accountID: accountID, url: FuzzServer.base + "/", homeURL: FuzzServer.base + "/alice/", username: "alice",
                                     passwordCommand: nil, caFile: nil, books: [(url: FuzzServer.base + FuzzServer.book, displayName: "Fuzz")])
            contacts = SQLiteContactsStore(database: db, accountID: accountID)
            engine = SyncEngine(store: store, coding: ContactSyncCoding())
        }

        @discardableResult
        func sync(_ server: FuzzServer) throws -> SyncSummary { try engine.sync(try account, client: SyncFuzzTests.client(server)) }
        func names() throws -> [String] { try contacts.allContactIDs().compactMap { try contacts.contact(id: $0)?.firstName }.sorted() }
    }

    /// Round 168 of seed 38: a full listing (an expired token's) whose propstat status was
    /// garbled lost the card's etag, and the card was taken as deleted here.
    @Test func aListedCardWhoseEtagCannotBeReadIsReadAgainNotDeleted() throws {
        for (offersSyncCollection, kind) in [(true, FuzzServer.Kind.syncFull), (false, .propfind1)] {
            let server = FuzzServer(cards: Array(Self.startCards.prefix(3)))
            server.offersSyncCollection = offersSyncCollection
            let f = try Synced(server)
            #expect(try f.sync(server).new == 3)
            server.tokenExpired = true
            server.ctag = "\"changed-\(offersSyncCollection)\""
            server.mutated = [kind]
            server.mutate = { answer in
                var text = String(decoding: answer.body, as: UTF8.self)
                guard let c2 = text.range(of: "/alice/book/c2.vcf"), let ok = text[c2.upperBound...].range(of: "200 OK") else {
                    Issue.record("no c2 with 200 OK in the answer"); return
                }
                text = text.replacingCharacters(in: ok, with: "2O0 OK")
                answer.body = Array(text.utf8)
            }
            let summary = try f.sync(server)
            #expect(summary.deleted == 0, "\(kind)")
            #expect(try f.names() == ["C1", "C2", "C3"], "\(kind)")
            // A listing that leaves it out is a deletion.
            server.mutate = nil
            server.cards.removeAll { $0.name == "c2.vcf" }
            server.ctag = "\"gone\""
            #expect(try f.sync(server).deleted == 1, "\(kind)")
            #expect(try f.names() == ["C1", "C3"], "\(kind)")
        }
    }

    /// Two cards with one UID on the server (a mutated card's UID became another's) failed every
    /// sync on the data file's UNIQUE constraint. Now the second is listed and left on the server.
    @Test func twoCardsWithOneUIDAreListedAndTheSyncGoesOn() throws {
        var twin = Self.card("twin.vcf", note: "a second card with c1's UID")
        twin.vCard = twin.vCard.replacingOccurrences(of: "UID:twin", with: "UID:c1")
        let server = FuzzServer(cards: [Self.startCards[0], twin, Self.startCards[1]])
        let f = try Synced(server)
        let summary = try f.sync(server)
        #expect(summary.new == 2 && summary.unreadable == 1)
        #expect(summary.notes.contains { $0.contains("/alice/book/") && $0.contains("another card here has its UID (c1)") })
        #expect(try f.names() == ["C1", "C2"])
        #expect(try f.sync(server) == SyncSummary()) // listed once; the next sync is quiet
    }

    /// A card the server moved (deleted at one href, new at another with the same UID) in one
    /// sync: the deletion comes first, so the card comes in at its new place.
    @Test func aCardMovedToAnotherHrefComesInAtItsNewPlace() throws {
        let server = FuzzServer(cards: Array(Self.startCards.prefix(2)))
        let f = try Synced(server)
        #expect(try f.sync(server).new == 2)
        var moved = Self.startCards[1]
        moved.name = "moved.vcf"
        server.cards = [Self.startCards[0], moved]
        server.changedSince = ["moved.vcf"]
        server.deletedSince = ["c2.vcf"]
        server.token = "http://radicale.org/ns/sync/t-moved"
        server.ctag = "\"c-moved\"" // as servers do: the ctag moves with the contents
        let summary = try f.sync(server)
        #expect(summary.deleted == 1 && summary.new == 1 && summary.unreadable == 0)
        #expect(try f.names() == ["C1", "C2"])
        let book = try #require(try f.store.books(of: try f.account.id).first)
        #expect(try f.store.binding(book: book.id, href: FuzzServer.book + "moved.vcf") != nil)
    }

    /// A 412 on a PUT reads the server's card again; an answer that says nothing of it (no card,
    /// no 404) deleted the contact here. Now the sync stops and the edit waits.
    @Test func anAnswerThatSaysNothingOfACardDeletesNothing() throws {
        let server = FuzzServer(cards: Array(Self.startCards.prefix(2)))
        let f = try Synced(server)
        try f.sync(server)
        var c1 = try #require(try f.contacts.allContactIDs().compactMap { try f.contacts.contact(id: $0) }.first { $0.firstName == "C1" })
        c1.notes = "edited here"
        _ = try f.contacts.update(c1)
        server.putStatus = 412
        server.mutated = [.multiget]
        server.mutate = { $0.body = Array(#"<?xml version="1.0"?><multistatus xmlns="DAV:"></multistatus>"#.utf8) }
        #expect(throws: SyncError.self) { try f.sync(server) }
        #expect(try f.names() == ["C1", "C2"])
        #expect(try f.store.pendingCount() == 1)
        // A 404 for it is a deletion on the server: the edit stays here, as a conflict.
        server.mutate = { $0.body = Array(#"<?xml version="1.0"?><multistatus xmlns="DAV:"><response><href>/alice/book/c1.vcf</href><status>HTTP/1.1 404 Not Found</status></response></multistatus>"#.utf8) }
        let summary = try f.sync(server)
        #expect(summary.conflicts == 1)
        #expect(try f.names() == ["C1", "C2"])
    }

    /// The error's case (`server malformedAnswer`, `storage …`).
    static func kind(of error: SyncError) -> String {
        switch error {
        case .server(let error): "server " + (Mirror(reflecting: error).children.first?.label ?? "\(error)")
        case .storage(let error): "storage \(error.message)"
        case .wipeRefused: "wipe refused"
        }
    }
}
