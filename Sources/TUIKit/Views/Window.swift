/// The root of the view tree: the whole screen. It keeps the keyboard focus
/// (the first responder), the parts of the screen that must be drawn again,
/// and the scheduler that timers of its views use.
///
/// ```swift
/// app.window.rootViewController = MyController()   // fills the window
/// app.window.bottomBar = MyStatusBar()             // a one-row bar under it, if the app wants one
/// ```
@MainActor
public final class Window: View {
    /// The run loop's timers, for views and controllers in this window.
    public let scheduler: Scheduler

    /// Hands the terminal to another program for the closure (set by the application): the
    /// screen is the shell's meanwhile, then taken back and drawn whole.
    public internal(set) var runOutsideTerminal: ((() -> Void) -> Void)?
    /// Puts text on the clipboard through the terminal (set by the application); false where the
    /// terminal does not take it.
    public internal(set) var copyToClipboard: ((String) -> Bool)?

    /// A few words every status line of the window shows at its right end, whatever the screen
    /// ("synced 14:02 · 3 pending"); nil: none. The key hints give way to it.
    public var statusText: String? { didSet { if statusText != oldValue { statusTextRevision &+= 1 } } }
    /// Counts changes of `statusText` (the status lines look at it before each frame).
    public private(set) var statusTextRevision = 0

    /// The view keys go to first.
    public private(set) weak var firstResponder: View? { didSet { setNeedsKeyCommandsUpdate() } } // the hints follow it

    /// What the last layout pass found wrong with the constraints (empty when all is well).
    public private(set) var layoutIssues: [LayoutIssue] = []

    /// Called with each new layout issue (the app logs them; tests look at them).
    public var layoutIssueHandler: ((LayoutIssue) -> Void)?

    private(set) var dirtyRects: [Rect] = []
    var isLayingOut = false
    private var reportedIssues = Set<LayoutIssue>()

    /// A window filling a screen of `size`, whose views' timers run on `scheduler`; the whole screen is drawn first.
    public init(size: Size, scheduler: Scheduler) {
        self.scheduler = scheduler
        super.init(frame: Rect(origin: .zero, size: size))
        dirtyRects = [bounds]
    }

    // MARK: Layout and drawing

    /// Lays out the whole tree if anything asked for it; returns the issues found.
    @discardableResult
    func layoutIfRequested() -> [LayoutIssue] {
        guard needsLayout || subtreeNeedsLayout else { return [] }
        isLayingOut = true
        defer { isLayingOut = false }
        var issues: [LayoutIssue] = []
        layoutTree(issues: &issues)
        layoutIssues = issues
        for issue in issues where reportedIssues.insert(issue).inserted { layoutIssueHandler?(issue) }
        return issues
    }

    func markDirty(_ rect: Rect) {
        let r = rect.intersection(bounds)
        guard !r.isEmpty else { return }
        // Plain loops (called a few times a key: a closure handed to the standard library pays the
        // main actor's check each time it runs).
        for d in dirtyRects where d.contains(r) { return }
        // A rectangle over the same columns that touches or overlaps another becomes one with it
        // (a list's old and new selected rows): each rectangle costs a walk of the view tree.
        for i in dirtyRects.indices {
            let d = dirtyRects[i]
            if d.minX == r.minX && d.width == r.width && d.minY <= r.maxY && r.minY <= d.maxY {
                dirtyRects[i] = d.union(r)
                return
            }
        }
        dirtyRects.append(r)
        if dirtyRects.count > 16 { dirtyRects = [dirtyRects.reduce(Rect.zero) { $0.union($1) }] }
    }

    /// Content moves asked for since the last frame: the back buffer's cells in
    /// `rect` shift by `dy` rows before anything is drawn.
    private(set) var pendingMoves: [(rect: Rect, dy: Int)] = []

    /// Shifts what is already drawn in a rectangle (window coordinates) by whole
    /// rows; the rows that come into view must be invalidated by the caller.
    func moveContent(of rect: Rect, dy: Int) {
        let r = rect.intersection(bounds)
        guard !r.isEmpty, dy != 0 else { return }
        pendingMoves.append((r, dy))
    }

    func takePendingMoves() -> [(rect: Rect, dy: Int)] {
        defer { pendingMoves = [] }
        return pendingMoves
    }

    func takeDirtyRects() -> [Rect] {
        defer { dirtyRects = [] }
        return dirtyRects
    }

    /// Marks the whole screen to be drawn again.
    public func setNeedsFullRedraw() { dirtyRects = [bounds] }

    // MARK: Focus

    /// Makes a view the first responder (or clears it with nil); the old and new one hear about it.
    public func makeFirstResponder(_ view: View?) {
        guard view !== firstResponder else { return }
        if let view, !(view.canBecomeFirstResponder && view.isDescendant(of: self)) { return }
        let old = firstResponder
        firstResponder = view
        old?.focusDidChange()
        view?.focusDidChange()
        view?.scrollIntoView()
    }

    func viewWillLeaveWindow(_ view: View) {
        if let fr = firstResponder, fr.isDescendant(of: view) { firstResponder = nil; fr.focusDidChange() }
    }

    /// The views that can take the focus, in reading order (tree order), within `root`.
    public func focusableViews(in root: View? = nil) -> [View] {
        var result: [View] = []
        func walk(_ v: View) {
            guard !v.isHidden else { return }
            if v.canBecomeFirstResponder, v !== self { result.append(v) }
            for s in v.subviews { walk(s) }
        }
        walk(root ?? self)
        return result
    }

