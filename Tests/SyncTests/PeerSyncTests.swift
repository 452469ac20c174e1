import AppServices
import CardDAV
import Foundation
import Storage
import Sync
import TestSupport
import Testing
@testable import switchboard

/// Interop with the terminal's own CardDAV pair: khard (the address book) on a folder that
/// vdirsyncer keeps in step with the same Radicale address book Switchboard syncs. Each side
/// writes; the other reads what it wrote, field by field. Needs the Radicale of `.ci/run`
/// (`SWITCHBOARD_TEST_CARDDAV_URL`) and `vdirsyncer` and `khard` on the PATH (`.ci/run` installs
/// them with pip); without them the tests are skipped and say so.
@MainActor
@Suite(.serialized)
struct PeerSyncTests {
    nonisolated static let hasPeers = SyncTestServer.isAvailable && Peers.has("vdirsyncer") && Peers.has("khard")
    nonisolated static let needsPeers: Comment = "needs SWITCHBOARD_TEST_CARDDAV_URL and vdirsyncer and khard on the PATH (.ci/run provides them)"

    @Test(.enabled(if: hasPeers, needsPeers))
    func aContactKhardAddsReachesSwitchboardAndOneSwitchboardAddsReachesKhardWhole() throws {
        let peers = try Peers()
        // khard adds Grace (from its YAML template, as a person would type it), vdirsyncer sends her.
        try peers.khardNew(Self.graceYAML)
        try peers.vdirsyncer()
        let graceInKhard = try peers.khardShow("Grace")
        let synced = peers.switchboard(["sync", "--db", peers.dataFile])
        #expect(synced.code == 0, "\(synced.errors)")
        #expect(synced.output == "↓ 1 new, 0 changed, 0 deleted · ↑ 0 sent · 0 conflicts\n")

        // Every field khard's template has reached Switchboard's contact.
        let grace = try peers.contact(named: "Grace")
        #expect(grace.lastName == "Hopper" && grace.nickname == "Amazing Grace" && grace.birthday == "1906-12-09")
        #expect(grace.company == "US Navy" && grace.title == "Rear Admiral")
        #expect(grace.phones == [.init(label: "mobile", number: "+1 202 555 0142"), .init(label: "work", number: "+1 202 555 0199")])
        #expect(grace.emails == ["grace@example.org", "ghopper@navy.example"] && grace.emailLabels == ["home", "work"])
        #expect(grace.addresses == [.init(label: "home", street: "1 Compiler Way", city: "Arlington", region: "VA", postalCode: "10001", country: "USA")])
        #expect(grace.url == "https://example.org/grace" && grace.notes == "Found the first actual bug.")
        #expect(try peers.vdirCards().first.map(SyncFixture.lines)?.contains("UID:\(grace.uid)") == true)

        // Switchboard adds Ada with every field it has; she reaches khard.
        var ada = ContactRecord(firstName: "Ada", lastName: "Lovelace",
                                phones: [.init(label: "cell", number: "+44 20 7946 0018"), .init(label: "home", number: "+44 20 7946 0019")],
                                emails: ["ada@example.org", "countess@example.net"], company: "Analytical Engines",
                                notes: "Wrote the first program.", isFriend: false)
        ada.emailLabels = ["home", "work"]
        ada.nickname = "Enchantress of Numbers"
        ada.title = "Analyst"
        ada.birthday = "1815-12-10"
        ada.url = "https://example.org/ada"
        ada.namePrefix = "Lady"
        ada.middleName = "Augusta"
        ada.addresses = [.init(label: "home", street: "12 St James's Square", city: "London", region: "", postalCode: "SW1Y 4JH", country: "United Kingdom")]
        _ = try peers.contacts().add(ada)
        let sent = peers.switchboard(["sync", "--db", peers.dataFile])
        #expect(sent.code == 0, "\(sent.errors)")
        #expect(sent.output == "↓ 0 new, 0 changed, 0 deleted · ↑ 1 sent · 0 conflicts\n")
        try peers.vdirsyncer()
        let adaInKhard = Peers.fields(try peers.khardShow("Ada"))
        let expected: [String] = [
            "Formatted name: Lady Ada Augusta Lovelace", "Prefix: Lady", "First name: Ada", "Additional: Augusta", "Last name: Lovelace",
            "Nickname: Enchantress of Numbers", "Birthday: '1815-12-10'", "Organisation: Analytical Engines", "Title: Analyst",
            "Phone:", "    cell: +44 20 7946 0018", "    home: +44 20 7946 0019",
            "Email:", "    home: ada@example.org", "    work: countess@example.net",
            "Address:", "    home:", "        Street: 12 St James's Square", "        Code: SW1Y 4JH", "        City: London",
            "        Country: United Kingdom", "Webpage: https://example.org/ada", "Note: Wrote the first program.",
        ]
        for line in expected { #expect(adaInKhard.contains(line), "khard does not show \(line.debugDescription) of Ada: \(adaInKhard)") }

        // Grace came back untouched: Switchboard synced her in and wrote nothing over her card.
        try peers.vdirsyncer()
        #expect(try peers.khardShow("Grace") == graceInKhard)
    }

    @Test(.enabled(if: hasPeers, needsPeers))
    func aCardWithAPhotoXPropertiesAndGroupsEditedHereComesBackToKhardWithAllOfThem() throws {
        let peers = try Peers()
        // A phone's card in khard's folder (khard's template has no photo or groups): vdirsyncer sends it.
        try peers.writeVdirCard(Self.phoneCard, name: "linus.vcf")
        let before = try peers.khardShow("Linus")
        try peers.vdirsyncer()
        #expect(peers.switchboard(["sync", "--db", peers.dataFile]).code == 0)
        let serverBefore = try peers.serverCard()

        // One field edited here, through the storage call the app's edit form makes.
        var linus = try peers.contact(named: "Linus")
        #expect(linus.notes == "Met at the conference.")
        linus.notes = "Met at the conference; owes me a coffee."
        _ = try peers.contacts().update(linus)
        let sent = peers.switchboard(["sync", "--db", peers.dataFile])
        #expect(sent.output == "↓ 0 new, 0 changed, 0 deleted · ↑ 1 sent · 0 conflicts\n", "\(sent.errors)")

        // What was PUT, and what the server now has, differ from the server's card only in NOTE and REV.
        let put = SyncFixture.lines(try #require(try peers.syncStore().binding(contact: linus.id!)).card)
        let serverAfter = try peers.serverCard()
        let old = SyncFixture.lines(serverBefore)
        for after in [put, SyncFixture.lines(serverAfter)] {
            #expect(old.count == after.count, "\(old) → \(after)")
            let changed = zip(old, after).filter { $0 != $1 }
            #expect(changed.count == 2 && changed.allSatisfy { ($0.0.hasPrefix("NOTE:") && $0.1.hasPrefix("NOTE:")) || ($0.0.hasPrefix("REV:") && $0.1.hasPrefix("REV:")) },
                    "lines other than NOTE and REV changed: \(changed)")
            #expect(after.contains("NOTE:Met at the conference\\; owes me a coffee."))
        }

        // vdirsyncer brings it to khard's folder as the server has it: the photo, the X- properties and the groups are all there.
        try peers.vdirsyncer()
        let inKhard = SyncFixture.lines(try peers.vdirCard(name: "linus.vcf"))
        #expect(inKhard == SyncFixture.lines(serverAfter))
        for start in ["PHOTO;ENCODING=b;TYPE=JPEG:iVBORw0KGgo", "item1.ADR;", "item1.X-ABADR:fi", "item2.URL;", "item2.X-ABLABEL:_$!<HomePage>!$_",
                      "X-SOCIALPROFILE;", "X-ABSHOWAS:PERSON", "CATEGORIES:kernel,friends"] {
            #expect(inKhard.contains { $0.uppercased().hasPrefix(start.uppercased()) }, "\(start) is missing from khard's card")
        }
        #expect(inKhard.contains("PHOTO;ENCODING=b;TYPE=JPEG:" + Self.photo), "the photo did not come back whole")
        let after = try peers.khardShow("Linus")
        #expect(after.contains("Note: Met at the conference; owes me a coffee."))
        #expect(after.replacingOccurrences(of: "; owes me a coffee.", with: ".") == before)
    }

    /// What a person types into khard's template.
    static let graceYAML = """
        First name : Grace
        Last name  : Hopper
        Nickname : Amazing Grace
        Birthday : 1906-12-09
        Organisation : US Navy
        Title : Rear Admiral
        Phone:
            cell: +1 202 555 0142
            work: +1 202 555 0199
        Email:
            home: grace@example.org
            work: ghopper@navy.example
        Address:
            home:
                Box      :
                Extended :
                Street   : 1 Compiler Way
                Code     : 10001
                City     : Arlington
                Region   : VA
                Country  : USA
        Webpage : https://example.org/grace
        Note : Found the first actual bug.

        """

    /// A card as an iPhone writes one: a photo (folded base64), X- properties with parameters,
    /// `item1.`/`item2.` groups with their labels, a CATEGORIES and a REV.
    static let photo = String(repeating: "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg", count: 12)
    static let phoneCard: String = {
        var photoLine = "PHOTO;ENCODING=b;TYPE=JPEG:" + photo
        var folded: [String] = []
        while photoLine.utf8.count > 75 {
            folded.append(String(photoLine.prefix(75)))
            photoLine = " " + photoLine.dropFirst(75)
        }
        folded.append(photoLine)
        return ([
            "BEGIN:VCARD", "VERSION:3.0", "PRODID:-//Apple Inc.//iPhone OS 17.2//EN", "N:Torvalds;Linus;;;", "FN:Linus Torvalds",
            "ORG:Linux Foundation;", "EMAIL;type=INTERNET;type=HOME;type=pref:linus@example.org",
            "TEL;type=CELL;type=VOICE;type=pref:+358 40 123 4567",
            "item1.ADR;type=HOME;type=pref:;;Kernel Street 1;Helsinki;;00100;Finland", "item1.X-ABADR:fi",
            "item2.URL;type=pref:https://example.org/linus", "item2.X-ABLabel:_$!<HomePage>!$_",
            "X-SOCIALPROFILE;type=mastodon;x-user=linus:https://social.example/@linus", "X-ABShowAs:PERSON",
            "NOTE:Met at the conference.", "CATEGORIES:kernel,friends",
        ] + folded + ["UID:8c5e52d4-6f3e-4d0e-9d52-linus", "REV:2026-11-30T10:00:00Z", "END:VCARD", ""]).joined(separator: "\r\n")
    }()
}

/// A data file with `ada` and `switchboard sync add` done on a fresh Radicale address book, and
/// the same address book in a vdirsyncer pair with a folder that khard reads.
@MainActor
final class Peers {
    let folder = TempFolder("peers")
    let book: AddressBook
    var dataFile: String { folder.file("data.sqlite3") }
    var vdir: String { folder.file("vdir") }
    private let db: SQLiteDatabase

