import AppServices
import Interchange
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads mail folders for `switchboard harvest` and adds what it learns to the store a batch at a
/// time (`MailHarvestBatch`: each one transaction, with where reading stopped), so a run cut off
/// anywhere keeps whole batches and the next run goes on after them. Memory is bounded whatever
/// the folder's size: a maildir's names are taken 1,000 at a time, a message's header at most
/// `MailHeaderSection.limit` bytes, an mbox 64 KB at a time (`MboxSplitter`); no body is kept.
struct MailHarvester {
    let store: any MailHistoryService
    /// The user's addresses (lower case): a message from one of them was written by the user.
    private(set) var mine: Set<String>
    var batchSize = 2000
    let now: Int64
    private(set) var report = HarvestReport()
    /// Each message that could not be read (its place and why), for the caller to print.
    var problem: (String) -> Void = { _ in }

    private var batch = MailHarvestBatch()
    private var newMine: [String] = []

    init(store: any MailHistoryService, mine: Set<String>, now: Int64) {
        self.store = store
        self.mine = mine
        self.now = now
        newMine = Array(mine)
    }

    // MARK: Maildir

    mutating func harvestMaildir(_ folder: MailFolder) throws(ServiceError) {
        report.folders += 1
        for sub in ["new", "cur"] {
            let directory = folder.path + "/" + sub
            guard let dir = opendir(directory) else { continue }
            defer { closedir(dir) }
            var names: [String] = []
            func flushNames(_ harvester: inout MailHarvester) throws(ServiceError) {
                let uniques = names.map(Self.uniqueName)
                let read = try harvester.store.readMessageFiles(in: folder.path, among: uniques)
                for (name, unique) in zip(names, uniques) {
                    if read.contains(unique) { harvester.report.alreadyRead += 1; continue }
                    harvester.readMaildirMessage(directory + "/" + name, unique: unique, folder: folder)
                    if harvester.batch.messages.count + harvester.batch.readFiles.count / 8 >= harvester.batchSize { try harvester.flush() }
                }
                names.removeAll(keepingCapacity: true)
            }
            while let entry = readdir(dir) {
                let name = withUnsafePointer(to: entry.pointee.d_name) { String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self)) }
                guard !name.hasPrefix(".") else { continue }
                names.append(name)
                if names.count == 1000 { try flushNames(&self) }
            }
            try flushNames(&self)
        }
        try flush()
    }

    /// A maildir file's unique part: its name before the ":2," of its flags (which change when it is read).
    static func uniqueName(_ name: String) -> String {
        name.firstIndex(of: ":").map { String(name[..<$0]) } ?? name
    }

    /// One maildir message: counted, and remembered as read (`readFiles`) once it was read. One
    /// that could not be opened or read (an error that may pass: permissions, a disk, a file a
    /// mail client is moving) is named and left unremembered, so the next run tries it again. One
    /// that was read but is not a message this can take (no From, malformed, binary, a header
    /// over the limit) is named, skipped and remembered: a maildir file never changes (a client
    /// that edits a message writes a new file, under a new name), so reading it again would only
    /// name it again at every run.
    private mutating func readMaildirMessage(_ path: String, unique: String, folder: MailFolder) {
        report.read += 1
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { skip(path, "cannot be read: \(String(cString: strerror(errno)))", retried: true); return }
        defer { close(fd) }
        var header: [UInt8] = [], chunk = [UInt8](repeating: 0, count: 16384)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, 16384) }
            if n < 0 && errno == EINTR { continue }
            if n < 0 { skip(path, "cannot be read: \(String(cString: strerror(errno)))", retried: true); return }
            if n == 0 { break }
            header += chunk[0..<n]
            if let end = MessageInput.headerEnd(header) { header.removeSubrange(end...); break }
            if header.count > MailHeaderSection.limit {
                skip(path, MailProblem.headerTooLong(MailHeaderSection.limit).message)
                batch.readFiles.append((folder.path, unique))
                return
            }
        }
        var fallback = Int64(unique.prefix { $0.isNumber }) ?? 0
        if fallback == 0 {
            var info = stat()
            if fstat(fd, &info) == 0 { fallback = Int64(info.st_mtim.tv_sec) }
        }
        take(header, place: path, folder: folder, fallbackDate: fallback)
        batch.readFiles.append((folder.path, unique))
    }

    // MARK: mbox

    mutating func harvestMbox(_ folder: MailFolder) throws(ServiceError) {
        report.folders += 1
        let fd = open(folder.path, O_RDONLY)
        guard fd >= 0 else { skip(folder.path, "cannot be read: \(String(cString: strerror(errno)))"); return }
        defer { close(fd) }
        var info = stat()
        fstat(fd, &info)
        let size = Int64(info.st_size)
        var start: Int64 = 0
        if let mark = try store.mailboxMark(path: folder.path) {
            if Self.stillHolds(mark, fd: fd, size: size) {
                start = mark.offset
            } else {
                report.rewritten.append(folder.path)
            }
        }
        if start == size { return }
        lseek(fd, off_t(start), SEEK_SET)
        var splitter = MboxSplitter(startingAt: start)
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        var lastEnd = start, failure: ServiceError?
        func handle(_ message: MboxSplitter.Message, _ harvester: inout MailHarvester) throws(ServiceError) {
            harvester.report.read += 1
            let place = "\(folder.path), the message at byte \(message.start)"
            if message.headerTooLong {
                harvester.skip(place, MailProblem.headerTooLong(MailHeaderSection.limit).message)
            } else {
                harvester.take(message.header, place: place, folder: folder,
                               fallbackDate: MailDate.seconds(fromLine: message.fromLine) ?? harvester.now)
            }
            lastEnd = message.end
            if harvester.batch.messages.count >= harvester.batchSize {
                harvester.batch.mbox = Self.mark(folder.path, fd: fd, at: lastEnd)
                try harvester.flush()
            }
        }
        var messages: [MboxSplitter.Message] = []
        while failure == nil {
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, 1 << 16) }
            if n <= 0 { break }
            splitter.take(buffer[0..<n]) { messages.append($0) }
            for message in messages {
                do { try handle(message, &self) } catch { failure = error; break }
            }
            messages.removeAll(keepingCapacity: true)
        }
        if let failure { throw failure }
        splitter.finish { messages.append($0) }
        for message in messages { try handle(message, &self) }
        batch.mbox = Self.mark(folder.path, fd: fd, at: splitter.offset)
        try flush()
    }

    /// Whether the mbox is still the one read up to `mark`: as long, the same bytes before the
    /// mark, and (if it grew) a "From " line where the next message starts.
    static func stillHolds(_ mark: MailboxMark, fd: Int32, size: Int64) -> Bool {
        guard size >= mark.offset, check(fd: fd, end: mark.offset, length: mark.checkLength) == mark.check else { return false }
        guard size > mark.offset else { return true }
        var next = [UInt8](repeating: 0, count: 5)
        let n = next.withUnsafeMutableBytes { pread(fd, $0.baseAddress, 5, off_t(mark.offset)) }
        return n == 5 && next == Array("From ".utf8)
    }

    static func mark(_ path: String, fd: Int32, at offset: Int64) -> MailboxMark {
        let length = min(4096, offset)
        return MailboxMark(path: path, offset: offset, checkLength: length, check: check(fd: fd, end: offset, length: length))
    }

    /// FNV-1a of the `length` bytes before `end`.
    static func check(fd: Int32, end: Int64, length: Int64) -> String {
        var bytes = [UInt8](repeating: 0, count: Int(length))
        let n = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress, Int(length), off_t(end - length)) }
        guard n == Int(length) else { return "" }
        var hash: UInt64 = 0xcbf29ce484222325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100000001b3 }
        return String(hash, radix: 16)
    }

    // MARK: Messages

    /// One message's header: who wrote it to whom, into the batch; a problem skips it whole.
    private mutating func take(_ header: [UInt8], place: String, folder: MailFolder, fallbackDate: Int64) {
        let summary: MailMessageSummary
        do {
            summary = try MailMessageSummary(headerBytes: header)
        } catch {
            skip(place, error.message)
            return
        }
        if folder.isSent {
            for address in summary.from where mine.insert(MailCorrespondent.key(address.address)).inserted {
                newMine.append(MailCorrespondent.key(address.address))
            }
        }
        let fromMe = folder.isSent || summary.from.contains { mine.contains(MailCorrespondent.key($0.address)) }
        let people: [MailAddress]
        if fromMe {
            people = summary.recipients.filter { !mine.contains(MailCorrespondent.key($0.address)) }
        } else {
            people = [summary.from[0]]
        }
        batch.messages.append(.init(key: summary.key, fromMe: fromMe, date: summary.date ?? fallbackDate,
                                    people: people.map { (QueryFormat.column($0.name), $0.address) }))
    }

    /// Names a message skipped; `retried`: a maildir file that could not be read, not remembered,
    /// so tried again at the next run.
    private mutating func skip(_ place: String, _ why: String, retried: Bool = false) {
        report.skipped += 1
        if retried { report.retried += 1 }
        problem("\(place): \(why); skipped" + (retried ? " (tried again at the next harvest)" : ""))
    }

    /// Writes the batch (one transaction) and starts the next.
    mutating func flush() throws(ServiceError) {
        batch.myAddresses = newMine
        guard !batch.messages.isEmpty || !batch.readFiles.isEmpty || batch.mbox != nil || !batch.myAddresses.isEmpty else { return }
        let counted = try store.addHarvest(batch)
        report.counted += counted
        newMine = []
        batch = MailHarvestBatch()
    }
}

/// What a harvest did, for its summary line.
struct HarvestReport {
    var folders = 0
    var read = 0
    var alreadyRead = 0
    var counted = 0
    var skipped = 0
    /// Of the skipped, the maildir files that could not be read (tried again at the next run).
    var retried = 0
    var rewritten: [String] = []
}
