import TUIKit

/// The first screen: the app's name, a spinner, and the real start-up work
/// (open or create the database, migrate it, read the saved session). It
/// stays at least `minimumDuration` so it is seen, and no longer than the
/// work needs past that; a start-up error stays on screen until a key. A server that does not
/// answer is tried again, 2 s later and then longer and longer up to 30 s, with a countdown on
/// screen; any key still quits.
@MainActor
final class SplashViewController: ViewController {
    enum Destination: Equatable { case main, login }

    /// Asked once the work is done (the signed-in user's own setting may decide it).
    private let minimumDuration: () -> Duration
    /// The start-up work: it hands its answer to the closure it is given, on the main loop (at once,
    /// or later when it ran off the main loop).
    private let work: (@escaping @MainActor (Result<Destination, AppStartupError>) -> Void) -> Void
    private let onFinished: (Destination) -> Void
    private let onFailed: (AppStartupError) -> Void
    /// Told when a start-up that failed worked on a later try (a key no longer quits).
    var onRecovered: (() -> Void)?
    /// How long after each failed try the next comes (the last repeats).
    static let retryDelays: [Duration] = [.seconds(2), .seconds(4), .seconds(8), .seconds(16), .seconds(30)]
    private var tries = 0
    private var retry: Timer?
    private let spinner = ActivityIndicator(text: "Opening your data…")
    private let message = Label("", alignment: .center)
    private var started = false
    private var failure: AppStartupError?

    init(minimumDuration: @escaping () -> Duration,
         work: @escaping (@escaping @MainActor (Result<Destination, AppStartupError>) -> Void) -> Void,
         onFinished: @escaping (Destination) -> Void, onFailed: @escaping (AppStartupError) -> Void) {
        self.minimumDuration = minimumDuration
        self.work = work
        self.onFinished = onFinished
        self.onFailed = onFailed
        super.init()
    }

    override func viewDidLoad() {
        view.style = Theme.live.base
        let name = Label("S W I T C H B O A R D", style: Theme.live.emphasis, alignment: .center)
        let tagline = Label("contacts · friends · settings", style: Theme.live.secondary, alignment: .center)
        message.wrapsText = true
        message.textStyle = Theme.live.error
        for v in [name, tagline, spinner, message] { view.addSubview(v); v.translatesAutoresizingMaskIntoConstraints = false }
        LayoutConstraint.activate([
            name.centerXAnchor.constraint(equalTo: view.centerXAnchor),
            name.centerYAnchor.constraint(equalTo: view.centerYAnchor, constant: -2),
            tagline.centerXAnchor.constraint(equalTo: view.centerXAnchor),
            tagline.topAnchor.constraint(equalTo: name.bottomAnchor, constant: 1),
            spinner.centerXAnchor.constraint(equalTo: view.centerXAnchor),
            spinner.topAnchor.constraint(equalTo: tagline.bottomAnchor, constant: 1),
            message.topAnchor.constraint(equalTo: spinner.bottomAnchor, constant: 1),
            message.leadingAnchor.constraint(equalTo: view.leadingAnchor, constant: 2),
            message.trailingAnchor.constraint(equalTo: view.trailingAnchor, constant: -2),
            message.bottomAnchor.constraint(equalTo: view.bottomAnchor),
        ])
    }

    override func viewDidAppear() {
        guard !started, let scheduler else { return }
        started = true
        spinner.startAnimating()
        let start = scheduler.clock.now
        // Let the first frame reach the screen before the work starts.
        scheduler.after(.zero) { [weak self] in self?.runWork(startedAt: start) }
    }

    private func runWork(startedAt start: Duration) {
        guard let scheduler else { return }
        work { [weak self] result in
            guard let self else { return }
            switch result {
            case .success(let destination):
                if self.failure != nil {
                    self.failure = nil
                    self.message.text = ""
                    self.onRecovered?()
                }
                let left = self.minimumDuration() - (scheduler.clock.now - start)
                if left <= .zero {
                    self.spinner.stopAnimating()
                    self.onFinished(destination)
                    return
                }
                scheduler.after(left) { [weak self] in
                    self?.spinner.stopAnimating()
                    self?.onFinished(destination)
                }
            case .failure(let error):
                self.spinner.stopAnimating()
                let first = self.failure == nil
                self.failure = error
                if first { self.onFailed(error) }
                guard error.isWorthRetrying else {
                    self.message.text = error.description + "\n\nPress any key to quit."
                    return
                }
                self.scheduleRetry(after: error, startedAt: start)
            }
        }
    }

    /// Counts down to the next try on screen, then tries.
    private func scheduleRetry(after error: AppStartupError, startedAt start: Duration) {
        guard let scheduler else { return }
        let due = scheduler.clock.now + Self.retryDelays[min(tries, Self.retryDelays.count - 1)]
        tries += 1
        func show() {
            let seconds = max(1, (due - scheduler.clock.now).milliseconds / 1000)
            message.text = error.description + "\n\nTrying again in \(seconds) s. Press any key to quit."
        }
        show()
        retry?.cancel()
        retry = scheduler.every(.seconds(1)) { [weak self] timer in
            guard let self else { timer.cancel(); return }
            guard scheduler.clock.now >= due else { show(); return }
            timer.cancel()
            self.retry = nil
            self.message.text = error.description + "\n\nTrying again now… Press any key to quit."
            self.spinner.startAnimating()
            self.runWork(startedAt: start)
        }
    }

    /// The start-up error on screen, if any.
    var startupError: AppStartupError? { failure }
}
