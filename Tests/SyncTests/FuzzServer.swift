import CardDAV
import Foundation
import TestSupport

/// A CardDAV server that answers from memory, in the words Radicale and Xandikos use (their
/// answers recorded with curl: Radicale's default namespace, Xandikos's `ns0:` prefixes), for the
/// engine's fuzz: a round mutates the answers of one kind of request, and every answer served is
/// kept so the round can tell what the (mutated) server said.
final class FuzzServer: @unchecked Sendable {
    static let base = "http://fuzz.invalid"
    static let book = "/alice/book/"

    /// The kinds of request it answers.
    enum Kind: String, CaseIterable { case propfind0, propfind1, syncFull, syncSince, multiget, put, delete }

    struct Card { var name: String; var etag: String; var vCard: String }

    var cards: [Card]
    var token = "http://radicale.org/ns/sync/t1"
    var ctag = "\"c1\""
    /// Whether sync-collection is offered (else the REPORT is refused with 501, as by a server without it).
    var offersSyncCollection = true
    /// A sync-collection from a token: the token is no longer known (403 with DAV:valid-sync-token).
    var tokenExpired = false
    /// What a sync-collection from a token reports: card names changed and deleted.
    var changedSince: [String] = []
    var deletedSince: [String] = []
    var putStatus = 201
    var xandikos = false
    /// The round's mutation of the answers of `mutated` kinds (body bytes and HTTP status).
    var mutated: Set<Kind> = []
    var mutate: ((inout CardDAVResponse) -> Void)?
    /// Every answer served: its kind and body, after the mutation.
    private(set) var served: [(kind: Kind, body: [UInt8])] = []

    init(cards: [Card]) { self.cards = cards }

    func answer(_ request: CardDAVRequest) -> Result<CardDAVResponse, CardDAVError> {
        let body = String(decoding: request.body, as: UTF8.self)
        let depth = request.headers.first { $0.name == "Depth" }?.value
        let kind: Kind
        var response: CardDAVResponse
        switch request.method {
        case "PROPFIND" where depth == "0":
            kind = .propfind0
            response = CardDAVResponse(status: 207, body: Array(propfind0().utf8))
        case "PROPFIND":
            kind = .propfind1
            response = CardDAVResponse(status: 207, body: Array(listing(withToken: false).utf8))
        case "REPORT" where body.contains("sync-collection"):
            let since = !body.contains("<D:sync-token></D:sync-token>")
            kind = since ? .syncSince : .syncFull
            if !offersSyncCollection {
                response = CardDAVResponse(status: 501, body: Array("<html>not implemented</html>".utf8))
            } else if since && tokenExpired {
                response = CardDAVResponse(status: 403, body: Array("<?xml version='1.0' encoding='utf-8'?>\n<error xmlns=\"DAV:\"><valid-sync-token /></error>".utf8))
            } else {
                response = CardDAVResponse(status: 207, body: Array((since ? changes() : listing(withToken: true)).utf8))
            }
        case "REPORT":
            kind = .multiget
            response = CardDAVResponse(status: 207, body: Array(multiget(Self.hrefs(in: body)).utf8))
        case "PUT":
            kind = .put
            response = CardDAVResponse(status: putStatus, headers: putStatus < 300 ? [.init("ETag", "\"put-\(served.count)\"")] : [])
        default:
            kind = .delete
            response = CardDAVResponse(status: 204)
        }
        if mutated.contains(kind), let mutate { mutate(&response) }
        served.append((kind, response.body))
        return .success(response)
    }

    // MARK: Answers, as the servers write them

