/// Where the data is, as About shows it.
public struct DataLocation: Equatable, Sendable {
    /// A path or a sentence.
    public var place: String
    /// The file's size (nil: no file yet, or none at all).
    public var bytes: Int64?
    /// False when nothing is stored in a file (the kiosk, a server).
    public var isFile: Bool

    public init(place: String, bytes: Int64?, isFile: Bool) {
        self.place = place
        self.bytes = bytes
        self.isFile = isFile
    }
}
