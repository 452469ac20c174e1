import CardMapping
import AppServices
import Interchange
import Storage
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One file's import, worked a slice at a time: the command line runs it to the end at once,
/// the app a few hundred cards a turn of its run loop (`AppInterchange`). The file goes in as
/// one transaction, begun here and committed at the end; `cancel` (or a failure) rolls it back.
/// The file is read on a thread of its own (`ImportReading`) while this one stores what it read.
final class ImportJob {

    let path: String
    private let store: any AddressBookService
    private let reading: ImportReading
    /// What the reading thread handed over and is not stored yet, and where in it the store is.
    private var pending: [(item: ImportReading.Item, bytes: Int)] = []
    private var nextPending = 0
    private let batch: any ContactsImporting
    private(set) var summary = ImportCommand.Summary()
    private var duplicates = FileDuplicates()
    /// The file's size in bytes (0 for stdin), and how much of it was read for what is stored so far.
    let size: Int
    private var bytesStored = 0
    private var open = true

    /// Counts the bytes the reading thread has read (that thread alone touches it).
    private final class ByteCounter: @unchecked Sendable { var bytes = 0 }

    init(path: String, into store: any AddressBookService) throws(ImportCommand.ImportError) {
        self.path = path
        self.store = store
        let file: InputFile
        let first: [UInt8]
        do throws(InputFileError) {
            file = try InputFile(path: path)
            first = try file.read() ?? []
        } catch { throw .read(error) }
        guard let format = InterchangeFormat.detect(first) else { throw .unknownFormat(InterchangeFormat.refusal(first)) }
        var info = stat()
        size = path != "-" && stat(path, &info) == 0 ? Int(info.st_size) : 0
        let counter = ByteCounter()
        counter.bytes = first.count
        var handedFirst = false
        let read: () throws -> [UInt8]? = {
            if !handedFirst { handedFirst = true; return first }
            let chunk = try file.read()
            counter.bytes += chunk?.count ?? 0
            return chunk
        }
        let reader: ImportReading.Reader
        switch format {
        case .vCard: reader = .vCard(VCardReader(read: read))
        case .abook: reader = .abook(AbookReader(read: read))
        case .ldif: reader = .ldif(LDIFReader(read: read))
        case .csv: reader = .csv(CSVReader(read: read), nil)
        }
        do throws(ServiceError) {
            try store.beginTransaction()
            do { batch = try store.importer() } catch { store.rollbackTransaction(); throw error }
        } catch { throw .storage(error) }
        reading = ImportReading(reader: reader) { counter.bytes }
    }

    deinit {
        reading.stop()
        if open { store.rollbackTransaction() }
    }

    /// How far through the file the import is, from 0 to 1 (0 when the size is not known).
    var fraction: Double { size > 0 ? min(1, Double(bytesStored) / Double(size)) : 0 }

    /// Reads and stores up to `cards` more cards; true when the file is done and committed.
    /// A failure rolls everything back and is thrown.
    func step(cards: Int) throws(ImportCommand.ImportError) -> Bool {
        precondition(open, "the import is over")
        do {
            for _ in 0..<cards {
                guard try next() else {
                    try batch.finish(subject: "\(summary.added) added, \(summary.updated) updated\(summary.merged > 0 ? ", \(summary.merged) merged" : "") from \(ImportCommand.fileName(path))")
                    open = false
                    try store.commitTransaction()
                    return true
                }
            }
            return false
        } catch {
            cancel()
            if let e = error as? ImportCommand.ImportError { throw e }
            if let e = error as? ServiceError { throw .storage(e) }
            if let e = error as? InputFileError { throw .read(e) }
            throw .read(InputFileError(path: "", reason: "\(error)"))
        }
    }

    /// Stops: nothing of the file stays.
    func cancel() {
        guard open else { return }
        open = false
        reading.stop()
        store.rollbackTransaction()
    }

    /// Takes the next item of the file; false at its end.
    private func next() throws -> Bool {
        if nextPending == pending.count {
            pending = reading.next()
            nextPending = 0
        }
        let (item, bytes) = pending[nextPending]
        nextPending += 1
        bytesStored = bytes
        switch item {
        case .contact(let record, let card, let key, let problems):
            summary.lineProblems += problems
            try take(record, card: card, key: key)
        case .groupCard(let uid, let text):
            try store.keepGroupCard(uid: uid, card: text)
            summary.groupCards += 1
        case .skipped(let problem, let more):
            summary.skipped.append(problem)
            summary.lineProblems += more
        case .guessedCharset(let name, let line):
            if summary.guessedCharset == nil { summary.guessedCharset = (name, line) }
        case .dropped(let dropped):
            summary.dropped.merge(dropped, uniquingKeysWith: +)
        case .end:
            return false
        case .failure(let error):
            throw error
        }
        return true
    }

    /// Stores a contact read from the file (`card`: what it was read as, for a merge).
    private func take(_ record: ContactRecord, card: ContactCard, key: FileDuplicates.Key) throws(ServiceError) {
        // The same contact earlier in this file: the two are merged, not the first replaced.
        if let id = duplicates.earlier(key), let stored = try store.contact(id: id) {
            var scratch = ContactCardMapping.Dropped()
            var merged = ContactCardMapping.record(from: ContactCardMapping.card(from: stored).merging(card), dropped: &scratch).removingNULs()
            merged.id = id
            // The first card stays the one kept; an export adds what the later one brought.
            merged.card = stored.card
            _ = try batch.take(merged)
            summary.merged += 1
            return
        }
        switch try batch.take(record) {
        case .added(let id):
            summary.added += 1
            duplicates.note(key, id: id)
        case .updated(let id):
            summary.updated += 1
            duplicates.note(key, id: id)
        }
    }
}
