import CardMapping
import AppServices
import Interchange
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The reading half of an import, on a thread of its own: the file read and parsed, each card
/// made into the contact a store takes (`ContactCardMapping`, its kept text, its key among the
/// file's duplicates), while the importing thread stores the ones before it. A pipeline of two:
/// on two cores an import costs about what its slower half does, not both.
///
/// What it makes comes in the file's order, in batches of `batchSize`, at most `batchesAhead`
/// ahead of the store (memory stays flat in the file's size). Each item says how far through the
/// file the reader was when it was made, so progress follows what was stored, the same on every
/// run. `stop()` ends the thread at its next batch; nothing it made after that is taken.
///
/// `@unchecked Sendable`: the reader, the file and the folds are touched by the reading thread
/// alone (handed over at init, before it starts); the queue and the stop mark only under the
/// pthread mutex. The compiler cannot see either.
final class ImportReading: @unchecked Sendable {
    /// One thing the file held, ready for the store.
    enum Item {
        /// A contact to take (a vCard's, with the card it came from, or another format's).
        case contact(ContactRecord, card: ContactCard, key: FileDuplicates.Key, problems: [ReadProblem])
        /// A group card, kept whole.
        case groupCard(uid: String, text: String)
        /// Something left out: why, and more of its lines that were bad.
        case skipped(ReadProblem, more: [ReadProblem])
        /// A CSV file not in UTF-8: the charset guessed and its first line.
        case guessedCharset(name: String, line: Int)
        /// A card's properties with no field, counted by name (`ContactCardMapping.Dropped`).
        case dropped(ContactCardMapping.Dropped)
        /// The end of the file.
        case end
        /// Reading failed: the import stops with this.
        case failure(any Error)
    }

    enum Reader {
        case vCard(VCardReader)
        case abook(AbookReader)
        case ldif(LDIFReader)
        case csv(CSVReader, CSVContactMapping?)
    }

    static let batchSize = 256
    static let batchesAhead = 4

    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let changed = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private var ready: [[(item: Item, bytes: Int)]] = []
    private var stopped = false
    /// Set where no thread could be made and the whole file is read at once: no bound then.
    private var unbounded = false
    /// The reading thread's own.
    private var reader: Reader
    private let bytesRead: () -> Int
    private var keys = FileDuplicates.Keys()
    private var guessedCharset = false

    /// Starts reading with `reader`; `bytesRead` says how far through the file it is.
    init(reader: Reader, bytesRead: @escaping () -> Int) {
        self.reader = reader
        self.bytesRead = bytesRead
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(changed, nil)
        var thread = pthread_t()
        let me = Unmanaged.passRetained(self).toOpaque()
        let started = pthread_create(&thread, nil, { argument in
            let reading = Unmanaged<ImportReading>.fromOpaque(argument!).takeRetainedValue()
            reading.run()
            return nil
        }, me)
        if started == 0 {
            pthread_detach(thread)
        } else {
            // No thread: read here, all of it, as before there was one.
            Unmanaged<ImportReading>.fromOpaque(me).release()
            unbounded = true
            run()
        }
    }

    deinit {
        pthread_cond_destroy(changed)
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
        changed.deallocate()
    }

    /// The next batch, waiting for the reading thread to make it.
    func next() -> [(item: Item, bytes: Int)] {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        while ready.isEmpty { pthread_cond_wait(changed, mutex) }
        let batch = ready.removeFirst()
        pthread_cond_signal(changed)
        return batch
    }

    /// Ends the reading thread at its next batch.
    func stop() {
        pthread_mutex_lock(mutex)
        stopped = true
        ready.removeAll()
        pthread_cond_signal(changed)
        pthread_mutex_unlock(mutex)
    }

    private func run() {
        var batch: [(item: Item, bytes: Int)] = []
        batch.reserveCapacity(Self.batchSize)
        var over = false
        while !over {
            let items: [Item]
            do { items = try read() } catch { items = [.failure(error)] }
            for item in items {
                batch.append((item, bytesRead()))
                if case .end = item { over = true }
                if case .failure = item { over = true }
            }
            if batch.count >= Self.batchSize || over {
                guard hand(batch) else { return }
                batch.removeAll(keepingCapacity: true)
            }
        }
    }

