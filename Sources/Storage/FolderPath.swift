#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import AppServices

/// The folders data files live in (an SQLite file's, a shared directory's session file's).
enum FolderPath {
    /// The folder of `path` ("." for a bare file name).
    static func of(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// Creates the folder and its parents; new folders get mode 0700.
    static func make(_ folder: String) throws(ServiceError) {
        var info = stat()
        if stat(folder, &info) == 0 {
            guard (info.st_mode & S_IFMT) == S_IFDIR else { throw .folderNotWritable(path: folder, reason: "it is a file, not a folder") }
            guard access(folder, W_OK | X_OK) == 0 else { throw .folderNotWritable(path: folder, reason: String(cString: strerror(errno))) }
            return
        }
        let parent = of(folder)
        if parent != folder && parent != "." && parent != "/" { try make(parent) }
        if mkdir(folder, 0o700) != 0 && errno != EEXIST {
            throw .folderNotWritable(path: folder, reason: String(cString: strerror(errno)))
        }
    }
}
