/// The CardDAV protocol (RFC 6352 on WebDAV, RFC 4918, with RFC 6578's sync-collection and
/// RFC 6764's discovery): finds a person's address books from the server's bare address, lists
/// them, makes one, writes and deletes cards guarded by their etags, and reads what changed.
/// Every answer is read as XML by libxml2 (namespaces by URI, whatever prefixes the server uses).
///
/// ```swift
/// let client = try CardDAVClient(transport: CardDAVTransport(credentials: .init(user: "alice", password: pw)))
/// let account = try client.discover(from: "https://dav.example.com/")
/// let changes = try client.syncCollection(account.addressBooks[0].url, token: nil)
/// let cards = try client.multiget(account.addressBooks[0].url, hrefs: changes.changed.map(\.href))
/// ```
public final class CardDAVClient {
    public let transport: CardDAVTransport
    /// Cards asked for in one addressbook-multiget.
    public var multigetBatchSize = 100
    /// Redirects followed for one request.
    static let maximumRedirects = 5

    public init(transport: CardDAVTransport) {
        self.transport = transport
    }

    // MARK: Discovery

    /// Finds the address book home and its address books from `url` — the server's bare
    /// address (`https://dav.example.com/`), a principal's or home's URL, or an address book's:
    /// `/.well-known/carddav` (RFC 6764, redirects followed), DAV:current-user-principal,
    /// CARDDAV:addressbook-home-set, then the home's listing.
    public func discover(from url: String) throws(CardDAVError) -> CardDAVAccount {
        guard url.hasPrefix("http://") || url.hasPrefix("https://") else { throw .invalidURL(url) }
        let contextProperties = [("DAV:", "current-user-principal"), ("DAV:", "resourcetype"),
                                 (DAVNamespace.cardDAV, "addressbook-home-set")]
        var candidates: [String] = []
        if let wellKnown = resolve("/.well-known/carddav", against: url) { candidates.append(wellKnown) }
        candidates.append(url)
        var lastError: CardDAVError?
        for candidate in candidates {
            let found: (url: String, response: Multistatus.Response?)
            do {
                found = try propfindOne(candidate, properties: contextProperties)
            } catch {
                switch error {
                case .notFound, .unexpectedStatus, .malformedAnswer, .forbidden: lastError = error; continue
                default: throw error
                }
            }
            guard let response = found.response else { continue }
            // The address book home named here (some servers name it on any resource).
            if let home = response.property(DAVNamespace.cardDAV, "addressbook-home-set").flatMap({ href(in: $0) }),
               let homeURL = resolve(home, against: found.url) {
                return try account(context: found.url, principal: nil, home: homeURL)
            }
            if let principal = response.property(DAVNamespace.dav, "current-user-principal").flatMap({ href(in: $0) }),
               let principalURL = resolve(principal, against: found.url) {
                let (at, principalResponse) = try propfindOne(principalURL, properties: [(DAVNamespace.cardDAV, "addressbook-home-set")])
                guard let home = principalResponse?.property(DAVNamespace.cardDAV, "addressbook-home-set").flatMap({ href(in: $0) }),
                      let homeURL = resolve(home, against: at) else {
                    throw .notCardDAV(url: url, detail: "the principal \(principalURL) names no addressbook-home-set")
                }
                return try account(context: found.url, principal: principalURL, home: homeURL)
            }
            if let type = response.property(DAVNamespace.dav, "resourcetype"), type.child(DAVNamespace.cardDAV, "addressbook") != nil {
                let books = try addressBooks(in: found.url, depth: "0")
                return CardDAVAccount(contextURL: found.url, principalURL: nil, homeURL: found.url, addressBooks: books)
            }
        }
        throw lastError.map { error -> CardDAVError in
            if case .notFound = error { return .notCardDAV(url: url, detail: "neither /.well-known/carddav nor the address itself is a WebDAV resource") }
            return error
        } ?? .notCardDAV(url: url, detail: "the server names no current-user-principal or addressbook-home-set")
    }

