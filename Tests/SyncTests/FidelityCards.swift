import Foundation

/// The cards the fidelity check puts on real servers: the published corpus of other projects' test
/// files (`Tests/InterchangeTests/Corpus`, SOURCES.md), and cards written here in the spellings the
/// address books that sync with CardDAV servers write (each one's habits named beside it).
enum FidelityCards {
    /// One card: where it comes from, and its text as that program writes it.
    struct Card {
        var place: String
        var text: String
    }

    /// Cards written as each program writes them.
    static let written: [Card] = [
        // iPhone / macOS Contacts (3.0): lower-case `type=`, `value=date`, item groups with X-ABLabel,
        // a photo in `ENCODING=b`, X-ABUID, a `type=pref` on the first e-mail.
        Card(place: "iPhone", text: """
        BEGIN:VCARD\r
        VERSION:3.0\r
        PRODID:-//Apple Inc.//iPhone OS 17.4//EN\r
        N:Appleseed;Johnny;;;\r
        FN:Johnny Appleseed\r
        ORG:Apple Inc.;\r
        TITLE:Engineer\r
        item1.EMAIL;type=INTERNET;type=pref:johnny@example.com\r
        item1.X-ABLabel:_$!<Other>!$_\r
        TEL;type=CELL;type=VOICE;type=pref:+1 (555) 010-0100\r
        TEL;type=IPHONE;type=CELL;type=VOICE:+1 (555) 010-0101\r
        item2.ADR;type=HOME;type=pref:;;1 Infinite Loop;Cupertino;CA;95014;United States\r
        item2.X-ABADR:us\r
        BDAY;value=date:1980-05-04\r
        PHOTO;ENCODING=b;TYPE=JPEG:/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAgGBgcGBQgHBwcJCQgKDBQNDAsLDBkSEw8UHRofHh0a\r
         HBwgJC4nICIsIxwcKDcpLDAxNDQ0Hyc5PTgyPC4zNDL/wAALCAABAAEBAREA/8QAFAABAAAAAAAAAAAA\r
         AAAAAAAACf/EABQQAQAAAAAAAAAAAAAAAAAAAAD/2gAIAQEAAD8AKp//2Q==\r
        X-ABUID:5B3F7C2E-8F1A-4C55-9D0E-6A1B2C3D4E5F:ABPerson\r
        UID:5B3F7C2E-8F1A-4C55-9D0E-6A1B2C3D4E5F\r
        END:VCARD\r

        """),
        // macOS Contacts on iCloud (3.0): Apple's year-less birthday, X-SOCIALPROFILE, a related name in a group.
        Card(place: "macOS Contacts", text: """
        BEGIN:VCARD\r
        VERSION:3.0\r
        PRODID:-//Apple Inc.//Mac OS X 14.4//EN\r
        N:Citizen;Jane;;Dr.;\r
        FN:Dr. Jane Citizen\r
        NICKNAME:JC\r
        item1.TEL;type=pref:+61 2 9999 0000\r
        item1.X-ABLabel:_$!<AssistantPhone>!$_\r
        BDAY;X-APPLE-OMIT-YEAR=1604:1604-11-23\r
        X-SOCIALPROFILE;type=twitter;x-user=janec:https://twitter.com/janec\r
        item2.X-ABRELATEDNAMES;type=pref:John Citizen\r
        item2.X-ABLabel:_$!<Spouse>!$_\r
        NOTE:Met at WWDC\\, 2019\r
        UID:0A1B2C3D-1111-2222-3333-444455556666\r
        END:VCARD\r

        """),
        // Google Contacts' CardDAV (3.0): upper-case TYPE lists, CATEGORIES:myContacts, an item URL.
        Card(place: "Google", text: """
        BEGIN:VCARD\r
        VERSION:3.0\r
        N:Hopper;Grace;Brewster Murray;;\r
        FN:Grace Hopper\r
        EMAIL;TYPE=INTERNET;TYPE=HOME:grace@example.org\r
        EMAIL;TYPE=INTERNET;TYPE=WORK:ghopper@navy.example.mil\r
        TEL;TYPE=CELL:+1 202-555-0147\r
        ADR;TYPE=HOME:;;1600 Pennsylvania Ave;Arlington;VA;22202;US\r
        ORG:US Navy\r
        item1.URL:http\\://www.example.org/grace\r
        item1.X-ABLabel:PROFILE\r
        CATEGORIES:myContacts,starred\r
        UID:2f1c4e6a0b8d9e7f\r
        END:VCARD\r

        """),
        // Outlook (2.1): bare types, quoted-printable with a Windows charset and a soft break, a
        // delivery LABEL, an untyped BASE64 photo folded with spaces, X-MS- properties.
        Card(place: "Outlook 2.1", text: """
        BEGIN:VCARD\r
        VERSION:2.1\r
        N;LANGUAGE=de;CHARSET=Windows-1252;ENCODING=QUOTED-PRINTABLE:M=FCller;J=FCrgen\r
        FN;CHARSET=Windows-1252;ENCODING=QUOTED-PRINTABLE:J=FCrgen M=FCller\r
        ORG:Beispiel GmbH;Vertrieb\r
        TITLE:Leiter\r
        NOTE;CHARSET=Windows-1252;ENCODING=QUOTED-PRINTABLE:Erste Zeile=0D=0AZweite Zeile mit =DCmlaut und einem sehr langen Text, der=\r
        umbrochen wird\r
        TEL;WORK;VOICE:+49 30 1234567\r
        TEL;CELL;VOICE:+49 170 7654321\r
        ADR;WORK;PREF:;;Hauptstra=DFe 1;Berlin;;10115;Deutschland\r
        LABEL;WORK;PREF;ENCODING=QUOTED-PRINTABLE:Hauptstra=DFe 1=0D=0A10115 Berlin=0D=0ADeutschland\r
        EMAIL;PREF;INTERNET:juergen.mueller@example.de\r
        PHOTO;TYPE=JPEG;ENCODING=BASE64:\r
         /9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAgGBgcGBQgHBwcJCQgKDBQNDAsLDBkSEw8UHRofHh0a\r
         HBwgJC4nICIsIxwcKDcpLDAxNDQ0Hyc5PTgyPC4zNDL/2Q==\r
        \r
        X-MS-OL-DEFAULT-POSTAL-ADDRESS:2\r
        X-MS-OL-DESIGN;CHARSET=utf-8:<card xmlns="http://schemas.microsoft.com/office/outlook/12/electronicbusinesscards.xsd" layout="left"/>\r
        REV:20260101T120000Z\r
        END:VCARD\r

        """),
        // Outlook (2.1) as later versions write non-ASCII: quoted-printable UTF-8, a folded QP note,
        // a LABEL in quoted-printable, X-MS- properties; this one the servers take.
        Card(place: "Outlook 2.1 UTF-8", text: """
        BEGIN:VCARD\r
        VERSION:2.1\r
        N;LANGUAGE=de;CHARSET=utf-8;ENCODING=QUOTED-PRINTABLE:M=C3=BCller;J=C3=BCrgen\r
        FN;CHARSET=utf-8;ENCODING=QUOTED-PRINTABLE:J=C3=BCrgen M=C3=BCller\r
        ORG:Beispiel GmbH;Vertrieb\r
        TITLE:Leiter\r
        NOTE;CHARSET=utf-8;ENCODING=QUOTED-PRINTABLE:Erste Zeile=0D=0AZweite Zeile mit =C3=9Cmlaut und einem langen Tex=\r
        t\r
        TEL;WORK;VOICE:+49 30 1234567\r
        TEL;CELL;VOICE:+49 170 7654321\r
        ADR;WORK;PREF:;;Hauptstrasse 1;Berlin;;10115;Deutschland\r
        LABEL;WORK;PREF;ENCODING=QUOTED-PRINTABLE:Hauptstrasse 1=0D=0A10115 Berlin=0D=0ADeutschland\r
        EMAIL;PREF;INTERNET:juergen.mueller@example.de\r
        X-MS-OL-DEFAULT-POSTAL-ADDRESS:2\r
        REV:20260101T120000Z\r
        END:VCARD\r

        """),
        // A 2.1 card as phones exported them: PHOTO;BASE64: with the encoding bare, UTF-8 in quoted-printable.
        Card(place: "Android 2.1 export", text: """
        BEGIN:VCARD\r
        VERSION:2.1\r
        N;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:=C3=85berg;Lars;;;\r
        FN;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:Lars =C3=85berg\r
        TEL;CELL:+46 70 123 45 67\r
        TEL;HOME:+46 8 123 456\r
        EMAIL;HOME:lars@example.se\r
        PHOTO;BASE64:\r
         iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==\r
        \r
        END:VCARD\r

        """),
        // Nextcloud Contacts (3.0 through sabre/vobject): a quoted TYPE list, RELATED (a 4.0
        // property Nextcloud writes into 3.0 cards), REV with a VALUE, a photo with a media type.
        Card(place: "Nextcloud", text: """
        BEGIN:VCARD\r
        VERSION:3.0\r
        PRODID:-//Sabre//Sabre VObject 4.5.4//EN\r
        UID:7e3e9c1a-2f4b-4c7d-9e8f-0a1b2c3d4e5f\r
        FN:Marie Curie\r
        ADR;TYPE=HOME:;;11 Rue Pierre et Marie Curie;Paris;;75005;France\r
        EMAIL;TYPE=HOME:marie@example.fr\r
        TEL;TYPE="HOME,VOICE":+33 1 23 45 67 89\r
        N:Curie;Marie;;;\r
        RELATED;TYPE=spouse:Pierre Curie\r
        X-NEXTCLOUD-ORIGIN:contacts\r
        REV;VALUE=DATE-AND-OR-TIME:20260102T093000Z\r
        END:VCARD\r

        """),
        // Thunderbird 115 (4.0): lower-case types, VALUE=TEXT on TEL, PREF=1, BDAY with VALUE=DATE.
        Card(place: "Thunderbird", text: """
        BEGIN:VCARD\r
        VERSION:4.0\r
        EMAIL;PREF=1:alan@example.co.uk\r
        FN:Alan Turing\r
        N:Turing;Alan;Mathison;;\r
        NICKNAME:Prof\r
        NOTE:Bletchley Park\r
        ORG:GC&CS\r
        TEL;TYPE=work;VALUE=TEXT:+44 1908 640404\r
        BDAY;VALUE=DATE:19120623\r
        UID:4b5c6d7e-8f90-4a1b-b2c3-d4e5f6a7b8c9\r
        END:VCARD\r

        """),
        // Evolution (3.0): X-EVOLUTION- slots and file-as, LABEL beside ADR, an X-EVOLUTION-BLOG-URL.
        Card(place: "Evolution", text: """
        BEGIN:VCARD\r
        VERSION:3.0\r
        UID:pas-id-6606A54B00000001\r
        X-EVOLUTION-FILE-AS:Lovelace\\, Ada\r
        FN:Ada Lovelace\r
        N:Lovelace;Ada;;;\r
        EMAIL;X-EVOLUTION-UI-SLOT=1;TYPE=HOME:ada@example.org\r
        TEL;X-EVOLUTION-UI-SLOT=1;TYPE=CELL:+44 7700 900123\r
        ADR;TYPE=HOME:;;12 St James's Square;London;;SW1Y 4JH;UK\r
        LABEL;TYPE=HOME:12 St James's Square\\nLondon\\nSW1Y 4JH\\nUK\r
        X-EVOLUTION-BLOG-URL:https://ada.example.org/\r
        REV:2026-01-03T10:00:00Z\r
        END:VCARD\r

        """),
        // DAVx⁵ (3.0 through ez-vcard): PRODID of bitfire, X-PHONETIC names, CATEGORIES, a group's X-ABLabel.
        Card(place: "DAVx5", text: """
        BEGIN:VCARD\r
        VERSION:3.0\r
        UID:b6f3c8d2-5a4e-4f1b-9c7d-0e1f2a3b4c5d\r
        PRODID:+//IDN bitfire.at//DAVx5/4.4 ez-vcard/0.12.1\r
        FN:Émilie du Châtelet\r
        N:du Châtelet;Émilie;;;\r
        X-PHONETIC-FIRST-NAME:Emilie\r
        TEL;TYPE=cell:+33 6 12 34 56 78\r
        EMAIL;TYPE=home:emilie@example.fr\r
        item1.X-ABDATE:1706-12-17\r
        item1.X-ABLabel:_$!<Anniversary>!$_\r
        CATEGORIES:Physicists\r
        REV:20260104T081500Z\r
        END:VCARD\r

        """),
        // A 4.0 card with X-GENDER (as converters from 3.0 leave it) and KIND.
        Card(place: "4.0 with X-GENDER", text: """
        BEGIN:VCARD\r
        VERSION:4.0\r
        UID:urn:uuid:0d8e6f1c-3b2a-4c5d-8e9f-a0b1c2d3e4f5\r
        KIND:individual\r
        FN:Hedy Lamarr\r
        N:Lamarr;Hedy;;;\r
        X-GENDER:female\r
        TEL;VALUE=uri;TYPE=cell:tel:+1-555-555-0199\r
        LANG;PREF=1:de\r
        END:VCARD\r

        """),
        // A card stored as UTF-8 that still says CHARSET=windows-1252 (servers keep what clients sent).
        Card(place: "UTF-8 under CHARSET=windows-1252", text: """
        BEGIN:VCARD\r
        VERSION:3.0\r
        UID:charset-contradicted-1\r
        FN;CHARSET=windows-1252:John Doë\r
        N;CHARSET=windows-1252:Doë;John;;;\r
        EMAIL;TYPE=INTERNET:john@example.com\r
        END:VCARD\r

        """),
        // Two NOTEs, as some exporters write one per paragraph.
        Card(place: "two NOTEs", text: """
        BEGIN:VCARD\r
        VERSION:3.0\r
        UID:two-notes-1\r
        FN:Rosalind Franklin\r
        N:Franklin;Rosalind;;;\r
        NOTE:First note\r
        NOTE:Second note\r
        TEL;TYPE=WORK:+44 20 7946 0011\r
        END:VCARD\r

        """),
    ]

