import Foundation

/// A fresh folder under the system's temporary directory, removed with everything in it when
/// released: the one place tests put files (data files, imports, a fake HOME).
public final class TempFolder: @unchecked Sendable {
    /// The folder's path.
    public let path: String

    /// Makes the folder (`name` in its name, to tell the tests' folders apart while they run).
    public init(_ name: String = "tests") {
        var template = Array((NSTemporaryDirectory() + "switchboard-\(name)-XXXXXX").utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) } != nil
        path = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        if !made { try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true) }
    }

    /// The path of `name` in the folder (`a/b` for a file in a subfolder).
    public func file(_ name: String) -> String { path + "/" + name }
    /// Makes a subfolder; returns its path.
    @discardableResult
    public func folder(_ name: String) -> String {
        try? FileManager.default.createDirectory(atPath: file(name), withIntermediateDirectories: true)
        return file(name)
    }
    /// The bytes of `name`, nil when it cannot be read.
    public func bytes(_ name: String) -> Data? { FileManager.default.contents(atPath: file(name)) }
    /// Writes `data` as `name`.
    public func write(_ name: String, _ data: Data) { _ = FileManager.default.createFile(atPath: file(name), contents: data) }

    deinit { try? FileManager.default.removeItem(atPath: path) }
}