    private func ns(_ name: String) -> String { xandikos ? "ns0:" + name : name }
    private var root: String {
        xandikos ? "<ns0:multistatus xmlns:ns0=\"DAV:\" xmlns:ns1=\"urn:ietf:params:xml:ns:carddav\">"
            : "<?xml version='1.0' encoding='utf-8'?>\n<multistatus xmlns=\"DAV:\" xmlns:CR=\"urn:ietf:params:xml:ns:carddav\" xmlns:CS=\"http://calendarserver.org/ns/\">"
    }
    private var end: String { "</" + ns("multistatus") + ">" }
    private func ok(_ prop: String) -> String {
        "<\(ns("propstat"))><\(ns("prop"))>\(prop)</\(ns("prop"))><\(ns("status"))>HTTP/1.1 200 OK</\(ns("status"))></\(ns("propstat"))>"
    }
    private func response(_ href: String, _ inside: String) -> String {
        "<\(ns("response"))><\(ns("href"))>\(href)</\(ns("href"))>\(inside)</\(ns("response"))>"
    }
    private func status(_ code: String) -> String { "<\(ns("status"))>HTTP/1.1 \(code)</\(ns("status"))>" }
    private func etag(_ value: String) -> String { "<\(ns("getetag"))>\(value)</\(ns("getetag"))>" }

    func propfind0() -> String {
        let reports = (offersSyncCollection ? ["sync-collection"] : []) + ["expand-property"]
        let set = reports.map { "<supported-report><report><\($0) /></report></supported-report>" }.joined()
        return "<?xml version='1.0' encoding='utf-8'?>\n<multistatus xmlns=\"DAV:\" xmlns:CR=\"urn:ietf:params:xml:ns:carddav\" xmlns:CS=\"http://calendarserver.org/ns/\">"
            + "<response><href>\(Self.book)</href><propstat><prop><resourcetype><CR:addressbook /><collection /></resourcetype><displayname>Fuzz</displayname>"
            + "<CS:getctag>\(ctag)</CS:getctag>" + (offersSyncCollection ? "<sync-token>\(token)</sync-token>" : "")
            + "<supported-report-set>\(set)</supported-report-set></prop><status>HTTP/1.1 200 OK</status></propstat></response></multistatus>"
    }

    func listing(withToken: Bool) -> String {
        var text = root
        if withToken && !xandikos { text += "<sync-token>\(token)</sync-token>" }
        if !withToken { text += response(Self.book, ok(etag(ctag) + "<\(ns("resourcetype"))><\(xandikos ? "ns1" : "CR"):addressbook /><\(ns("collection")) /></\(ns("resourcetype"))>")) }
        for card in cards { text += response(Self.book + card.name, ok(etag(card.etag) + (withToken ? "" : "<\(ns("resourcetype")) />"))) }
        if withToken && xandikos { text += "<ns0:sync-token>\(token)</ns0:sync-token>" }
        return text + end
    }

    func changes() -> String {
        var text = root + (xandikos ? "" : "<sync-token>\(token)</sync-token>")
        for name in changedSince { if let card = cards.first(where: { $0.name == name }) { text += response(Self.book + name, ok(etag(card.etag))) } }
        for name in deletedSince { text += response(Self.book + name, status("404 Not Found")) }
        return text + (xandikos ? "<ns0:sync-token>\(token)</ns0:sync-token>" : "") + end
    }

    func multiget(_ hrefs: [String]) -> String {
        var text = root
        let data = xandikos ? "ns1:address-data" : "CR:address-data"
        for href in hrefs {
            if let card = cards.first(where: { Self.book + $0.name == href }) {
                text += response(href, ok(etag(card.etag) + "<\(data)>\(Self.escaped(card.vCard))</\(data)>"))
            } else {
                text += response(href, status("404 Not Found"))
            }
        }
        return text + end
    }

