import AppServices
import TUIKit

/// The change fan-out: hears that the data changed (someone else's write, a sync's pass, a
/// connection that answers again) and has every screen on view, and the live readers, read again.
@MainActor
final class ChangesElsewhere {
    private let session: AppSession
    private let coordinator: Coordinator
    /// Told of every write, the app's own too (the sync's pending changes show on the status line).
    var onAnyWrite: (() -> Void)?

    init(session: AppSession, coordinator: Coordinator) {
        self.session = session
        self.coordinator = coordinator
    }

    /// What the run loop waits on to hear that someone else may have changed the data (nil
    /// before anyone signs in: there is nothing on screen to read again).
    var changeSignal: Int32? {
        guard session.isSignedIn else { return nil }
        return session.backend.changeSignal
    }

    /// Asks the backend whether someone else changed the signed-in account's data (when its
    /// `changeSignal` became readable; the sync's pending changes are read again whoever wrote),
    /// and if so has every screen on view (the top of the flow, and what is presented over it) read
    /// its data again.
    func takeChangesElsewhere() {
        guard session.isSignedIn, let account = session.account else { return }
        let elsewhere = session.backend.directory.changedElsewhere(for: account)
        // Any write, this app's own too: what is pending to sync shows on the status line of
        // whatever screen the change was made on.
        onAnyWrite?()
        if elsewhere { readScreensAgain() }
    }

    /// Has every screen on view, and the live readers, read their data again.
    func readScreensAgain() {
        guard session.isSignedIn else { return }
        var controller: ViewController? = coordinator.navigationController?.topViewController
        while let shown = controller {
            (shown as? ReloadsOnChangesElsewhere)?.reloadForChangesElsewhere()
            for child in shown.children { (child as? ReloadsOnChangesElsewhere)?.reloadForChangesElsewhere() }
            controller = shown.presentedViewController
        }
        liveReaders.removeAll { $0.reader == nil }
        for live in liveReaders { live.reader?.reloadForChangesElsewhere() }
    }

    /// Puts the backend's off-main work on the run loop: its results, and the connection banner
    /// (`banner` is told its text; nil: none). After a lost connection answers again, the
    /// screens on view read again.
    func attach(to scheduler: Scheduler, banner: @escaping (String?) -> Void) {
        session.backend.attach(to: scheduler, banner: banner, recovered: { [weak self] in self?.readScreensAgain() })
    }

    /// View models of screens the Components target draws (the friends popup, the activity
    /// feed), told of changes elsewhere as long as they live.
    private var liveReaders: [WeakReader] = []
    private struct WeakReader { weak var reader: ReloadsOnChangesElsewhere? }

    /// Has `reader` read its data again after changes elsewhere, for as long as it lives.
    func readAgainOnChangesElsewhere(_ reader: ReloadsOnChangesElsewhere) {
        liveReaders.removeAll { $0.reader == nil }
        liveReaders.append(WeakReader(reader: reader))
    }
}