    nonisolated static func has(_ program: String) -> Bool {
        system("command -v \(program) >/dev/null 2>&1") == 0
    }

    init() throws {
        let base = try #require(SyncTestServer.url)
        db = try SQLiteDatabase(path: folder.file("data.sqlite3"))
        let accounts = SQLiteAccountStore(database: db, hasher: PasswordHasher(cost: 1))
        let ada = try accounts.createAccount(username: "ada", password: "analytical", now: 1)
        try accounts.signIn(accountID: ada.id, now: 2)
        try SyncTestServer.password.write(toFile: folder.file("pw"), atomically: true, encoding: .utf8)
        book = try SyncTestServer.freshAddressBook(on: base)
        let added = switchboard(["sync", "add", base, "--username", SyncTestServer.user, "--password-command", "cat '\(folder.file("pw"))'",
                                 "--addressbook", SyncCommand.lastSegment(of: book.url), "--db", dataFile])
        guard added.code == 0 else { throw PeerFailure(what: "switchboard sync add", output: added.errors) }
        folder.folder("vdir")
        folder.folder("status")
        try """
            [general]
            status_path = "\(folder.file("status"))/"
            [pair book]
            a = "book_local"
            b = "book_remote"
            collections = null
            [storage book_local]
            type = "filesystem"
            path = "\(vdir)/"
            fileext = ".vcf"
            [storage book_remote]
            type = "carddav"
            url = "\(book.url)"
            username = "\(SyncTestServer.user)"
            password.fetch = ["command", "cat", "\(folder.file("pw"))"]

            """.write(toFile: folder.file("vdirsyncer.conf"), atomically: true, encoding: .utf8)
        try """
            [addressbooks]
            [[book]]
            path = \(vdir)
            [general]
            default_action = list
            editor = /bin/false
            merge_editor = /bin/false
            [vcard]
            preferred_version = 3.0

            """.write(toFile: folder.file("khard.conf"), atomically: true, encoding: .utf8)
        _ = try run("vdirsyncer", ["discover", "book"])
    }

