import AppServices
import App
import Storage

/// The contacts screen's Import… and Export… (App's `ContactsInterchange`), on the import and
/// export commands' own jobs — the same files, the same summary lines — and on the app's own
/// address book: the store (and connection) the screens use, not the data opened again.
final class AppInterchange: ContactsInterchange {
    func startImport(path: String, into book: any AddressBookService) -> any TransferJob {
        do throws(ImportCommand.ImportError) {
            return Import(job: try ImportJob(path: path, into: book))
        } catch {
            return Failed(message: "\(path): \(error); nothing was imported from it")
        }
    }

    func startExport(path: String, from book: any AddressBookService) -> any TransferJob {
        export(path: path, from: book, only: nil)
    }

    func startExport(path: String, from book: any AddressBookService, only ids: [Int64]) -> any TransferJob {
        export(path: path, from: book, only: ids)
    }

    private func export(path: String, from book: any AddressBookService, only ids: [Int64]?) -> any TransferJob {
        do {
            let format: ExportCommand.Format = path.lowercased().hasSuffix(".csv") ? .csv : .vcard
            return Export(job: try ExportJob(store: book, format: format, sink: try FileSink(path: path), only: ids), path: path)
        } catch {
            // The app's sentence, without the command line's advice (--db …).
            return Failed(message: "\(error); nothing was written")
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
                    return .finished(lines: ExportCommand.notes(for: job, outputPath: path, inApp: true))
                }
                return .running(fraction: job.total == 0 ? 1 : Double(job.written) / Double(job.total), done: job.written)
            } catch {
                if case .storage(let e) = error { return .failed("\(e.message); nothing was written") }
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