    static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
    }

    /// The DAV:href values of a request's body.
    static func hrefs(in body: String) -> [String] {
        body.components(separatedBy: "<D:href>").dropFirst().compactMap { $0.components(separatedBy: "</D:href>").first }
            .map { $0.replacingOccurrences(of: "&amp;", with: "&") }
    }

    // MARK: What a round may do to an answer

    /// The ways an answer is broken: bytes flipped, cut, repeated, random, truncated; namespaces
    /// changed; huge values; the cards' text mutated inside well-formed XML; the HTTP status changed.
    enum Mutation: CaseIterable { case bytes, text, random, truncated, namespaces, huge, cards, status }

    static let pieces: [[UInt8]] = ["<", ">", "</", "/>", "&", "&amp;", "&#0;", "&#x110000;", "<![CDATA[", "]]>",
                                    "<!DOCTYPE x [<!ENTITY a \"aaaaaaaaaa\">]>", "&a;", "xmlns:x=\"DAV:\"", "<x:href>",
                                    "\u{0}", "\u{FEFF}", "é", "\r\n", "<response>", "<ns0:response>", "HTTP/1.1 ", "404", "<?xml version=\"1.0\"?>",
                                    "<status>HTTP/1.1 404 Not Found</status>", "</multistatus>", "<sync-token>", "<href>"].map { Array($0.utf8) }

    static let cardPieces: [String] = ["\r\n", "\r\n ", ":", ";", ",", "\\", "=", "BEGIN:VCARD\r\n", "END:VCARD\r\n", "VERSION:4.0\r\n",
                                       "item1.", "FN:", "N:;;;;", "ENCODING=QUOTED-PRINTABLE:", "=C3=", "CHARSET=UTF-16:", "\u{0}", "\u{FFFD}",
                                       "KIND:group\r\n", "MEMBER:urn:uuid:x\r\n", "PHOTO;ENCODING=b:", "BDAY:--13-45\r\n", "UID:\r\n", "é", "👩‍💻"]

    static func mutate(_ response: inout CardDAVResponse, _ how: Mutation, _ random: inout SeededGenerator) {
        var bytes = response.body
        switch how {
        case .bytes:
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                guard !bytes.isEmpty else { bytes = pieces.randomElement(using: &random)!; continue }
                let at = Int.random(in: 0..<bytes.count, using: &random)
                switch Int.random(in: 0..<6, using: &random) {
                case 0: bytes[at] = UInt8.random(in: 0...255, using: &random)
                case 1: bytes.removeSubrange(at..<min(bytes.count, at + Int.random(in: 1...40, using: &random)))
                case 2: bytes.insert(contentsOf: pieces.randomElement(using: &random)!, at: at)
                case 3: let end = min(bytes.count, at + Int.random(in: 1...300, using: &random)); bytes.insert(contentsOf: bytes[at..<end], at: at)
                case 4: bytes.swapAt(at, Int.random(in: 0..<bytes.count, using: &random))
                default: bytes.removeSubrange(at..<min(bytes.count, at + Int.random(in: 1...400, using: &random)))
                }
            }
        case .text:
            // Only text between tags: the answer stays well-formed and what it says is read.
            var text: [Int] = []
            var inTag = false
            for (index, byte) in bytes.enumerated() {
                if byte == UInt8(ascii: "<") { inTag = true } else if byte == UInt8(ascii: ">") { inTag = false } else if !inTag && byte != UInt8(ascii: "&") && byte < 0x80 { text.append(index) }
            }
            let replacements = Array(" 0123456789/HTTP.%\"\t\nabcz:".utf8)
            for _ in 0..<Int.random(in: 1...8, using: &random) {
                guard let at = text.randomElement(using: &random) else { break }
                bytes[at] = replacements.randomElement(using: &random)!
            }
        case .random:
            bytes = (0..<Int.random(in: 0...4096, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }
        case .truncated:
            bytes = Array(bytes.prefix(Int.random(in: 0...max(0, bytes.count - 1), using: &random)))
        case .namespaces:
            var text = String(decoding: bytes, as: UTF8.self)
            let swaps = [("\"DAV:\"", "\"DAV\""), ("\"DAV:\"", "\"urn:ietf:params:xml:ns:carddav\""), ("urn:ietf:params:xml:ns:carddav", "DAV:"),
                         ("xmlns=\"DAV:\"", "xmlns=\"\""), ("xmlns:ns0=\"DAV:\"", "xmlns:ns0=\"dav:\""), ("ns0:", "ns1:"), ("CR:", ""),
                         ("<response>", "<D:response>"), ("http://calendarserver.org/ns/", "DAV:")]
            for _ in 0..<Int.random(in: 1...2, using: &random) {
                let (from, to) = swaps.randomElement(using: &random)!
                text = text.replacingOccurrences(of: from, with: to)
            }
            bytes = Array(text.utf8)
        case .huge:
            // A huge href, etag, token or card (past libxml2's 10 MB text limit now and then).
            let size = Int.random(in: 0..<8, using: &random) == 0 ? 11 << 20 : [64 << 10, 1 << 20, 3 << 20].randomElement(using: &random)!
            let huge = Array(String(repeating: ["a", "é", "0", " "].randomElement(using: &random)!, count: size).utf8.prefix(size))
            let anchors = ["</href>", "</getetag>", "</sync-token>", "END:VCARD", "</ns0:href>", "</ns0:getetag>"].map { Array($0.utf8) }
            let found = anchors.compactMap { anchor in Self.firstIndex(of: anchor, in: bytes) }
            bytes.insert(contentsOf: huge, at: found.randomElement(using: &random) ?? bytes.count / 2)
        case .cards:
            // The vCards' text changed inside well-formed XML (escaped), so the card reader meets it.
            var text = String(decoding: bytes, as: UTF8.self)
            let parts = text.components(separatedBy: "BEGIN:VCARD")
            guard parts.count > 1 else { break }
            text = parts[0]
            for part in parts.dropFirst() {
                var card = Array(("BEGIN:VCARD" + part).unicodeScalars)
                for _ in 0..<Int.random(in: 1...5, using: &random) {
                    let cardEnd = card.firstIndex(of: "<") ?? card.count // the card's text ends where the XML goes on
                    guard cardEnd > 0 else { break }
                    let at = Int.random(in: 0..<cardEnd, using: &random)
                    switch Int.random(in: 0..<4, using: &random) {
                    case 0: card.insert(contentsOf: Array(FuzzServer.escaped(cardPieces.randomElement(using: &random)!).unicodeScalars), at: at)
                    case 1: card.removeSubrange(at..<min(cardEnd, at + Int.random(in: 1...30, using: &random)))
                    case 2: card[at] = Unicode.Scalar(UInt8.random(in: 0x20...0x7e, using: &random))
                        if card[at] == "<" || card[at] == "&" { card[at] = ";" }
                    default: card.removeSubrange(at..<cardEnd) // cut short
                        card.insert(contentsOf: Array("\r\n".unicodeScalars), at: at)
                    }
                }
                var scalars = String.UnicodeScalarView()
                scalars.append(contentsOf: card)
                text += String(scalars)
            }
            bytes = Array(text.utf8)
        case .status:
            response.status = [200, 201, 204, 207, 301, 400, 401, 403, 404, 409, 412, 500, 501, 503, 507].randomElement(using: &random)!
            if Bool.random(using: &random) {
                var text = String(decoding: bytes, as: UTF8.self)
                text = text.replacingOccurrences(of: "200 OK", with: ["207 Multi-Status", "500 Oops", "HTTP/1.1", "", "999 Nine"].randomElement(using: &random)!)
                bytes = Array(text.utf8)
            }
        }
        response.body = bytes
    }

    static func firstIndex(of needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard !needle.isEmpty, haystack.count >= needle.count else { return nil }
        var i = 0
        while i <= haystack.count - needle.count {
            if haystack[i] == needle[0] && Array(haystack[i..<i + needle.count]) == needle { return i }
            i += 1
        }
        return nil
    }

    // MARK: What the server said

    /// Whether what was served says the card `name` is gone: a 404 or 410 in an answer that names
    /// it (sync-collection since a token, a multiget), or a full listing (sync-collection from no
    /// token, PROPFIND Depth 1) that does not name its href (a mangled href, such as `/alice/b\nok/c4.vcf`
    /// for `/alice/book/c4.vcf`, names another card). Read from the bytes, not by the client's parser.
    func mayHaveSaidGone(_ name: String) -> Bool {
        served.contains { kind, body in
            let text = String(decoding: body, as: UTF8.self)
            switch kind {
            case .syncSince, .multiget: return text.contains(name) && (text.contains("404") || text.contains("410"))
            case .syncFull, .propfind1: return !text.contains(Self.book + name) || text.contains("404") || text.contains("410")
            default: return false
            }
        }
    }
}