    private func account(context: String, principal: String?, home: String) throws(CardDAVError) -> CardDAVAccount {
        CardDAVAccount(contextURL: context, principalURL: principal, homeURL: home, addressBooks: try addressBooks(in: home))
    }

    /// The address books listed in `home` (PROPFIND, Depth 1): each member whose resourcetype
    /// is CARDDAV:addressbook, with its displayname, getctag, sync-token and whether it
    /// supports sync-collection.
    public func addressBooks(in home: String) throws(CardDAVError) -> [AddressBook] {
        try addressBooks(in: home, depth: "1")
    }

    private func addressBooks(in url: String, depth: String) throws(CardDAVError) -> [AddressBook] {
        let properties = [(DAVNamespace.dav, "resourcetype"), (DAVNamespace.dav, "displayname"),
                          (DAVNamespace.calendarServer, "getctag"), (DAVNamespace.dav, "sync-token"),
                          (DAVNamespace.dav, "supported-report-set")]
        let (at, multistatus) = try propfind(url, depth: depth, properties: properties)
        return addressBooks(in: multistatus, at: at)
    }

    /// A home listing's address books: the members whose resourcetype is CARDDAV:addressbook.
    func addressBooks(in multistatus: Multistatus, at: String) -> [AddressBook] {
        var books: [AddressBook] = []
        for response in multistatus.responses {
            guard let type = response.property(DAVNamespace.dav, "resourcetype"),
                  type.child(DAVNamespace.cardDAV, "addressbook") != nil,
                  let bookURL = resolve(response.href, against: at) else { continue }
            let reports = response.property(DAVNamespace.dav, "supported-report-set")?
                .children(DAVNamespace.dav, "supported-report")
                .compactMap { $0.child(DAVNamespace.dav, "report")?.children.first } ?? []
            books.append(AddressBook(
                url: bookURL, href: response.href,
                displayName: response.property(DAVNamespace.dav, "displayname").map(\.trimmedText).flatMap { $0.isEmpty ? nil : $0 },
                ctag: response.property(DAVNamespace.calendarServer, "getctag").map(\.trimmedText),
                syncToken: response.property(DAVNamespace.dav, "sync-token").map(\.trimmedText),
                supportsSyncCollection: reports.contains { $0.is(DAVNamespace.dav, "sync-collection") }))
        }
        return books
    }

    // MARK: Address books and cards

    /// Makes the address book `segment` (one path segment, as is: letters, digits, `-`, `_`) in
    /// `home`, named `displayName` (extended MKCOL, RFC 5689), and returns it as listed.
    public func createAddressBook(in home: String, segment: String, displayName: String) throws(CardDAVError) -> AddressBook {
        let base = home.hasSuffix("/") ? home : home + "/"
        let url = base + segment + "/"
        let body = """
            <?xml version="1.0" encoding="utf-8"?>
            <D:mkcol xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:carddav"><D:set><D:prop>\
            <D:resourcetype><D:collection/><C:addressbook/></D:resourcetype>\
            <D:displayname>\(Self.escaped(displayName))</D:displayname>\
            </D:prop></D:set></D:mkcol>
            """
        _ = try transport.send(CardDAVRequest(method: "MKCOL", url: url, headers: [.init("Content-Type", "application/xml; charset=utf-8")],
                                              body: Array(body.utf8)), expecting: [201])
        guard let book = try addressBooks(in: url, depth: "0").first else {
            throw .malformedAnswer(url: url, detail: "the address book made is not listed as one")
        }
        return book
    }