    /// The published corpus, each file's cards split apart; files that are not UTF-8 are left
    /// out (a server keeps a card as UTF-8 text), as are the ones with no card.
    static func corpus() -> [Card] {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("InterchangeTests/Corpus").path
        let names = ((FileManager.default.enumerator(atPath: folder)?.allObjects as? [String]) ?? [])
            .filter { $0.hasSuffix(".vcf") || $0.hasSuffix(".ics") }.sorted()
        var cards: [Card] = []
        for name in names {
            guard let data = FileManager.default.contents(atPath: folder + "/" + name),
                  let text = String(data: data, encoding: .utf8) else { continue }
            for (i, card) in split(text).enumerated() { cards.append(Card(place: "\(name) card \(i + 1)", text: card)) }
        }
        return cards
    }

    /// Each `BEGIN:VCARD` … `END:VCARD` of `text`, byte for byte with its line ends.
    static func split(_ text: String) -> [String] {
        var cards: [String] = []
        var current: String?
        for line in physicalLines(text) {
            let bare = line.trimmingCharacters(in: .whitespacesAndNewlines).uppercased()
            if bare == "BEGIN:VCARD" { current = "" }
            if current != nil { current! += line }
            if bare == "END:VCARD", let card = current {
                cards.append(card.hasSuffix("\n") ? card : card + "\r\n")
                current = nil
            }
        }
        return cards
    }

    /// `text`'s lines, each with its line end (LF, CRLF), as the bytes split them (a Swift
    /// `Character` holds CR LF as one, so they are cut by scalars).
    static func physicalLines(_ text: String) -> [String] {
        var lines: [String] = []
        var line = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            line.append(scalar)
            if scalar == "\n" { lines.append(String(line)); line = String.UnicodeScalarView() }
        }
        if !line.isEmpty { lines.append(String(line)) }
        return lines
    }
}