    /// Queues a batch, waiting while the store is `batchesAhead` behind; false once stopped.
    private func hand(_ batch: [(item: Item, bytes: Int)]) -> Bool {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        while ready.count >= Self.batchesAhead && !stopped && !unbounded { pthread_cond_wait(changed, mutex) }
        if stopped { return false }
        ready.append(batch)
        pthread_cond_signal(changed)
        return true
    }

    /// The next thing in the file, as items (none for a CSV header).
    private func read() throws -> [Item] {
        switch reader {
        case .vCard(var r):
            defer { reader = .vCard(r) }
            guard let item = try r.next() else { return [.end] }
            switch item {
            case .card(let card):
                let contact = VCardDecoder.contact(from: card)
                if VCardDecoder.isGroup(card) {
                    // A group is not a person: kept whole, as it came, and written back by exports.
                    return [.groupCard(uid: contact.uid, text: card.storedText)]
                } else if contact.isNameless && !Self.holdsAnything(card) {
                    // A card with nothing at all to make a contact of: its bad line is why, if it had one.
                    return [.skipped(card.problems.first ?? ReadProblem(line: max(card.line, 1), reason: .noName), more: Array(card.problems.dropFirst()))]
                }
                return prepared(contact, keeping: card, problems: card.problems)
            case .problem(let p): return [.skipped(p, more: [])]
            }
        case .abook(var r):
            defer { reader = .abook(r) }
            guard let item = try r.next() else { return [.end] }
            switch item {
            case .contact(let card): return prepared(card)
            case .problem(let p): return [.skipped(p, more: [])]
            }
        case .ldif(var r):
            defer { reader = .ldif(r) }
            guard let item = try r.next() else { return [.end] }
            switch item {
            case .contact(let card): return prepared(card)
            case .problem(let p): return [.skipped(p, more: [])]
            }
        case .csv(var r, let mapping):
            var mapping = mapping
            defer { reader = .csv(r, mapping) }
            guard let item = try r.next() else { return [.end] }
            var items: [Item] = []
            switch item {
            case .record(let fields, let line):
                if let mapping { items = prepared(mapping.contact(from: fields, line: line)) }
                else if let m = CSVContactMapping(header: fields) { mapping = m }
                else { throw ImportCommand.ImportError.unknownFormat(CSVContactMapping.refusal(header: fields)) }
            case .problem(let p): items = [.skipped(p, more: [])]
            }
            if !guessedCharset, let (charset, line) = r.eightBit {
                guessedCharset = true
                items.insert(.guessedCharset(name: charset.name, line: line), at: 0)
            }
            return items
        }
    }

    /// Whether a vCard holds anything of a contact (a property with a value, besides VERSION, PRODID
    /// and REV): a card with only an ORG, a NOTE, a photo or a UID is kept, and shown by what it has;
    /// one with only an empty N (`N:;;;;`) is not a contact.
    static func holdsAnything(_ card: VCard) -> Bool {
        card.properties.contains { p in
            !["VERSION", "PRODID", "REV"].contains(p.name) && p.value.unicodeScalars.contains { !";, \t".unicodeScalars.contains($0) }
        }
    }

    /// A card's contact as the store takes it; `source`: the vCard it was read from, kept whole with it.
    private func prepared(_ card: ContactCard, keeping source: VCard? = nil, problems: [ReadProblem] = []) -> [Item] {
        // A row of another format with no name, e-mail or phone is not a contact (a vCard, checked above, may be).
        if source == nil && card.isNameless { return [.skipped(ReadProblem(line: max(card.line, 1), reason: .noName), more: [])] }
        var dropped = ContactCardMapping.Dropped()
        var read = ContactCardMapping.record(from: card, dropped: &dropped)
        // A name over the form's limit is refused here as at ^S (issue 51: import took 304 characters).
        if let long = ContactLimits.firstTooLong(in: read) {
            return [.skipped(ReadProblem(line: max(card.line, 1), reason: .nameTooLong(field: long.field, length: long.length, limit: long.limit)),
                             more: problems)]
        }
        var problems = problems
        let withNULs = read.fieldsWithNULs
        if !withNULs.isEmpty { problems.insert(ReadProblem(line: max(card.line, 1), reason: .nulRemoved(withNULs.joined(separator: ", "))), at: 0) }
        if let source { read.card = source.storedText }
        let record = withNULs.isEmpty ? read : read.removingNULs()
        let item = Item.contact(record, card: card, key: keys.key(of: record), problems: problems)
        return dropped.isEmpty ? [item] : [.dropped(dropped), item]
    }
}