    /// Writes `vCard` at `url`: a new card when `etag` is nil (`If-None-Match: *`: a card
    /// already there is not overwritten), else over the version with that etag (`If-Match`).
    /// Returns the new etag, nil when the server sends none. A 412 is `changedOnServer`.
    @discardableResult
    public func put(_ vCard: String, at url: String, replacing etag: String?) throws(CardDAVError) -> String? {
        var headers: [CardDAVRequest.Header] = [.init("Content-Type", "text/vcard; charset=utf-8")]
        headers.append(etag.map { .init("If-Match", $0) } ?? .init("If-None-Match", "*"))
        let response = try transport.send(CardDAVRequest(method: "PUT", url: url, headers: headers, body: Array(vCard.utf8)),
                                          expecting: [200, 201, 204])
        return response.header("ETag")
    }

    /// Deletes the card at `url` if it is still the version with `etag` (`If-Match`); a 412 is
    /// `changedOnServer`. Without an etag (a card put whose etag never came back) it is deleted as it is.
    public func delete(at url: String, etag: String?) throws(CardDAVError) {
        _ = try transport.send(CardDAVRequest(method: "DELETE", url: url, headers: etag.map { [.init("If-Match", $0)] } ?? []),
                               expecting: [200, 204])
    }

    /// The address book at `url` itself (PROPFIND, Depth 0): its displayname, getctag and
    /// sync-token; nil when `url` is not an address book.
    public func addressBook(at url: String) throws(CardDAVError) -> AddressBook? {
        try addressBooks(in: url, depth: "0").first
    }

    /// The address book's CS:getctag alone (PROPFIND, Depth 0), nil when the server has none: a
    /// cheap "did anything change" where the sync-token is dear (Xandikos answers it from its git
    /// tree at once; Radicale with two thirds of a sync-collection's work, as it does not compute
    /// the token for it).
    public func ctag(of url: String) throws(CardDAVError) -> String? {
        let (_, response) = try propfindOne(url, properties: [(DAVNamespace.calendarServer, "getctag")])
        return response?.property(DAVNamespace.calendarServer, "getctag").map(\.trimmedText).flatMap { $0.isEmpty ? nil : $0 }
    }

    /// What changed in the address book at `url` since `token` (nil: everything there is, as
    /// changed), with the token for next time (RFC 6578 sync-collection, sync-level 1). A token
    /// the server no longer knows is `syncTokenExpired`.
    public func syncCollection(_ url: String, token: String?) throws(CardDAVError) -> SyncChanges {
        var changes = SyncChanges(syncToken: nil, changed: [], deleted: [])
        let end = try syncCollection(url, token: token) { member in
            if member.isDeleted { changes.deleted.append(member.href) } else { changes.changed.append((member.href, member.etag)) }
        }
        changes.syncToken = end.syncToken
        changes.truncated = end.truncated
        return changes
    }

    /// `syncCollection`, read as it arrives: `each` gets every member as it is read (a listing of
    /// any size is never held whole). Only once this returns is the answer known to be whole and
    /// well-formed: keep what `each` gives, act on it after. Returns the token for next time and
    /// whether the server cut its answer short (ask again from that token for the rest).
    public func syncCollection(_ url: String, token: String?, each: (SyncMember) -> Void) throws(CardDAVError) -> (syncToken: String?, truncated: Bool) {
        let body = """
            <?xml version="1.0" encoding="utf-8"?>
            <D:sync-collection xmlns:D="DAV:"><D:sync-token>\(token.map(Self.escaped) ?? "")</D:sync-token>\
            <D:sync-level>1</D:sync-level><D:prop><D:getetag/></D:prop></D:sync-collection>
            """
        let request = CardDAVRequest(method: "REPORT", url: url,
                                     headers: [.init("Depth", "0"), .init("Content-Type", "application/xml; charset=utf-8")],
                                     body: Array(body.utf8))
        var truncated = false
        let (response, syncToken) = try streamMultistatus(request) { member in
            if let change = Self.change(member) { each(change) } else { truncated = true }
        }
        // RFC 6578 §3.2: 403 (or 409) with the DAV:valid-sync-token precondition; Xandikos answers 412 with it.
        if token != nil, [400, 403, 409, 412].contains(response.status),
           let root = try? parse(response.body, url: url), root.child(DAVNamespace.dav, "valid-sync-token") != nil {
            throw .syncTokenExpired(url: url)
        }
        guard response.status == 207 else {
            throw CardDAVError.forStatus(response.status, method: "REPORT", url: url) ?? .unexpectedStatus(url: url, status: response.status, method: "REPORT")
        }
        return (syncToken, truncated)
    }