    struct PeerFailure: Error, CustomStringConvertible {
        var what: String
        var output: String
        var description: String { "\(what) failed: \(output)" }
    }

    /// Runs `program` with `arguments` (and `input` on its stdin); its output, or a failure with its stderr.
    @discardableResult
    func run(_ program: String, _ arguments: [String], input: String = "") throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [program] + arguments
        var environment = ProcessInfo.processInfo.environment
        environment["VDIRSYNCER_CONFIG"] = folder.file("vdirsyncer.conf")
        environment["HOME"] = folder.path
        process.environment = environment
        let output = Pipe(), errors = Pipe(), stdin = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = stdin
        try process.run()
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw PeerFailure(what: "\(program) \(arguments.joined(separator: " "))", output: String(decoding: out + err, as: UTF8.self))
        }
        return String(decoding: out, as: UTF8.self)
    }

    func vdirsyncer() throws { try run("vdirsyncer", ["sync", "book"]) }

    /// `khard new` from a filled-in template.
    func khardNew(_ yaml: String) throws {
        try run("khard", ["-c", folder.file("khard.conf"), "new", "-a", "book", "--vcard-version", "3.0"], input: yaml)
    }

    /// `khard show --format yaml` of the one contact matching `search`.
    func khardShow(_ search: String) throws -> String {
        try run("khard", ["-c", folder.file("khard.conf"), "show", "--format", "yaml", search])
    }

    /// A template's lines, comments and blank lines left out.
    static func fields(_ yaml: String) -> [String] {
        yaml.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("#") && !$0.trimmingCharacters(in: .whitespaces).isEmpty }
    }

    func writeVdirCard(_ card: String, name: String) throws {
        try card.write(toFile: vdir + "/" + name, atomically: true, encoding: .utf8)
    }

    /// Every card in khard's folder.
    func vdirCards() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: vdir).sorted().map { try vdirCard(name: $0) }
    }

    func vdirCard(name: String) throws -> String {
        try String(contentsOfFile: vdir + "/" + name, encoding: .utf8)
    }

    /// The one card in the address book, as the server has it.
    func serverCard() throws -> String {
        let phone = try SyncTestServer.client()
        let listed = try phone.etags(in: book.url)
        #expect(listed.count == 1)
        return try #require(try phone.multiget(book.url, hrefs: listed.map(\.href)).first).vCard
    }

    /// `switchboard ARGUMENTS` in this process.
    func switchboard(_ arguments: [String]) -> (code: Int32, output: String, errors: String) {
        var output = SyncCommandTests.Captured(), errors = SyncCommandTests.Captured()
        let code = Switchboard.run(arguments: arguments, environment: ["HOME": "/nonexistent-home"], output: &output, errors: &errors)
        return (code, output.text, errors.text)
    }

    /// ada's contacts in the data file.
    func contacts() throws -> SQLiteContactsStore {
        let account = try #require(try syncStore().accounts().first)
        return SQLiteContactsStore(database: db, accountID: account.accountID)
    }

    func syncStore() throws -> SQLiteSyncStore { SQLiteSyncStore(database: db) }

    func contact(named first: String) throws -> ContactRecord {
        let contacts = try contacts()
        return try #require(try contacts.allContactIDs().compactMap { try contacts.contact(id: $0) }.first { $0.firstName == first },
                            "no contact \(first) here")
    }
}
