/// An XML element of a WebDAV answer, as libxml2 read it: its namespace URI (not its prefix,
/// which each server picks), local name, child elements and the text directly inside it.
struct DAVElement: Equatable, Sendable {
    /// The namespace URI ("DAV:", `DAVNamespace.cardDAV`, …), "" for none.
    var namespace: String
    /// The local name ("multistatus", "href").
    var name: String
    var children: [DAVElement]
    /// The text directly inside (entities and CDATA resolved), untrimmed.
    var text: String
    /// Of a card (CARDDAV:address-data) larger than `XMLStream.maximumCardBytes`: its size in
    /// bytes, its `text` then left empty; else 0.
    var droppedBytes = 0

    /// Whether this is `name` in `namespace`.
    func `is`(_ namespace: String, _ name: String) -> Bool { self.namespace == namespace && self.name == name }

    /// The first child `name` in `namespace`.
    func child(_ namespace: String, _ name: String) -> DAVElement? { children.first { $0.is(namespace, name) } }

    /// Every child `name` in `namespace`, in order.
    func children(_ namespace: String, _ name: String) -> [DAVElement] { children.filter { $0.is(namespace, name) } }

    /// The text with the spaces and line breaks around it removed (what an href or a status holds).
    var trimmedText: String {
        let scalars = text.unicodeScalars
        let isSpace: (Unicode.Scalar) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard let first = scalars.firstIndex(where: { !isSpace($0) }),
              let last = scalars.lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(scalars[first...last])
    }
}

/// The XML namespaces CardDAV speaks.
enum DAVNamespace {
    static let dav = "DAV:"
    static let cardDAV = "urn:ietf:params:xml:ns:carddav"
    /// Apple's calendarserver namespace, where `getctag` lives.
    static let calendarServer = "http://calendarserver.org/ns/"
}
