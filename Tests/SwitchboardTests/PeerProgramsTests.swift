import Testing
@testable import switchboard
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Our files checked by programs no one here wrote; each test runs when its program is
/// installed (`.ci/run` installs them) and says so when it is not.
@MainActor
@Suite("Peers read our files")
struct PeerProgramsTests {
    nonisolated static func has(_ check: String) -> Bool { system(check + " >/dev/null 2>&1") == 0 }
    nonisolated static let hasVobject = has("python3 -c 'import vobject'")
    nonisolated static let hasAbook = has("command -v abook")
    nonisolated static let hasKhard = has("command -v khard")

    /// A folder with a data file holding the test cards of `InterchangeCommandTests`.
    static func withTestCards(_ name: String) -> (InterchangeFolder, String) {
        let folder = InterchangeFolder(name)
        let db = folder.dataFile("\(name).sqlite3")
        folder.write("in.vcf", InterchangeCommandTests.cards)
        _ = runSwitchboard(["import", folder.file("in.vcf"), "--db", db])
        return (folder, db)
    }

    @Test(.enabled(if: hasKhard, "khard is not installed"))
    func khardListsTheAddressesOfOurExport() throws {
        let (folder, db) = Self.withTestCards("khard")
        // khard keeps one card a file: our 3.0 export, split.
        let text = runSwitchboard(["export", "--format", "vcard3", "--db", db]).output
        mkdir(folder.file("book"), 0o700)
        var rest = Substring(text)
        var i = 0
        while let end = rest.firstRange(of: "END:VCARD\r\n") {
            folder.write("book/\(i).vcf", String(rest[..<end.upperBound]))
            rest = rest[end.upperBound...]
            i += 1
        }
        #expect(i == 2)
        folder.write("khard.conf", "[addressbooks]\n[[ours]]\npath = \(folder.file("book"))\n[general]\ndefault_action = list\n")
        let code = system("khard -c '\(folder.file("khard.conf"))' email --parsable > '\(folder.file("emails.txt"))' 2>/dev/null")
        #expect(code == 0)
        let lines = (folder.read("emails.txt") ?? "").split(separator: "\n").filter { $0.contains("\t") }.map { $0.split(separator: "\t").prefix(2).joined(separator: " | ") }.sorted()
        #expect(lines == ["ada@example.org | Ada Lovelace", "g@example.org | Grace Hopper", "grace@navy.mil | Grace Hopper"])
    }

    @Test(.enabled(if: hasVobject, "python3 with vobject is not installed"))
    func vobjectParsesEveryCardOfOurExports() throws {
        let (folder, db) = Self.withTestCards("vobject")
        for format in ["vcard", "vcard3"] {
            #expect(runSwitchboard(["export", "--format", format, "--output", folder.file("\(format).vcf"), "--db", db]).code == 0)
            let script = """
            import sys, vobject
            cards = list(vobject.readComponents(open(sys.argv[1], newline='').read()))
            names = sorted(c.fn.value for c in cards)
            mails = sorted(e.value for c in cards for e in c.contents.get('email', []))
            open(sys.argv[2], 'w').write(str(len(cards)) + '|' + ','.join(names) + '|' + ','.join(mails))
            """
            folder.write("check.py", script)
            let code = system("python3 '\(folder.file("check.py"))' '\(folder.file("\(format).vcf"))' '\(folder.file("\(format).txt"))'")
            #expect(code == 0, "vobject failed on \(format)")
            #expect(folder.read("\(format).txt") == "2|Ada Lovelace,Grace Hopper|ada@example.org,g@example.org,grace@navy.mil", "\(format)")
        }
    }

    @Test(.enabled(if: hasAbook, "abook is not installed"))
    func abooksOwnBookComesInAndAbookReadsAllOfItBack() throws {
        let folder = InterchangeFolder("abook")
        let db = folder.dataFile("a.sqlite3")
        folder.write("addressbook", """
        # abook addressbook file

        [format]
        program=abook
        version=0.6.1

        [0]
        name=Ada Lovelace
        email=ada@example.org,a2@example.org
        address=1 St
        city=London
        zip=N1
        country=UK
        mobile=123 456
        nick=Countess
        url=http://x.org
        notes=hi
        anniversary=1815-12-10

        [1]
        name=Jürgen Müller
        email=jm@example.de
        phone=+49 30 1234
        workphone=+49 30 9999

        """)
        // abook's own vCard export (no VERSION line) into us...
        #expect(system("abook --convert --informat abook --infile '\(folder.file("addressbook"))' --outformat vcard --outfile '\(folder.file("abook.vcf"))'") == 0)
        let imported = runSwitchboard(["import", folder.file("abook.vcf"), "--db", db])
        #expect(imported.output.hasPrefix(folder.file("abook.vcf") + ": imported 2, updated 0, skipped 0"), "\(imported.output)")
        // ...out again as vCard 3.0, and abook reads every field of it back.
        #expect(runSwitchboard(["export", "--format", "vcard3", "--output", folder.file("ours.vcf"), "--db", db]).code == 0)
        #expect(system("abook --convert --informat vcard --infile '\(folder.file("ours.vcf"))' --outformat abook --outfile '\(folder.file("back"))'") == 0)
        let original = try #require(folder.read("addressbook"))
        let back = try #require(folder.read("back"))
        func entries(_ text: String) -> [String] {
            text.split(separator: "\n").map(String.init).filter { $0.contains("=") && !$0.hasPrefix("program=") && !$0.hasPrefix("version=") }
        }
        #expect(entries(back) == entries(original))
    }
}
