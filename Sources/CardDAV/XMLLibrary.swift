import CXML2

/// libxml2, opened the first time a server's XML answer is read (dlopen) — not linked, so the
/// app maps it (and ICU, which it brings) only while it syncs.
final class XMLLibrary: Sendable {
    /// libxml2's functions.
    let xml: SBLibXML2

    #if os(macOS)
    static let fileName = "libxml2.2.dylib"
    #else
    static let fileName = "libxml2.so.2"
    #endif

    /// libxml2, opened once for the process (the error says how to install it).
    static func shared() throws(CardDAVError) -> XMLLibrary { try loaded.get() }

    private static let loaded: Result<XMLLibrary, CardDAVError> = Result { () throws(CardDAVError) in
        let table = UnsafeMutablePointer<SBLibXML2>.allocate(capacity: 1)
        defer { table.deallocate() }
        if let why = sb_libxml2_open(fileName, table) {
            throw .libraryMissing(file: fileName, detail: String(cString: why))
        }
        return XMLLibrary(xml: table.pointee)
    }

    private init(xml: SBLibXML2) { self.xml = xml }

    /// The document in `bytes` as a tree of elements; nil when it is not well-formed XML.
    func parse(_ bytes: [UInt8]) -> DAVElement? {
        guard !bytes.isEmpty, bytes.count < Int(Int32.max) else { return nil }
        let document: xmlDocPtr? = bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                xml.xmlReadMemory(chars.baseAddress, Int32(chars.count), "answer.xml", nil, sb_xml_parse_options)
            }
        }
        guard let document else { return nil }
        defer { xml.xmlFreeDoc(document) }
        guard let root = xml.xmlDocGetRootElement(document) else { return nil }
        return Self.element(root)
    }

    /// `node` (an element) and what is under it, read from libxml2's structs.
    private static func element(_ node: xmlNodePtr) -> DAVElement {
        let name = node.pointee.name.map { String(cString: $0) } ?? ""
        let namespace = node.pointee.ns.flatMap { $0.pointee.href }.map { String(cString: $0) } ?? ""
        var children: [DAVElement] = []
        var text = ""
        var child = node.pointee.children
        while let current = child {
            switch current.pointee.type {
            case XML_ELEMENT_NODE:
                children.append(element(current))
            case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
                if let content = current.pointee.content { text += String(cString: content) }
            default:
                break
            }
            child = current.pointee.next
        }
        return DAVElement(namespace: namespace, name: name, children: children, text: text)
    }
}
