import AppServices
import TUIKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Import… and Export… on the contacts screen: a path field; then the job worked in slices with a
/// progress bar — on the run loop for a file, on the work's thread for a server — (Esc cancels,
/// and nothing half-written remains); then the same summary lines the command line prints.
@MainActor
final class ContactTransferViewController: ViewController {
    enum Kind { case importing, exporting }

    private let kind: Kind
    private let interchange: ContactsInterchange
    private let book: ServiceWork<any AddressBookService>
    private weak var coordinator: Coordination?
    /// Contacts a slice: small enough that keys are answered between slices.
    nonisolated static let slice = 1_000
    /// Between slices, so the run loop reads keys: zero-delay timers run back to back, and a lone
    /// Esc is only told from an escape sequence after the terminal's escape delay, so a pause
    /// shorter than it would never let Esc through while an import runs.
    static let pause: Duration = .milliseconds(30)

    let pathField = TextField(placeholder: "the file's path, e.g. ~/Downloads/contacts.vcf")
    /// The path whose replacing the person agreed to (asked once per path typed).
    private var replaceAgreed: String?
    private let caption = Label("", style: Theme.live.secondary)
    private let progress = ProgressBarView()
    private let status = Label("")
    /// What the job said at the end (the lines the command prints): every row of the screen
    /// under the form, scrolling where there are more.
    let summary = ReadingView()
    private var summaryLines: [String] = [] { didSet { summary.reload(); summary.scrollToTop() } }
    /// The widest the form and the summary get.
    static let width = 70
    /// The job worked on the run loop (a file's), or nil.
    private var job: TransferJob?
    /// The progress and the cancel of a job worked on the work's thread (a server's), or nil.
    private var remote: TransferControl?
    private var isRunning: Bool { job != nil || remote != nil }
    private var timer: Timer?
    private(set) var isFinished = false { didSet { setNeedsKeyCommandsUpdate() } }

    /// What an export writes (all, a search's matches, one contact).
    let scope: ExportScope

    init(kind: Kind, interchange: ContactsInterchange, book: ServiceWork<any AddressBookService>, coordinator: Coordination,
         scope: ExportScope = .all) {
        self.kind = kind
        self.scope = kind == .exporting ? scope : .all
        self.interchange = interchange
        self.book = book
        self.coordinator = coordinator
        super.init()
    }

    override func viewDidLoad() {
        title = kind == .importing ? "Import Contacts" : "Export Contacts"
        view.style = Theme.live.base
        caption.text = kind == .importing
            ? "File to import (vCard, CSV with a header, LDIF or abook), then Enter"
            : Self.what(scope) + ": the file to write (.vcf: vCard 4.0, .csv: CSV), then Enter"
        pathField.maxLength = 1000
        // The field starts empty (what is typed is the path, nothing is appended to a suggestion).
        if kind == .exporting { pathField.placeholder = "the file's path, e.g. ~/contacts.vcf or ~/contacts.csv" }
        pathField.onSubmit = { [weak self] _ in self?.start() }
        progress.isHidden = true
        // The form on top (it scrolls to its field on a short screen), the summary in every row under it.
        let form = View()
        for part in [form, summary] {
            view.addSubview(part)
            part.translatesAutoresizingMaskIntoConstraints = false
        }
        LayoutConstraint.activate([
            form.topAnchor.constraint(equalTo: view.topAnchor),
            form.leadingAnchor.constraint(equalTo: view.leadingAnchor),
            form.trailingAnchor.constraint(equalTo: view.trailingAnchor),
            form.heightAnchor.constraint(equalToConstant: 7),
            summary.topAnchor.constraint(equalTo: form.bottomAnchor),
            summary.leadingAnchor.constraint(equalTo: view.leadingAnchor),
            summary.trailingAnchor.constraint(equalTo: view.trailingAnchor),
            summary.bottomAnchor.constraint(equalTo: view.bottomAnchor),
        ])
        FormLayout.stack([(caption, 1), (pathField, 2), (progress, 1), (status, 1), (FormLayout.gap(), 1)],
                         in: form, width: Self.width)
        summary.rows = { [weak self] width in self?.summaryRows(width: width) ?? [] }
        summary.onOverflowChange = { [weak self] in self?.setNeedsKeyCommandsUpdate() }
    }

    /// The summary's lines wrapped in the form's column (centred as the form is).
    private func summaryRows(width: Int) -> [ReadingView.Row] {
        let column = min(Self.width, width - 2)
        guard column > 0 else { return [] }
        let left = (width - column) / 2
        return summaryLines.flatMap { WrappedText.lines($0, width: column) }
            .map { [ReadingView.Piece(column: left, text: $0, style: Theme.live.base)] }
    }

    override var preferredFirstResponder: View? { pathField }

    override var keyCommands: [KeyCommand] {
        if isRunning { return [KeyCommand(.escape, title: "Cancel") { [weak self] in self?.cancel() }] }
        // Home and End stay the path field's.
        let back = KeyCommand(.escape, title: isFinished ? "Back" : "Cancel") { [weak self] in self?.coordinator?.pop() }
        return [back] + summary.scrollCommands(homeAndEnd: false)
    }