    /// One member of a sync-collection answer: a 404 (or 410) was deleted, a 507 (nil) says the
    /// answer is truncated, any other is new or changed (with its DAV:getetag; without one, or
    /// with its propstat unreadable, it is read again rather than taken as gone).
    static func change(_ member: Multistatus.Response) -> SyncMember? {
        if member.status == 507 { return nil }
        if let status = member.status, status == 404 || status == 410 { return SyncMember(href: member.href, etag: nil, isDeleted: true) }
        let etag = member.property(DAVNamespace.dav, "getetag")?.trimmedText
        return SyncMember(href: member.href, etag: etag.flatMap { $0.isEmpty ? nil : $0 }, isDeleted: false)
    }

    /// A sync-collection answer's changes (see `change`).
    static func changes(in multistatus: Multistatus) -> SyncChanges {
        var changes = SyncChanges(syncToken: multistatus.syncToken, changed: [], deleted: [])
        for member in multistatus.responses {
            guard let change = change(member) else { changes.truncated = true; continue }
            if change.isDeleted { changes.deleted.append(change.href) } else { changes.changed.append((change.href, change.etag)) }
        }
        return changes
    }

    /// An addressbook-multiget answer's cards: the members that have address-data.
    static func cards(in multistatus: Multistatus) -> [CardResource] {
        multistatus.responses.compactMap(card)
    }

    /// Every card in the address book at `url` with its etag (PROPFIND Depth 1 of DAV:getetag):
    /// what is compared with the etags kept when the server offers no sync-collection, after its
    /// getctag changed. Members that are collections, or have no etag, are left out.
    public func etags(in url: String) throws(CardDAVError) -> [(href: String, etag: String)] {
        var listed: [(href: String, etag: String)] = []
        try etags(in: url) { listed.append(($0, $1)) }
        return listed
    }

    /// `etags(in:)`, read as it arrives: `each` gets every card's href and etag as it is read.
    /// Only once this returns is the listing known to be whole: keep what `each` gives, act on it after.
    public func etags(in url: String, each: (_ href: String, _ etag: String) -> Void) throws(CardDAVError) {
        let document = Self.propfindBody([(DAVNamespace.dav, "getetag"), (DAVNamespace.dav, "resourcetype")])
        let request = CardDAVRequest(method: "PROPFIND", url: url,
                                     headers: [.init("Depth", "1"), .init("Content-Type", "application/xml; charset=utf-8")],
                                     body: Array(document.utf8))
        let (response, _) = try streamMultistatus(request) { member in
            if let listed = Self.listed(member) { each(listed.href, listed.etag) }
        }
        guard response.status == 207 else {
            throw CardDAVError.forStatus(response.status, method: "PROPFIND", url: url) ?? .unexpectedStatus(url: url, status: response.status, method: "PROPFIND")
        }
    }

    /// A listing's cards with their etags (see `listed`).
    static func etags(in multistatus: Multistatus) -> [(href: String, etag: String)] {
        multistatus.responses.compactMap(listed)
    }

    /// A listing's member as a card with its etag: nil for a collection or one whose own status
    /// is 404 or 410; a member whose etag is missing or unreadable is listed with "" (it is
    /// there: read again, never taken as deleted).
    static func listed(_ member: Multistatus.Response) -> (href: String, etag: String)? {
        if let type = member.property(DAVNamespace.dav, "resourcetype"), type.child(DAVNamespace.dav, "collection") != nil { return nil }
        if let status = member.status, status == 404 || status == 410 { return nil }
        return (member.href, member.property(DAVNamespace.dav, "getetag")?.trimmedText ?? "")
    }

