/// Where the data is, as About shows it.
public struct DataDescription: Equatable, Sendable {
    /// A path or a sentence.
    public var place: String
    /// The file's size (nil: no file yet, or none at all).
    public var bytes: Int64?
    /// False when nothing is stored in a file (the kiosk, a server).
    public var isFile: Bool
    /// Why the data cannot be written, found as it opened ("the file cannot be written
    /// (Permission denied)"); nil when it can. The app says so on its first screen.
    public var readOnly: String?

    public init(place: String, bytes: Int64?, isFile: Bool, readOnly: String? = nil) {
        self.place = place
        self.bytes = bytes
        self.isFile = isFile
        self.readOnly = readOnly
    }
}