    /// Moves the focus to the next (or previous) focusable view, wrapping around.
    /// `scope` limits the cycle (a modal popup keeps the focus inside itself).
    public func moveFocus(forward: Bool, within scope: View? = nil) {
        let views = focusableViews(in: scope)
        guard !views.isEmpty else { return }
        guard let current = firstResponder, let i = views.firstIndex(where: { $0 === current }) else {
            makeFirstResponder(forward ? views.first : views.last)
            return
        }
        let next = (i + (forward ? 1 : views.count - 1)) % views.count
        makeFirstResponder(views[next])
    }

    /// Where keys go: the first responder, else the frontmost controller, else the window itself.
    public var keyTarget: Responder { firstResponder ?? rootViewController?.frontmostController.view ?? self }

    public override var nextResponder: Responder? { owningResponder }

    /// The root controller's window-wide keys (`ViewController.windowKeyCommands`).
    public var windowKeyCommands: [KeyCommand] { rootViewController?.windowKeyCommands ?? [] }

    /// What the key target answers to: its chain's commands, then the window-wide
    /// ones it does not shadow (in a text field, not those a character types).
    public var keyCommandsForTarget: [KeyCommand] {
        let target = keyTarget
        var commands = target.keyCommandsInChain
        for command in windowKeyCommands where !commands.contains(where: { $0.key == command.key }) {
            if target.usesKeyItself(command.key) { continue }
            commands.append(command)
        }
        return commands
    }

    /// Whether the key target types characters (a text field): help is then F1, not `?`.
    public var isTyping: Bool { keyTarget.takesTypedCharacters }

    // MARK: Root view controller

    /// The controller whose view fills the window. Setting it replaces the old
    /// one at once, with the appearance calls.
    public var rootViewController: ViewController? {
        didSet {
            guard rootViewController !== oldValue else { return }
            oldValue?.viewWillDisappear()
            oldValue?.removePresentations()
            oldValue?.view.removeFromSuperview()
            oldValue?.viewDidDisappear()
            if let root = rootViewController {
                EdgePins.embed(root.view, in: self)
                root.viewWillAppear()
                root.viewDidAppear()
                root.focusPreferredResponder()
            }
        }
    }

    // MARK: Stale content

    /// What the window's lists show may be out of date (their data source is slow to answer or out
    /// of reach): every list draws its rows, but the selected one, in its quiet style until this is
    /// set back — lists shown meanwhile too.
    public var showsContentAsStale = false {
        didSet {
            guard showsContentAsStale != oldValue else { return }
            func walk(_ view: View) {
                (view as? ListView)?.staleDidChange()
                view.subviews.forEach(walk)
            }
            walk(self)
        }
    }

    // MARK: Bottom bar

    /// A bar along the bottom of the window (a kiosk's caption), one row — or as many as a wrapping
    /// label's text needs at the window's width, up to `maxBottomBarRows` (a message read whole
    /// on a narrow screen): the root controller and everything presented fill the rows above it;
    /// the help overlay and the too-small message still cover the whole window.
    public var bottomBar: View? {
        didSet {
            guard bottomBar !== oldValue else { return }
            oldValue?.removeFromSuperview()
            bottomBarHeight = nil
            if let bar = bottomBar {
                addSubview(bar)
                bar.translatesAutoresizingMaskIntoConstraints = false
                let height = bar.heightAnchor.constraint(equalToConstant: 1)
                bottomBarHeight = height
                LayoutConstraint.activate([
                    bar.leadingAnchor.constraint(equalTo: leadingAnchor),
                    bar.trailingAnchor.constraint(equalTo: trailingAnchor),
                    bar.bottomAnchor.constraint(equalTo: bottomAnchor),
                    height,
                ])
            }
            bottomInset = bottomBar == nil ? 0 : 1
            fitBottomBar()
            setNeedsLayout()
            setNeedsFullRedraw()
        }
    }

    /// The most rows a bottom bar's wrapped text takes.
    public static let maxBottomBarRows = 3
    private var bottomBarHeight: LayoutConstraint?

    /// Rows at the bottom that embedded controllers leave to the bottom bar.
    private(set) var bottomInset = 0 {
        didSet {
            guard bottomInset != oldValue else { return }
            // Embedded controllers' bottom constraints carry the inset (a full-window overlay's do not).
            for view in subviews {
                for c in view.constraints where c.secondItem === self && c.identifier == EdgePins.bottomIdentifier {
                    c.constant = -bottomInset
                }
            }
        }
    }

    /// The bar's rows for the window's width (a one-row bar stays one).
    private func fitBottomBar() {
        guard let bar = bottomBar, let height = bottomBarHeight, bounds.width > 0 else { return }
        let rows = min(Self.maxBottomBarRows, max(1, (bar as? Label)?.wrapsText == true ? bar.heightThatFits(width: bounds.width) ?? 1 : 1))
        if height.constant != rows { height.constant = rows }
        bottomInset = rows
    }

    public override func layoutSubviews() {
        fitBottomBar()
        super.layoutSubviews()
    }

    // MARK: Transitions

    /// How many transitions are running; input waits while any is.
    public private(set) var runningTransitions = 0

    func beginTransition() { runningTransitions += 1 }
    func endTransition() { runningTransitions = max(0, runningTransitions - 1) }

    // MARK: Views that show live state

    private var liveViews: [WeakView] = []
    private struct WeakView { weak var view: View? }

    /// Registers a view that is drawn again before every frame (a status line
    /// whose hints follow the focus).
    public func redrawBeforeEveryFrame(_ view: View) {
        liveViews.removeAll { $0.view == nil }
        liveViews.append(WeakView(view: view))
    }

    func prepareFrame() {
        liveViews.removeAll { $0.view == nil }
        for v in liveViews { if let view = v.view, view.window === self { view.refreshLiveContent() } }
    }
}