    /// The cards at `hrefs` in the address book at `url`, read in batches of `multigetBatchSize`
    /// (addressbook-multiget, RFC 6352 §8.7); hrefs the server has no card for are left out.
    public func multiget(_ url: String, hrefs: [String]) throws(CardDAVError) -> [CardResource] {
        try multigetAnswer(url, hrefs: hrefs).cards
    }

    /// `multiget`'s cards, and the hrefs the server said it has no card for (a 404 or 410 of
    /// their own): an href neither among the cards nor among `gone` was not answered about.
    public func multigetAnswer(_ url: String, hrefs: [String]) throws(CardDAVError) -> (cards: [CardResource], gone: [String]) {
        var cards: [CardResource] = []
        var gone: [String] = []
        var start = 0
        while start < hrefs.count {
            let batch = hrefs[start..<min(start + max(1, multigetBatchSize), hrefs.count)]
            start += batch.count
            var body = """
                <?xml version="1.0" encoding="utf-8"?>
                <C:addressbook-multiget xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:carddav">\
                <D:prop><D:getetag/><C:address-data/></D:prop>
                """
            for href in batch { body += "<D:href>\(Self.escaped(href))</D:href>" }
            body += "</C:addressbook-multiget>"
            let request = CardDAVRequest(method: "REPORT", url: url,
                                         headers: [.init("Depth", "1"), .init("Content-Type", "application/xml; charset=utf-8")],
                                         body: Array(body.utf8))
            var batchCards: [CardResource] = [], batchGone: [String] = []
            let (response, _) = try streamMultistatus(request) { member in
                if let card = Self.card(member) { batchCards.append(card) }
                if member.status == 404 || member.status == 410 { batchGone.append(member.href) }
            }
            guard response.status == 207 else {
                throw CardDAVError.forStatus(response.status, method: "REPORT", url: url) ?? .unexpectedStatus(url: url, status: response.status, method: "REPORT")
            }
            cards += batchCards
            gone += batchGone
        }
        return (cards, gone)
    }

    /// A multiget member's card, nil when it has no address-data.
    static func card(_ member: Multistatus.Response) -> CardResource? {
        member.property(DAVNamespace.cardDAV, "address-data").map {
            CardResource(href: member.href, etag: member.property(DAVNamespace.dav, "getetag")?.trimmedText, vCard: $0.text,
                         tooLargeBytes: $0.droppedBytes > 0 ? $0.droppedBytes : nil)
        }
    }

    /// Sends `request` and reads a 207's multistatus as it arrives, each DAV:response to `each`
    /// (never the whole answer in memory); returns the answer (a 207's body empty) and the
    /// multistatus's sync-token. Throws when a 207 is not a whole, well-formed multistatus: what
    /// `each` got is then not to be acted on.
    func streamMultistatus(_ request: CardDAVRequest, each: (Multistatus.Response) -> Void) throws(CardDAVError) -> (response: CardDAVResponse, syncToken: String?) {
        try withoutActuallyEscaping(each) { (each) throws(CardDAVError) in try stream(request, each: each) }
    }

    private func stream(_ request: CardDAVRequest, each: @escaping (Multistatus.Response) -> Void) throws(CardDAVError) -> (response: CardDAVResponse, syncToken: String?) {
        // The stream (and `each` in it) lives only for this call.
        let stream = try XMLStream(maximumCardBytes: transport.options.limits.maximumCardBytes) { element in
            if let member = Multistatus.response(element) { each(member) }
        }
        let response: CardDAVResponse
        do {
            response = try transport.send(request) { stream.feed($0) }
        } catch {
            if let why = stream.failure { throw .malformedAnswer(url: request.url, detail: why) }
            throw error
        }
        guard response.status == 207 else { return (response, nil) }
        guard let root = stream.finish() else {
            throw .malformedAnswer(url: request.url, detail: stream.failure ?? "the answer is not well-formed XML")
        }
        guard root.is(DAVNamespace.dav, "multistatus") else {
            throw .malformedAnswer(url: request.url, detail: "its root element is <\(root.name)> in “\(root.namespace)”, not DAV:multistatus")
        }
        return (response, root.child(DAVNamespace.dav, "sync-token").map(\.trimmedText))
    }

