import AppServices
import CardDAV
import Foundation
import Storage
import Sync
import TestSupport
import Testing
import CardMapping

/// The CardDAV servers the sync tests run against, from the environment `.ci/run` sets:
/// `SWITCHBOARD_TEST_CARDDAV_URL` (Radicale, user `alice`, password `alice pw`),
/// `SWITCHBOARD_TEST_CARDDAV_TLS_URL` + `SWITCHBOARD_TEST_CARDDAV_CA` (Radicale over TLS) and
/// `SWITCHBOARD_TEST_CARDDAV_XANDIKOS_URL`. Unset, those tests are skipped and say so.
enum SyncTestServer {
    struct Server: Sendable, CustomTestStringConvertible {
        var name: String
        var url: String
        var testDescription: String { name }
    }

    static let url = value("SWITCHBOARD_TEST_CARDDAV_URL", "the sync tests against Radicale")
    static let tlsURL = value("SWITCHBOARD_TEST_CARDDAV_TLS_URL", "the sync tests over TLS")
    static let caFile = ProcessInfo.processInfo.environment["SWITCHBOARD_TEST_CARDDAV_CA"]
    static let xandikosURL = value("SWITCHBOARD_TEST_CARDDAV_XANDIKOS_URL", "the sync tests against Xandikos")
    static var isAvailable: Bool { url != nil }
    static var isTLSAvailable: Bool { tlsURL != nil && caFile != nil }

    /// Radicale, and Xandikos when set.
    static let servers: [Server] = {
        var servers: [Server] = []
        if let url { servers.append(Server(name: "Radicale", url: url)) }
        if let xandikosURL { servers.append(Server(name: "Xandikos", url: xandikosURL)) }
        return servers
    }()

    static let user = "alice"
    static let password = "alice pw"

    private static func value(_ key: String, _ what: String) -> String? {
        guard let value = ProcessInfo.processInfo.environment[key], !value.isEmpty else {
            print("note: \(key) is not set, so \(what) are SKIPPED (start a server with .ci/carddav start DIR and export it).")
            return nil
        }
        return value
    }

    /// Another device on the same account: a plain CardDAV client.
    static func client(password: String = password, caFile: String? = nil) throws -> CardDAVClient {
        CardDAVClient(transport: try CardDAVTransport(credentials: .init(user: user, password: password), options: .init(caFile: caFile)))
    }

    /// A new, empty address book of alice's on `server`.
    static func freshAddressBook(on base: String, caFile: String? = nil) throws -> AddressBook {
        let client = try client(caFile: caFile)
        let home = try client.discover(from: base).homeURL
        let segment = "sync-" + UUID().uuidString.lowercased()
        return try client.createAddressBook(in: home, segment: segment, displayName: "Sync \(segment.prefix(13))")
    }

    /// The repository's `.ci/carddav` script.
    static var script: String {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.path + "/.ci/carddav"
    }

    /// Runs `.ci/carddav` with `arguments` (single-quoted for the shell); its last line of output.
    @discardableResult
    static func carddav(_ arguments: [String]) throws -> String {
        let command = ([script] + arguments).map { "'" + $0 + "'" }.joined(separator: " ")
        guard let pipe = popen("/bin/bash " + command + " </dev/null", "r") else { throw CocoaError(.executableLoad) }
        var output = Data()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = fread(&buffer, 1, buffer.count, pipe)
            if n <= 0 { break }
            output.append(contentsOf: buffer[0..<n])
        }
        guard pclose(pipe) == 0 else { throw CocoaError(.executableLoad) }
        return String(decoding: output, as: UTF8.self).split(separator: "\n").last.map(String.init) ?? ""
    }
}

/// A data file with one person (`ada`), a sync account on one fresh address book, and the engine.
final class SyncFixture {
    let folder = TempFolder("sync")
    let db: SQLiteDatabase
    let store: SQLiteSyncStore
    let contacts: SQLiteContactsStore
    let accountID: Int64
    let book: AddressBook
    let engine: SyncEngine
    /// The other device.
    let phone: CardDAVClient
    var caFile: String?
    var path: String { folder.file("data.sqlite3") }

