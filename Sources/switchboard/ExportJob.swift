import CardMapping
import AppServices
import Interchange
import Storage

/// One export, worked a slice at a time (the command line a thousand contacts a slice, the app
/// a few hundred a turn of its run loop). Writes to a `FileSink` — the file appears at the end,
/// renamed from its partial name, or on `cancel` or a failure not at all — or, without one,
/// keeps the text for `drain` (the command's standard output).
final class ExportJob {
    private let store: any AddressBookService
    private let format: ExportCommand.Format
    private let ids: [Int64]
    /// The contacts asked for (nil: the whole book, group cards too).
    private let only: [Int64]?
    private var next = 0
    private var pending = ""
    private let sink: FileSink?
    /// CSV needs every card before its header (the columns fit the most e-mails, phones…).
    private var csvCards: [ContactCard] = []
    private var open = true
    /// Contacts with photos or X- properties, which CSV cannot carry.
    private(set) var withExtras = 0
    /// REV of each kept card an edit changed: when the export began.
    private let revision = ContactCardMapping.timestamp()
    var total: Int { ids.count }
    var written: Int { next }

    /// - Parameter only: the contacts to write, in this order (nil: every contact).
    init(store: any AddressBookService, format: ExportCommand.Format, sink: FileSink?, only: [Int64]? = nil) throws(ServiceError) {
        self.store = store
        self.format = format
        self.sink = sink
        self.only = only
        do {
            try store.assignMissingUIDs()
            if let only { ids = only } else { ids = try store.allContactIDs() }
        } catch {
            sink?.abandon()
            throw error
        }
    }

    deinit { if open { sink?.abandon() } }

    /// Writes `text` on: control characters a value held (ESC, C1, bidirectional overrides) as
    /// `�` (`SafeText.lines`) — the format's own tabs and line breaks stay —, so `cat`ting or
    /// opening the file sends no escape sequence a card carried.
    private func emit(_ text: String) {
        let text = SafeText.lines(text)
        if let sink { sink.write(text) } else { pending += text }
    }

    /// The text written since the last call (without a sink).
    func drain() -> String {
        defer { pending = "" }
        return pending
    }

    /// Writes up to `cards` more contacts; true when all are written (and the file is in place).
    func step(cards: Int) throws(ExportError) -> Bool {
        precondition(open, "the export is over")
        do throws(ServiceError) {
            let end = min(ids.count, next + cards)
            let writer = VCardWriter(version: format == .vcard ? .v40 : .v30)
            while next < end {
                defer { next += 1 }
                guard let record = try store.contact(id: ids[next]) else { continue }
                let card = ContactCardMapping.card(from: record)
                if format == .csv {
                    if !card.extras.isEmpty { withExtras += 1 }
                    csvCards.append(card)
                } else if let kept = ContactCardMapping.keptCard(of: record, revision: revision) {
                    emit(writer.write(kept))
                } else {
                    emit(writer.write(card))
                }
            }
        } catch {
            cancel()
            throw .storage(error)
        }
        guard next == ids.count else { return false }
        if format != .csv && only == nil {
            // Group cards, whole as they came (a group is not a person: CSV has no row for one).
            do throws(ServiceError) {
                let writer = VCardWriter(version: format == .vcard ? .v40 : .v30)
                for text in try store.groupCards() { if let card = VCard(storedText: text) { emit(writer.write(card)) } }
            } catch {
                cancel()
                throw .storage(error)
            }
        }
        if format == .csv {
            let writer = CSVContactWriter(fitting: csvCards)
            emit("\u{FEFF}" + writer.header)   // the UTF-8 BOM: Excel reads the file as UTF-8 only with it
            for card in csvCards { emit(writer.line(card)) }
        }
        open = false
        do throws(OutputFileError) { try sink?.finish() } catch { throw .write(error) }
        return true
    }

    /// Stops: the partial file is removed.
    func cancel() {
        guard open else { return }
        open = false
        sink?.abandon()
    }

    enum ExportError: Error, CustomStringConvertible {
        case storage(ServiceError)
        case write(OutputFileError)
        var description: String {
            switch self {
            case .storage(let e): CommandLineMessage.line(for: e)
            case .write(let e): "\(e)"
            }
        }
    }
}
