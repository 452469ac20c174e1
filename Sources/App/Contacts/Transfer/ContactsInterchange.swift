import AppServices

/// Import and export of the signed-in person's contacts, as the contacts screen needs them, on
/// the app's own address book (the same store and connection the screens use). App cannot see
/// the Interchange target (DESIGN.md's layers); the switchboard executable, where it meets the
/// stores, implements this (next to its import and export commands, with their code) and hands
/// it in through `AppConfiguration.interchange`.
///
/// Its jobs run where the address book is used: on the main loop in slices for a file, or on the
/// work's thread for a server, so the interchange is `Sendable` and its jobs belong to one thread.
public protocol ContactsInterchange: AnyObject, Sendable {
    /// Starts importing the file at `path` (vCard, CSV or abook, by content) into `book`, in one
    /// transaction: nothing is written until the job finishes.
    func startImport(path: String, into book: any AddressBookService) -> any TransferJob
    /// Starts writing every contact of `book` to `path` (`.csv`: CSV, else vCard 4.0), as
    /// `path.partial-PID` renamed at the end: the file appears whole or not at all.
    func startExport(path: String, from book: any AddressBookService) -> any TransferJob
    /// Starts writing the contacts of `book` with these ids, in this order, to `path`, as
    /// `startExport(path:from:)` writes them all.
    func startExport(path: String, from book: any AddressBookService, only ids: [Int64]) -> any TransferJob
}

extension ContactsInterchange {
    /// Starts importing `path` into `book`, or exporting `book` to `path`.
    func start(importing: Bool, path: String, book: any AddressBookService) -> any TransferJob {
        importing ? startImport(path: path, into: book) : startExport(path: path, from: book)
    }

    /// Starts exporting what `scope` names of `book` to `path` (a search's matches are read
    /// here, on the thread the job runs on).
    func startExport(path: String, from book: any AddressBookService, scope: ExportScope) -> any TransferJob {
        switch scope {
        case .all: return startExport(path: path, from: book)
        case .contact(let id): return startExport(path: path, from: book, only: [id])
        case .contacts(let ids): return startExport(path: path, from: book, only: ids)
        case .search(let text):
            do throws(ServiceError) {
                let ids = try book.contacts(matching: text, offset: 0, limit: Int(Int32.max)).map(\.id)
                return startExport(path: path, from: book, only: ids)
            } catch {
                return FailedTransfer(message: "The contacts matching “\(text.trimmedSpaces)” could not be read: \(error.message); nothing was written")
            }
        }
    }
}

/// A job that failed before it began (it says why at its first step).
final class FailedTransfer: TransferJob {
    let message: String
    init(message: String) { self.message = message }
    func step(cards: Int) -> TransferProgress { .failed(message) }
    func cancel() {}
}

/// An import or export worked in slices (on the run loop for a file, so the screen keeps answering
/// and its progress bar moves; one slice after another on the work's thread for a server).
public protocol TransferJob: AnyObject {
    /// Does some of the work (about `cards` contacts) and says where it stands.
    func step(cards: Int) -> TransferProgress
    /// Stops and undoes: the import's transaction is rolled back, the export's partial file removed.
    func cancel()
}

/// Where a job stands.
public enum TransferProgress: Equatable, Sendable {
    /// `fraction` from 0 to 1 (of the file read, or of the contacts written); `done` contacts so far.
    case running(fraction: Double, done: Int)
    /// The same lines the command line prints.
    case finished(lines: [String])
    /// Why nothing was written.
    case failed(String)
}