    /// The path as typed, `~/` meaning the home folder.
    private var path: String {
        let text = pathField.text.trimmedSpaces
        guard text.hasPrefix("~/"), let home = getenv("HOME").map({ String(cString: $0) }) else { return text }
        return home + String(text.dropFirst(1))
    }

    /// What an export writes, in words.
    static func what(_ scope: ExportScope) -> String {
        switch scope {
        case .all: "Every contact"
        case .search(let text): "The contacts matching “\(text.trimmedSpaces)”"
        case .contact: "The contact selected"
        case .contacts(let ids): ids.count == 1 ? "The contact marked" : "The \(ids.count) contacts marked"
        }
    }

    private func start() {
        guard !isRunning else { return }
        guard !path.isEmpty else { pathField.validationMessage = "Type the path of a file first."; return }
        pathField.validationMessage = nil
        if kind == .exporting, replaceAgreed != path, access(path, F_OK) == 0 {
            askToReplace(path)
            return
        }
        replaceAgreed = nil
        summaryLines = []
        isFinished = false
        progress.fraction = 0
        progress.isHidden = false
        status.text = (kind == .importing ? "Importing" : "Exporting") + "… Esc cancels."
        view.setNeedsLayout()
        if let book = book.inlineService {
            job = kind == .importing ? interchange.startImport(path: path, into: book) : interchange.startExport(path: path, from: book, scope: scope)
            schedule()
        } else {
            startOnTheWork()
        }
        setNeedsKeyCommandsUpdate()
    }

    /// An export over a file that exists: asked first (Cancel has the focus).
    private func askToReplace(_ path: String) {
        let alert = AlertController(title: "Replace the file?",
                                    message: "\(pathField.text.trimmedSpaces) exists already. Replace it with your contacts?")
        alert.addAction(AlertAction(title: "Replace", style: .destructive) { [weak self] in
            self?.replaceAgreed = path
            self?.start()
        })
        alert.addAction(AlertAction(title: "Cancel", style: .cancel))
        present(alert)
    }

    private func schedule() {
        timer = scheduler?.after(Self.pause) { [weak self] in self?.work() }
    }

    /// One slice, then the next on the following turn of the run loop (keys come first).
    private func work() {
        guard let job else { return }
        let step = job.step(cards: Self.slice)
        if case .running = step { schedule() }
        show(step)
    }

    /// The whole job as one job on the work's thread, slice after slice, its progress read here
    /// every `pause` (the screen keeps answering; other reads wait until it is done).
    private func startOnTheWork() {
        let control = TransferControl(), interchange = self.interchange, path = self.path, importing = kind == .importing, scope = self.scope
        remote = control
        book.run({ book throws(ServiceError) -> TransferProgress? in
            let job = importing ? interchange.startImport(path: path, into: book) : interchange.startExport(path: path, from: book, scope: scope)
            while true {
                let step = job.step(cards: Self.slice)
                guard case .running = step else { return step }
                if !control.report(step) { job.cancel(); return nil }
            }
        }, then: { [weak self] result in
            guard let self, self.remote === control else { return }
            self.remote = nil
            switch result {
            case .success(let step?): self.show(step)
            case .success(nil): self.showCancelled()
            case .failure(let error): self.finish(lines: [error.message], fraction: self.progress.fraction, failed: true)
            }
        })
        pollRemote()
    }

    private func pollRemote() {
        timer = scheduler?.after(Self.pause) { [weak self] in
            guard let self, let remote = self.remote else { return }
            if let step = remote.latest, case .running = step { self.show(step) }
            self.pollRemote()
        }
    }

    private func show(_ step: TransferProgress) {
        switch step {
        case .running(let fraction, let done):
            progress.fraction = fraction
            status.text = "\(kind == .importing ? "Importing" : "Exporting")… \(done) contacts so far. Esc cancels."
        case .finished(let lines):
            finish(lines: lines, fraction: 1)
        case .failed(let message):
            finish(lines: [message], fraction: progress.fraction, failed: true)
        }
    }

    private func finish(lines: [String], fraction: Double, failed: Bool = false) {
        job = nil
        remote = nil
        timer?.cancel()
        timer = nil
        setNeedsKeyCommandsUpdate()
        isFinished = true
        progress.fraction = fraction
        status.text = failed
            ? (kind == .importing ? "Not imported." : "Not exported.") + " Esc goes back; Enter on the path tries again."
            : "Done. Esc goes back; Enter on the path runs it again."
        progress.isHidden = failed && fraction == 0
        summaryLines = lines
        view.setNeedsLayout()
    }

    private func cancel() {
        if let remote {
            // The work's thread stops after the slice it is on and rolls back; its answer says when.
            remote.cancel()
            timer?.cancel() // no more progress: it is stopping
            timer = nil
            status.text = "Cancelling…"
            return
        }
        timer?.cancel()
        timer = nil
        job?.cancel()
        job = nil
        showCancelled()
    }

    private func showCancelled() {
        timer?.cancel()
        timer = nil
        setNeedsKeyCommandsUpdate()
        isFinished = true
        status.text = kind == .importing ? "Cancelled: nothing was imported." : "Cancelled: no file was written."
        view.setNeedsLayout()
    }
}