    init(server: String, caFile: String? = nil, book: AddressBook? = nil) throws {
        self.caFile = caFile
        db = try SQLiteDatabase(path: folder.file("data.sqlite3"))
        let accounts = SQLiteAccountStore(database: db, hasher: PasswordHasher(cost: 1))
        accountID = try accounts.createAccount(username: "ada", password: "analytical", now: 1).id
        try accounts.signIn(accountID: accountID, now: 2)
        contacts = SQLiteContactsStore(database: db, accountID: accountID)
        store = SQLiteSyncStore(database: db)
        self.book = try book ?? SyncTestServer.freshAddressBook(on: server, caFile: caFile)
        try store.addAccount(accountID: accountID, url: server, homeURL: server, username: SyncTestServer.user, passwordCommand: nil,
                             caFile: caFile, books: [(url: self.book.url, displayName: self.book.displayName ?? "")])
        engine = SyncEngine(store: store, coding: ContactSyncCoding())
        phone = try SyncTestServer.client(caFile: caFile)
    }

    var account: SyncAccountRow { get throws { try #require(try store.accounts().first) } }

    /// One sync as `switchboard sync` runs it, through a client of its own; with the requests it took.
    @discardableResult
    func sync(password: String = SyncTestServer.password) throws -> (summary: SyncSummary, requests: Int) {
        let client = try SyncTestServer.client(password: password, caFile: caFile)
        let summary = try engine.sync(try account, client: client)
        return (summary, client.transport.requestCount)
    }

    /// The server's cards in the address book: href → vCard.
    func serverCards() throws -> [String: String] {
        let listed = try phone.etags(in: book.url)
        let cards = try phone.multiget(book.url, hrefs: listed.map(\.href))
        return Dictionary(uniqueKeysWithValues: cards.map { ($0.href, $0.vCard) })
    }

    /// Every contact here, whole.
    func localContacts() throws -> [ContactRecord] {
        try contacts.allContactIDs().compactMap { try contacts.contact(id: $0) }
    }

    func contact(named first: String) throws -> ContactRecord {
        try #require(try localContacts().first { $0.firstName == first }, "no contact \(first) here")
    }

    /// Puts a card on the server as the phone would; its URL.
    @discardableResult
    func phonePut(_ card: String, name: String) throws -> (url: String, etag: String?) {
        let url = book.url + name + ".vcf"
        return (url, try phone.put(card, at: url, replacing: nil))
    }

    /// A card's content lines, unfolded.
    static func lines(_ vCard: String) -> [String] {
        var lines: [String] = []
        for raw in vCard.replacingOccurrences(of: "\r\n", with: "\n").split(separator: "\n", omittingEmptySubsequences: true) {
            if raw.hasPrefix(" ") || raw.hasPrefix("\t"), !lines.isEmpty { lines[lines.count - 1] += raw.dropFirst() } else { lines.append(String(raw)) }
        }
        return lines
    }

    /// A vCard 3.0 as a phone writes one, with what Switchboard has no field for (photo, X-, groups).
    static func card(uid: String, first: String, last: String, note: String = "", tel: String = "+44 20 7946 0000") -> String {
        let head: [String] = [
            "BEGIN:VCARD", "VERSION:3.0", "PRODID:-//phone//EN", "UID:\(uid)", "FN:\(first) \(last)", "N:\(last);\(first);;;",
            "TEL;TYPE=CELL:\(tel)", "EMAIL;TYPE=INTERNET:\(first.lowercased())@example.com",
        ]
        let noteLines: [String] = note.isEmpty ? [] : ["NOTE:\(note)"]
        return (head + noteLines + [
            "X-PHONE-COLOR:teal", "item1.URL:https://example.com/\(first.lowercased())", "item1.X-ABLABEL:blog",
            "PHOTO;ENCODING=b;TYPE=PNG:iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
            "END:VCARD", "",
        ]).joined(separator: "\r\n")
    }
}
