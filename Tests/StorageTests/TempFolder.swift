import Foundation

/// A fresh folder under /tmp, removed when released.
final class TempFolder {
    let path: String
    init() {
        path = NSTemporaryDirectory() + "switchboard-tests-" + UUID().uuidString
        try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }
    func file(_ name: String) -> String { path + "/" + name }
    func bytes(_ name: String) -> Data? { FileManager.default.contents(atPath: file(name)) }
    func write(_ name: String, _ data: Data) { _ = FileManager.default.createFile(atPath: file(name), contents: data) }
    deinit { try? FileManager.default.removeItem(atPath: path) }
}
