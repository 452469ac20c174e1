import App
import Storage

/// The contacts screen's Import… and Export… (App's `ContactsInterchange`), on the import and
/// export commands' own jobs: the same files, the same summary lines. Each job opens the data
/// file (or directory) the app runs on, for the signed-in person, with a connection of its own.
@MainActor
final class AppInterchange: ContactsInterchange {
    private let databasePath: String
    private let environment: [String: String]

    init(databasePath: String, environment: [String: String]) {
        self.databasePath = databasePath
        self.environment = environment
    }

    private func store(for account: String) throws(AccountOpener.Failure) -> any AddressBookStore {
        let opened = try AccountOpener(databasePath: databasePath, user: account).open(environment: environment)
        return opened.data.contacts(of: opened.account.id)
    }

    func startImport(path: String, account: String) -> any TransferJob {
        do {
            let store = try store(for: account)
            return Import(job: try ImportJob(path: path, into: store))
        } catch {
            return Failed(message: "\(path): \(Self.describe(error)); nothing was imported from it")
        }
    }

    func startExport(path: String, account: String) -> any TransferJob {
        do {
            let store = try store(for: account)
            let format: ExportCommand.Format = path.lowercased().hasSuffix(".csv") ? .csv : .vcard
            return Export(job: try ExportJob(store: store, format: format, sink: try FileSink(path: path)), path: path)
        } catch {
            return Failed(message: "\(Self.describe(error)); nothing was written")
        }
    }

    static func describe(_ error: any Error) -> String {
        switch error {
        case let f as AccountOpener.Failure:
            switch f { case .usage(let m), .refused(let m): m }
        default: "\(error)"
        }
    }

    private final class Import: TransferJob {
        let job: ImportJob
        init(job: ImportJob) { self.job = job }
        func step(cards: Int) -> TransferProgress {
            do throws(ImportCommand.ImportError) {
                if try job.step(cards: cards) { return .finished(lines: job.summary.lines(file: job.path)) }
                return .running(fraction: job.fraction, done: job.summary.added + job.summary.updated)
            } catch {
                return .failed("\(job.path): \(error); nothing was imported from it")
            }
        }
        func cancel() { job.cancel() }
    }

    private final class Export: TransferJob {
        let job: ExportJob
        let path: String
        init(job: ExportJob, path: String) { self.job = job; self.path = path }
        func step(cards: Int) -> TransferProgress {
            do throws(ExportJob.ExportError) {
                if try job.step(cards: cards) {
                    return .finished(lines: ExportCommand.notes(for: job, outputPath: path))
                }
                return .running(fraction: job.total == 0 ? 1 : Double(job.written) / Double(job.total), done: job.written)
            } catch {
                return .failed("\(error); nothing was written")
            }
        }
        func cancel() { job.cancel() }
    }

    private final class Failed: TransferJob {
        let message: String
        init(message: String) { self.message = message }
        func step(cards: Int) -> TransferProgress { .failed(message) }
        func cancel() {}
    }
}
