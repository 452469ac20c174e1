/// How long a CardDAV server is waited for and how much of it is read: the limits a person picks
/// (`switchboard sync --connect-timeout …`), so that a server that misbehaves — an answer without
/// end, a trickle, a silence — costs a known time and a known amount of memory, never the machine.
///
/// ```swift
/// var limits = CardDAVLimits()
/// limits.firstByteTimeout = .seconds(30)
/// let transport = try CardDAVTransport(credentials: credentials, options: .init(limits: limits))
/// ```
public struct CardDAVLimits: Equatable, Sendable {
    /// Give up connecting (and the TLS handshake) after this long.
    public var connectTimeout: Duration = .seconds(15)
    /// Give up when no byte of the answer has come this long after the request went (Radicale
    /// takes tens of seconds to answer about 10,000 cards it has not cached yet, longer for 50,000).
    public var firstByteTimeout: Duration = .seconds(120)
    /// Give up on one request — connecting, waiting and reading — after this long, however steadily
    /// it trickles in.
    public var requestTimeout: Duration = .seconds(600)
    /// Give up on the whole pass (every request of one `switchboard sync`) after this long: what was
    /// finished is kept, and the next sync goes on from there. (A first sync of 50,000 cards from
    /// Radicale takes about 5 minutes.)
    public var passTimeout: Duration = .seconds(3600)
    /// Stop reading an answer past this many bytes. Listings and multigets are read as they come,
    /// so this bounds the time a server sending without end costs; an answer read whole (a
    /// discovery's PROPFIND, a PUT's) is held to at most `heldWholeBytes` as well.
    public var maximumAnswerBytes = 256 << 20
    /// A card past this many bytes is not read: it stays on the server as it is and is listed with
    /// the unreadable ones.
    public var maximumCardBytes = 8 << 20

    public init() {}

    /// The most of an answer that is kept whole in memory (the others are read as they arrive):
    /// such answers — a PROPFIND of an address book home, a PUT's — are a few kilobytes.
    public static let heldWholeBytes = 16 << 20

    /// `bytes` as a person reads a size: "512 bytes", "256 KB", "1.5 MB".
    public static func sizeText(_ bytes: Int) -> String {
        func scaled(_ unit: Int, _ name: String) -> String {
            let tenths = (bytes * 10 + unit / 2) / unit
            return tenths % 10 == 0 ? "\(tenths / 10) \(name)" : "\(tenths / 10).\(tenths % 10) \(name)"
        }
        if bytes >= 1 << 30 { return scaled(1 << 30, "GB") }
        if bytes >= 1 << 20 { return scaled(1 << 20, "MB") }
        if bytes >= 1 << 10 { return scaled(1 << 10, "KB") }
        return bytes == 1 ? "1 byte" : "\(bytes) bytes"
    }

    /// `duration` as a person reads it: "2 s", "1.5 s", "250 ms".
    public static func durationText(_ duration: Duration) -> String {
        let ms = milliseconds(duration)
        if ms < 1000 { return "\(ms) ms" }
        let tenths = (ms + 50) / 100
        return tenths % 10 == 0 ? "\(tenths / 10) s" : "\(tenths / 10).\(tenths % 10) s"
    }

    /// Whole milliseconds of `duration` (at least 1 for a positive one).
    static func milliseconds(_ duration: Duration) -> Int {
        let (seconds, attoseconds) = duration.components
        let ms = Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000)
        return duration > .zero ? max(1, ms) : ms
    }
}

/// Which of `CardDAVLimits` a request ran into, with the value it had: what `CardDAVError.limitReached` reports.
public enum CardDAVLimit: Equatable, Sendable {
    case connect(Duration)
    case firstByte(Duration)
    case request(Duration)
    case pass(Duration)
    case answerSize(Int)
    /// An answer read whole (a discovery's PROPFIND, a PUT's), which is a few kilobytes from a
    /// CardDAV server, was larger than `CardDAVLimits.heldWholeBytes` (or `answerSize`, if smaller).
    case wholeAnswerSize(Int)

    /// The option of `switchboard sync` that sets it.
    public var option: String {
        switch self {
        case .connect: "--connect-timeout"
        case .firstByte: "--first-byte-timeout"
        case .request: "--request-timeout"
        case .pass: "--sync-timeout"
        case .answerSize, .wholeAnswerSize: "--max-answer-size"
        }
    }

    /// What happened, after the URL ("http://… did not …").
    var happened: String {
        switch self {
        case .connect(let d): "could not be connected to within \(CardDAVLimits.durationText(d)) (\(option))"
        case .firstByte(let d): "took the request but sent nothing back for \(CardDAVLimits.durationText(d)) (\(option))"
        case .request(let d): "was still answering after \(CardDAVLimits.durationText(d)) (\(option)), so the request was stopped"
        case .pass(let d): "was being asked when the sync reached its \(CardDAVLimits.durationText(d)) (\(option)), so the sync was stopped"
        case .answerSize(let n): "sent an answer larger than \(CardDAVLimits.sizeText(n)) (\(option)), so it was not read further"
        case .wholeAnswerSize(let n): "sent an answer larger than \(CardDAVLimits.sizeText(n)) where a CardDAV server sends a few kilobytes, so it was not read further"
        }
    }

    /// What a person can do about it.
    var advice: String {
        switch self {
        case .connect: "Is the server up, and are the host and port right? A slow network may need a longer \(option) SECONDS."
        case .firstByte: "The server is stuck or very busy; try again later, or wait longer with \(option) SECONDS."
        case .request: "The server or the network is very slow (or the answer has no end); try again later, or allow longer with \(option) SECONDS."
        case .pass: "What was finished is kept and the next sync goes on from there; allow longer with \(option) SECONDS."
        case .answerSize: "A CardDAV server should not send this much; if the address book really is this large, allow more with \(option) SIZE (such as 1G)."
        case .wholeAnswerSize: "This is not how a CardDAV server answers: check the address (the server's CardDAV address, or an address book's)."
        }
    }
}
