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
final class ImportJob {
    private enum Reader {
        case vCard(VCardReader)
        case abook(AbookReader)
        case ldif(LDIFReader)
        case csv(CSVReader, CSVContactMapping?)
    }

    let path: String
    private let store: any AddressBookService
    private var reader: Reader
    private let batch: any ContactsImporting
    private(set) var summary = ImportCommand.Summary()
    private var duplicates = FileDuplicates()
    /// The file's size in bytes (0 for stdin) and how much of it the reader has taken.
    let size: Int
    private let counter: ByteCounter
    private var open = true

    private final class ByteCounter { var bytes = 0 }

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
        self.counter = counter
        var handedFirst = false
        let read: () throws -> [UInt8]? = {
            if !handedFirst { handedFirst = true; return first }
            let chunk = try file.read()
            counter.bytes += chunk?.count ?? 0
            return chunk
        }
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
    }

    deinit { if open { store.rollbackTransaction() } }

    /// How far through the file the reader is, from 0 to 1 (0 when the size is not known).
    var fraction: Double { size > 0 ? min(1, Double(counter.bytes) / Double(size)) : 0 }

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
        store.rollbackTransaction()
    }

    /// Takes the next item of the file; false at its end.
    private func next() throws -> Bool {
        switch reader {
        case .vCard(var r):
            defer { reader = .vCard(r) }
            guard let item = try r.next() else { return false }
            switch item {
            case .card(let card):
                let contact = VCardDecoder.contact(from: card)
                if VCardDecoder.isGroup(card) {
                    // A group is not a person: kept whole, as it came, and written back by exports.
                    try store.keepGroupCard(uid: contact.uid, card: card.storedText)
                    summary.groupCards += 1
                } else if contact.isNameless && !Self.holdsAnything(card) {
                    // A card with nothing at all to make a contact of: its bad line is why, if it had one.
                    summary.skipped.append(card.problems.first ?? ReadProblem(line: max(card.line, 1), reason: .noName))
                    summary.lineProblems += card.problems.dropFirst()
                } else {
                    try take(contact, keeping: card)
                    summary.lineProblems += card.problems
                }
            case .problem(let p): summary.skipped.append(p)
            }
        case .abook(var r):
            defer { reader = .abook(r) }
            guard let item = try r.next() else { return false }
            switch item {
            case .contact(let card): try take(card)
            case .problem(let p): summary.skipped.append(p)
            }
        case .ldif(var r):
            defer { reader = .ldif(r) }
            guard let item = try r.next() else { return false }
            switch item {
            case .contact(let card): try take(card)
            case .problem(let p): summary.skipped.append(p)
            }
        case .csv(var r, let mapping):
            var mapping = mapping
            defer { reader = .csv(r, mapping) }
            guard let item = try r.next() else { return false }
            switch item {
            case .record(let fields, let line):
                if let mapping { try take(mapping.contact(from: fields, line: line)) }
                else if let m = CSVContactMapping(header: fields) { mapping = m }
                else { throw ImportCommand.ImportError.unknownFormat(CSVContactMapping.refusal(header: fields)) }
            case .problem(let p): summary.skipped.append(p)
            }
            if summary.guessedCharset == nil, let (charset, line) = r.eightBit { summary.guessedCharset = (charset.name, line) }
        }
        return true
    }

    /// Stores a card's contact; `source`: the vCard it was read from, kept whole with it.
    /// Whether a vCard holds anything of a contact (a property with a value, besides VERSION, PRODID
    /// and REV): a card with only an ORG, a NOTE, a photo or a UID is kept, and shown by what it has;
    /// one with only an empty N (`N:;;;;`) is not a contact.
    static func holdsAnything(_ card: VCard) -> Bool {
        card.properties.contains { p in
            !["VERSION", "PRODID", "REV"].contains(p.name) && p.value.unicodeScalars.contains { !";, \t".unicodeScalars.contains($0) }
        }
    }

    private func take(_ card: ContactCard, keeping source: VCard? = nil) throws(ServiceError) {
        // A row of another format with no name, e-mail or phone is not a contact (a vCard, checked above, may be).
        if source == nil && card.isNameless { summary.skipped.append(ReadProblem(line: max(card.line, 1), reason: .noName)); return }
        var read = ContactCardMapping.record(from: card, dropped: &summary.dropped)
        let withNULs = read.fieldsWithNULs
        if !withNULs.isEmpty { summary.lineProblems.append(ReadProblem(line: max(card.line, 1), reason: .nulRemoved(withNULs.joined(separator: ", ")))) }
        if let source { read.card = source.storedText }
        let record = withNULs.isEmpty ? read : read.removingNULs()
        // The same contact earlier in this file: the two are merged, not the first replaced.
        let key = duplicates.key(of: record)
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