    /// `href` resolved against `base` (a full URL), by libcurl's URL parser.
    public func resolve(_ href: String, against base: String) -> String? {
        transport.library.resolve(href, against: base)
    }

    // MARK: Requests

    /// PROPFIND of `properties` on `url` at `depth`, redirects followed; the URL answered at and
    /// the multistatus.
    func propfind(_ url: String, depth: String, properties: [(String, String)]) throws(CardDAVError) -> (url: String, multistatus: Multistatus) {
        let document = Self.propfindBody(properties)
        var at = url
        for _ in 0...Self.maximumRedirects {
            let response = try transport.send(CardDAVRequest(method: "PROPFIND", url: at,
                                                             headers: [.init("Depth", depth), .init("Content-Type", "application/xml; charset=utf-8")],
                                                             body: Array(document.utf8)))
            if [301, 302, 303, 307, 308].contains(response.status) {
                guard let next = response.redirectURL else { throw .badRedirect(url: at, detail: "HTTP \(response.status) without a Location") }
                if at.hasPrefix("https://") && !next.hasPrefix("https://") {
                    throw .badRedirect(url: at, detail: "from https to \(next): the password would go unencrypted")
                }
                at = next
                continue
            }
            guard response.status == 207 else {
                throw CardDAVError.forStatus(response.status, method: "PROPFIND", url: at) ?? .unexpectedStatus(url: at, status: response.status, method: "PROPFIND")
            }
            return (at, try Multistatus(parse(response.body, url: at), url: at))
        }
        throw .badRedirect(url: url, detail: "more than \(Self.maximumRedirects) redirects")
    }

    /// A PROPFIND body asking for `properties` (namespace, name).
    static func propfindBody(_ properties: [(String, String)]) -> String {
        var prefixes: [String: String] = ["DAV:": "D"]
        var body = ""
        for (namespace, name) in properties {
            if prefixes[namespace] == nil { prefixes[namespace] = "N\(prefixes.count)" }
            body += "<\(prefixes[namespace]!):\(name)/>"
        }
        let declarations = prefixes.sorted { $0.value < $1.value }.map { " xmlns:\($0.value)=\"\(Self.escaped($0.key))\"" }.joined()
        return "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<D:propfind\(declarations)><D:prop>\(body)</D:prop></D:propfind>"
    }

    /// PROPFIND Depth 0: the URL answered at and the one response about it (nil when none).
    private func propfindOne(_ url: String, properties: [(String, String)]) throws(CardDAVError) -> (url: String, response: Multistatus.Response?) {
        let (at, multistatus) = try propfind(url, depth: "0", properties: properties)
        return (at, multistatus.responses.first)
    }

    private func parse(_ body: [UInt8], url: String) throws(CardDAVError) -> DAVElement {
        guard let root = try XMLLibrary.shared().parse(body) else {
            throw .malformedAnswer(url: url, detail: body.isEmpty ? "the answer is empty" : "the answer is not well-formed XML")
        }
        return root
    }

    /// The first DAV:href inside `element`.
    private func href(in element: DAVElement) -> String? {
        element.child(DAVNamespace.dav, "href").map(\.trimmedText).flatMap { $0.isEmpty ? nil : $0 }
    }

    /// `text` with XML's special characters as entities, for an element's text or an attribute.
    static func escaped(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            default: result.append(character)
            }
        }
        return result
    }
}
