import CXML2

/// An XML answer read as its bytes arrive (libxml2's push parser with SAX2 callbacks), so a
/// multistatus of 50,000 members is never held whole: with `responses` set, each DAV:response
/// of a DAV:multistatus root is handed over as soon as it ends and then dropped; everything else
/// (the root, its sync-token; a whole answer of another kind, such as an error body) is kept as
/// a tree. What a response says can only be trusted once `finish` says the whole answer was
/// well-formed.
///
/// ```swift
/// let stream = try XMLStream(responses: { element in print(element.name) })
/// _ = stream.feed(chunk)        // as often as bytes come
/// let root = stream.finish()    // nil: not well-formed (`failure` says why)
/// ```
final class XMLStream {
    /// Text kept at most for one response (or, without `responses`, for the whole answer): a card
    /// with a large photo fits; a server sending without end does not fill the memory.
    static let maximumKeptBytes = 48 << 20
    /// The most text of one CARDDAV:address-data kept (a card): past it the card's text is dropped
    /// and the element says how large it was (`DAVElement.droppedBytes`), the rest still read.
    let maximumCardBytes: Int
    /// The most text kept for one response: a card at most, and room for the rest of it.
    private let keptLimit: Int

    private let xml: SBLibXML2
    private var context: xmlParserCtxtPtr?
    private let responses: ((DAVElement) -> Void)?
    /// The elements open, outermost first; each one's text as bytes until it ends (and how many
    /// bytes of it were dropped, past `maximumCardBytes`).
    private var open: [(element: DAVElement, text: [UInt8], dropped: Int)] = []
    private var root: DAVElement?
    private var kept = 0
    private var fed = 0
    /// Why the answer was refused, once it is.
    private(set) var failure: String?

    /// A parser; `responses` gets each DAV:response of a multistatus as it ends (nil: keep the whole tree).
    init(maximumCardBytes: Int = CardDAVLimits().maximumCardBytes, responses: ((DAVElement) -> Void)? = nil) throws(CardDAVError) {
        xml = try XMLLibrary.shared().xml
        self.responses = responses
        self.maximumCardBytes = maximumCardBytes
        keptLimit = responses == nil ? Self.maximumKeptBytes : min(Self.maximumKeptBytes, maximumCardBytes + (1 << 20))
        var handler = xmlSAXHandler()
        handler.initialized = sb_xml_sax2_magic
        handler.startElementNs = { context, name, _, namespace, _, _, _, _, _ in
            Unmanaged<XMLStream>.fromOpaque(context!).takeUnretainedValue().start(name, namespace)
        }
        handler.endElementNs = { context, _, _, _ in
            Unmanaged<XMLStream>.fromOpaque(context!).takeUnretainedValue().end()
        }
        handler.characters = { context, bytes, count in
            Unmanaged<XMLStream>.fromOpaque(context!).takeUnretainedValue().text(bytes, count)
        }
        handler.cdataBlock = handler.characters
        context = xml.xmlCreatePushParserCtxt(&handler, Unmanaged.passUnretained(self).toOpaque(), nil, 0, "answer.xml")
        guard let context else { throw .malformedAnswer(url: "", detail: "libxml2 could not make a parser") }
        _ = xml.xmlCtxtUseOptions(context, sb_xml_parse_options)
    }

    deinit {
        if let context { xml.xmlFreeParserCtxt(context) }
    }

    /// Reads the next bytes of the answer; false once it is refused (not well-formed, too big).
    func feed(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard failure == nil, let context else { return false }
        guard !bytes.isEmpty else { return true }
        fed += bytes.count
        var at = 0
        while at < bytes.count {
            let count = min(bytes.count - at, 1 << 20)
            let chars = bytes.baseAddress!.advanced(by: at).assumingMemoryBound(to: CChar.self)
            _ = xml.xmlParseChunk(context, chars, Int32(count), 0)
            at += count
            if sb_xml_well_formed(context) == 0 { failure = failure ?? "the answer is not well-formed XML"; return false }
            if failure != nil { return false }
        }
        return true
    }

    /// Reads `bytes` as more of the answer.
    func feed(_ bytes: [UInt8]) -> Bool { bytes.withUnsafeBytes { feed($0) } }

    /// The end of the answer: the root element (without the responses handed over), nil when the
    /// answer is empty, not well-formed, or was refused (`failure` says why).
    func finish() -> DAVElement? {
        guard failure == nil, let context else { return nil }
        _ = xml.xmlParseChunk(context, nil, 0, 1)
        guard fed > 0 else { failure = "the answer is empty"; return nil }
        guard sb_xml_well_formed(context) != 0, let root, open.isEmpty else { failure = failure ?? "the answer is not well-formed XML"; return nil }
        return root
    }

    // MARK: SAX2 callbacks

    private func start(_ name: UnsafePointer<xmlChar>?, _ namespace: UnsafePointer<xmlChar>?) {
        guard failure == nil else { return }
        let element = DAVElement(namespace: namespace.map { String(cString: $0) } ?? "", name: name.map { String(cString: $0) } ?? "",
                                 children: [], text: "")
        kept += element.name.utf8.count + element.namespace.utf8.count
        open.append((element, [], 0))
        overflowCheck()
    }

    private func end() {
        guard failure == nil, let (ended, text, dropped) = open.popLast() else { return }
        var element = ended
        if dropped > 0 { element.droppedBytes = dropped }
        else if !text.isEmpty { element.text = String(decoding: text, as: UTF8.self) }
        guard let parent = open.indices.last else { root = element; return }
        if let responses, open.count == 1, open[0].element.is(DAVNamespace.dav, "multistatus"), element.is(DAVNamespace.dav, "response") {
            responses(element)
            kept = 0
        } else {
            open[parent].element.children.append(element)
        }
    }

    private func text(_ bytes: UnsafePointer<xmlChar>?, _ count: Int32) {
        guard failure == nil, let bytes, count > 0, !open.isEmpty else { return }
        let last = open.count - 1
        if open[last].dropped > 0 { open[last].dropped += Int(count); return }
        if open[last].text.count + Int(count) > maximumCardBytes, open[last].element.is(DAVNamespace.cardDAV, "address-data") {
            // A card past the limit: not kept, only its size.
            kept -= open[last].text.count
            open[last].dropped = open[last].text.count + Int(count)
            open[last].text = []
            return
        }
        open[last].text.append(contentsOf: UnsafeBufferPointer(start: bytes, count: Int(count)))
        kept += Int(count)
        overflowCheck()
    }

    private func overflowCheck() {
        guard kept > keptLimit else { return }
        failure = "one of its parts is over \(CardDAVLimits.sizeText(keptLimit))"
        if let context { xml.xmlStopParser(context) }
    }
}
