/// A file that could not be written (an export's), with the system's reason.
struct OutputFileError: Error, CustomStringConvertible {
    var path: String
    var reason: String
    var description: String { "cannot write \(path): \(reason)" }
}
