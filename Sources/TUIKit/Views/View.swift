/// A rectangle of the screen that draws itself and holds subviews — the
/// terminal's `UIView`.
///
/// Subclasses override `draw(in:)` to draw into a `Canvas` (in their own
/// coordinates, clipped to their frame) and may override `layoutSubviews()`;
/// the default lays subviews out from their active layout constraints:
///
/// ```swift
/// self.view.addSubview(infoView)
/// infoView.translatesAutoresizingMaskIntoConstraints = false
/// infoView.leadingAnchor.constraint(equalTo: self.view.leadingAnchor).isActive = true
/// infoView.trailingAnchor.constraint(equalTo: self.view.trailingAnchor).isActive = true
/// ```
@MainActor
open class View: Responder {
    // The properties the renderer reads for every view of every frame (`frame`, `subviews`,
    // `style`, `isOpaque`, `isHidden`, `dimsContent`) are not checked for overlapping access at
    // run time: each read was a call into the runtime's access set, ~55k instructions a key in
    // a scrolling list. Views live on the main actor, and no access to these is held across a
    // call that could reach them again (no inout passing of a view's frame or subviews). The same
    // holds for the layout marks (`needsLayout`, `subtreeNeedsLayout`), `constraintRefs` and the
    // few flags a list's layout reads for every row on every key.
    /// Position and size in the superview's coordinates.
    @exclusivity(unchecked) public var frame: Rect {
        didSet {
            guard frame != oldValue, !movingWithoutRedraw else { return }
            if let superview { superview.invalidate(oldValue); superview.invalidate(frame) }
            if frame.size != oldValue.size { setNeedsLayout() }
        }
    }

    /// The view's own coordinate space: origin zero, the frame's size.
    public var bounds: Rect { Rect(origin: .zero, size: frame.size) }

    /// The view this one is a subview of; nil for a window or a view not yet added.
    @exclusivity(unchecked) public private(set) weak var superview: View? { didSet { setNeedsKeyCommandsUpdate() } } // the responder chain runs through it
    /// The subviews, back to front: the first is drawn first, the last is hit first.
    @exclusivity(unchecked) public private(set) var subviews: [View] = []

    /// Colours and attributes this view and its contents inherit; a view with a style
    /// of its own fills itself with it before it draws (so does an opaque one).
    @exclusivity(unchecked) public var style: Style = .plain { didSet { if style != oldValue { setNeedsDisplay() } } }

    /// Whether the view fills every cell of its bounds before it draws, even in the plain
    /// style (UIKit's `isOpaque`): what lies under it never shows through its blanks. A view
    /// with a style of its own is filled anyway; this is for a panel that must hide the screen
    /// beneath it also when the theme has no colours (monochrome, `NO_COLOR`).
    @exclusivity(unchecked) public var isOpaque = false { didSet { if isOpaque != oldValue { setNeedsDisplay() } } }

    /// Whether the view fills its bounds before it draws: a style of its own, or opaque.
    var fillsItself: Bool { isOpaque || style != .plain }

    /// The background colour (the same as `style.background`).
    public var backgroundColor: Color? {
        get { style.background }
        set { style.background = newValue }
    }

    /// A hidden view and its subviews are neither drawn nor hit.
    @exclusivity(unchecked) public var isHidden = false {
        didSet { if isHidden != oldValue { superview?.invalidate(frame); setNeedsLayout(); setNeedsKeyCommandsUpdate() } }
    }

    /// Draws the view and everything in it dimmed (fades, and screens under a popup).
    @exclusivity(unchecked) public var dimsContent = false { didSet { if dimsContent != oldValue { setNeedsDisplay() } } }

    /// Whether mouse clicks reach this view and its subviews.
    @exclusivity(unchecked) public var isUserInteractionEnabled = true

    /// When true (the default) the frame you set is kept for whatever the
    /// view's constraints leave open; when false, constraints must place and
    /// size the view fully, and a layout that leaves something open is reported.
    @exclusivity(unchecked) public var translatesAutoresizingMaskIntoConstraints = true

    /// The controller whose root view this is (set by `ViewController`); it
    /// comes next in the responder chain.
    @exclusivity(unchecked) public weak var owningResponder: Responder? { didSet { setNeedsKeyCommandsUpdate() } }

    @exclusivity(unchecked) var constraintRefs: [LayoutConstraint] = []
    @exclusivity(unchecked) private var movingWithoutRedraw = false

    /// Moves the view without asking for a redraw: for content the renderer
    /// already moved in the buffer (a list scrolling by whole rows).
    func setFrameWithoutRedraw(_ rect: Rect) {
        movingWithoutRedraw = true
        frame = rect
        movingWithoutRedraw = false
    }

    /// Whether nothing drawn after this view (later siblings up the tree) covers it.
    var isUnobscured: Bool {
        // This view's frame in each ancestor's coordinates in turn, beside the later siblings'
        // own frames (the same test as in the window's coordinates: both move alike; no
        // `frameInWindow`, a walk to the window, for each sibling).
        var mine = frame
        var child: View = self
        while let parent = child.superview {
            if parent.dimsContent { return false }
            // From the front down to this view (no closure, no slice: a list asks on every scroll).
            let siblings = parent.subviews
            var i = siblings.count - 1
            while i >= 0, siblings[i] !== child {
                let later = siblings[i]
                if !later.isHidden && later.frame.intersects(mine) { return false }
                i -= 1
            }
            if i < 0 { return false }
            if !(parent is Window) { mine = mine.offsetBy(dx: parent.frame.minX, dy: parent.frame.minY) }
            child = parent
        }
        return child is Window
    }
    /// This view's own layout is out of date (its constraints, size or content changed).
    @exclusivity(unchecked) var needsLayout = true
    /// Some view below this one needs layout: a layout pass walks down this path.
    @exclusivity(unchecked) var subtreeNeedsLayout = false

    /// A view at `frame` (in its superview's coordinates); give it `.zero` when constraints place it.
    public init(frame: Rect = .zero) {
        self.frame = frame
        super.init()
    }

    // MARK: Hierarchy

    /// Adds a view on top of the existing subviews (removing it from its old superview).
    public func addSubview(_ view: View) {
        insertSubview(view, at: subviews.count)
    }

    /// Inserts a view at an index of `subviews` (0 is drawn first, at the back).
    public func insertSubview(_ view: View, at index: Int) {
        precondition(view !== self, "a view cannot be its own subview")
        let oldWindow = view.window
        view.removeFromSuperviewKeepingWindow()
        subviews.insert(view, at: max(0, min(index, subviews.count)))
        view.superview = self
        setNeedsLayout()
        invalidate(view.frame)
        view.didMoveToSuperview()
        if oldWindow !== view.window { view.notifyMovedToWindow() }
    }

    /// Moves a subview to the front (drawn last, hit first).
    public func bringSubviewToFront(_ view: View) {
        guard let i = subviews.firstIndex(where: { $0 === view }), i != subviews.count - 1 else { return }
        subviews.remove(at: i)
        subviews.append(view)
        invalidate(view.frame)
    }

    /// Takes this view out of its superview; its constraints to views outside
    /// it are deactivated (as in UIKit).
    public func removeFromSuperview() {
        let oldWindow = window
        for c in constraintRefs {
            let other = c.firstItem === self ? c.secondItem : c.firstItem
            if let other, !other.isDescendant(of: self) { c.isActive = false }
        }
        removeFromSuperviewKeepingWindow()
        if oldWindow != nil {
            oldWindow?.viewWillLeaveWindow(self)
            notifyMovedToWindow()
        }
    }

    private func removeFromSuperviewKeepingWindow() {
        guard let parent = superview else { return }
        parent.invalidate(frame)
        parent.subviews.removeAll { $0 === self }
        superview = nil
        parent.setNeedsLayout()
        didMoveToSuperview()
    }

    private func notifyMovedToWindow() {
        didMoveToWindow()
        for sub in subviews { sub.notifyMovedToWindow() }
    }

    /// Called after the superview changed.
    open func didMoveToSuperview() {}

    /// Called after the view joined or left a window (timers of a spinner start here).
    open func didMoveToWindow() {}

    /// The window this view is shown in, if any.
    public var window: Window? {
        // A window is the root of its tree (it is never a subview): walk to the root and cast
        // once, not at every step.
        var current = self
        while let up = current.superview { current = up }
        return current as? Window
    }

    /// Whether `self` is `view` or one of its descendants.
    public func isDescendant(of view: View) -> Bool {
        var v: View? = self
        while let current = v {
            if current === view { return true }
            v = current.superview
        }
        return false
    }

    // MARK: Coordinates

    /// The frame in the window's (the screen's) coordinates.
    public var frameInWindow: Rect {
        Rect(origin: convertToWindow(.zero), size: frame.size)
    }

    /// A point in this view's coordinates, in the window's.
    public func convertToWindow(_ point: Point) -> Point {
        // Every view's origin up to the window, whose own is not added: the window is the root
        // of its tree, so the walk casts once, at the root (a tree not in a window adds its
        // root's origin too).
        var p = point
        var current = self
        while let up = current.superview {
            p = p + current.frame.origin
            current = up
        }
        return current is Window ? p : p + current.frame.origin
    }

    /// A point in the window's coordinates, in this view's.
    public func convertFromWindow(_ point: Point) -> Point { point - convertToWindow(.zero) }

    // MARK: Layout

    /// Asks for a layout pass before the next frame.
    ///
    /// Only this view and its ancestors are marked, so the pass walks this
    /// path alone and lays out nothing beside it.
    public func setNeedsLayout() {
        needsLayout = true
        var v = superview
        while let parent = v {
            parent.subtreeNeedsLayout = true
            v = parent.superview
        }
    }

    /// Lays this view and its subviews out now if anything asked for it;
    /// returns what was wrong with the constraints, if anything.
    @discardableResult
    public func layoutIfNeeded() -> [LayoutIssue] {
        var issues: [LayoutIssue] = []
        layoutTree(issues: &issues)
        return issues
    }

    /// Lays out the marked paths below (and including) this view: a view that
    /// needs layout re-solves its subviews' constraints and runs
    /// `layoutSubviews()`; its subviews are then visited only if they, or
    /// views below them, were marked (a new size marks a view itself).
    func layoutTree(issues: inout [LayoutIssue]) {
        if isHidden { return }
        if needsLayout {
            LayoutEngine.resolveConstraints(of: self, issues: &issues)
            layoutSubviews()
            needsLayout = false
        }
        subtreeNeedsLayout = false
        for sub in subviews where sub.needsLayout || sub.subtreeNeedsLayout { sub.layoutTree(issues: &issues) }
    }

    /// Places subviews by hand, after their constraints were resolved; the
    /// default does nothing more.
    open func layoutSubviews() {}

    /// The size the view's content wants when nothing else decides it (a label's text).
    open var intrinsicContentSize: Size? { nil }

    /// The height the content needs at a given width (a wrapping label); defaults to the intrinsic height.
    open func heightThatFits(width: Int) -> Int? { intrinsicContentSize?.height }

    // MARK: Drawing

    /// Asks for the whole view to be drawn again in the next frame.
    public func setNeedsDisplay() { invalidate(bounds) }

    /// Before each frame, for a view registered with `Window.redrawBeforeEveryFrame`:
    /// asks for a redraw when what it shows may have changed (the default: always).
    func refreshLiveContent() { setNeedsDisplay() }

    /// While set, redraw requests from inside this view are dropped: a
    /// container that redraws its whole area anyway (a list replacing every
    /// row) sets it around the changes. Views elsewhere are not affected.
    @exclusivity(unchecked) private static weak var coalescingScope: View?

    /// Runs `changes` without the redraw requests they make inside this view, then asks for `rect` once.
    func withCoalescedInvalidation(of rect: Rect, _ changes: () -> Void) {
        let previous = View.coalescingScope
        View.coalescingScope = self
        changes()
        View.coalescingScope = previous
        invalidate(rect)
    }

    /// Asks for part of the view (its own coordinates) to be drawn again. Only what lies inside
    /// the view counts: a view draws nothing outside its bounds.
    public func invalidate(_ rect: Rect) {
        if let scope = View.coalescingScope, superview === scope || self === scope && rect != bounds { return }
        let rect = rect.intersection(bounds)
        guard !rect.isEmpty else { return }
        // One walk up to the window (each step reads a weak reference), adding up the origins.
        // The window is the root of its tree: no cast at each step, one at the end (a view not
        // in a window finds none).
        var p = rect.origin
        var current = self
        while let up = current.superview {
            if current.isHidden { return }
            p = p + current.frame.origin
            current = up
        }
        (current as? Window)?.markDirty(Rect(origin: p, size: rect.size))
    }

    /// Draws the view's own content; subviews draw after it, on top.
    open func draw(in canvas: Canvas) {}

    /// Draws on top of the subviews (a focus mark, a border).
    open func drawOverlay(in canvas: Canvas) {}

    /// Where the text cursor should show while this view is the first responder (own coordinates).
    open var cursorLocation: Point? { nil }

    // MARK: Input

    /// The deepest visible, interactive view under a point (own coordinates).
    public func hitTest(_ point: Point) -> View? {
        guard !isHidden, isUserInteractionEnabled, bounds.contains(point) else { return nil }
        for sub in subviews.reversed() {
            let local = point - sub.frame.origin
            if let hit = sub.hitTest(local) { return hit }
        }
        return self
    }

    /// A click at a point (own coordinates); return true when handled, false to pass it up.
    open func mouseDown(at point: Point) -> Bool { false }

    /// A scroll wheel step (own coordinates); return true when handled.
    open func scrollWheel(up: Bool, at point: Point) -> Bool { false }

    /// Superview, or the controller that owns this view.
    open override var nextResponder: Responder? { owningResponder ?? superview }

    /// Whether Tab/Shift-Tab stay inside this view while it is the topmost
    /// subview of the window (a popup or an alert).
    open var isFocusScope: Bool { false }

    /// Whether the view is the window's first responder.
    public var isFirstResponder: Bool { window?.firstResponder === self }

    /// Asks the window to make this view the first responder; false when it cannot.
    @discardableResult
    public func becomeFirstResponder() -> Bool {
        guard canBecomeFirstResponder, let window else { return false }
        window.makeFirstResponder(self)
        return window.firstResponder === self
    }

    /// Called when the view gained or lost the keyboard focus.
    open func focusDidChange() { setNeedsDisplay() }

    // MARK: Anchors

    /// The left edge, for layout constraints.
    public var leadingAnchor: LayoutXAxisAnchor { LayoutXAxisAnchor(view: self, attribute: .leading) }
    /// The right edge, for layout constraints.
    public var trailingAnchor: LayoutXAxisAnchor { LayoutXAxisAnchor(view: self, attribute: .trailing) }
    /// The middle column, for layout constraints.
    public var centerXAnchor: LayoutXAxisAnchor { LayoutXAxisAnchor(view: self, attribute: .centerX) }
    /// The top edge, for layout constraints.
    public var topAnchor: LayoutYAxisAnchor { LayoutYAxisAnchor(view: self, attribute: .top) }
    /// The bottom edge, for layout constraints.
    public var bottomAnchor: LayoutYAxisAnchor { LayoutYAxisAnchor(view: self, attribute: .bottom) }
    /// The middle row, for layout constraints.
    public var centerYAnchor: LayoutYAxisAnchor { LayoutYAxisAnchor(view: self, attribute: .centerY) }
    /// The width, for layout constraints.
    public var widthAnchor: LayoutDimension { LayoutDimension(view: self, attribute: .width) }
    /// The height, for layout constraints.
    public var heightAnchor: LayoutDimension { LayoutDimension(view: self, attribute: .height) }

    /// The active constraints this view takes part in.
    public var constraints: [LayoutConstraint] { constraintRefs.filter(\.isActive) }

    /// Pins all four edges to another view (usually the superview), with insets.
    public func pinEdges(to other: View, insets: EdgeInsets = .zero) {
        translatesAutoresizingMaskIntoConstraints = false
        LayoutConstraint.activate([
            leadingAnchor.constraint(equalTo: other.leadingAnchor, constant: insets.left),
            trailingAnchor.constraint(equalTo: other.trailingAnchor, constant: -insets.right),
            topAnchor.constraint(equalTo: other.topAnchor, constant: insets.top),
            bottomAnchor.constraint(equalTo: other.bottomAnchor, constant: -insets.bottom),
        ])
    }

    /// A short name for diagnostics: the type, and an identifier if one is set.
    public var debugName: String {
        let type = String(describing: Swift.type(of: self))
        return accessibilityIdentifier.map { "\(type)(\($0))" } ?? type
    }

    /// A name tests and diagnostics can find the view by.
    public var accessibilityIdentifier: String?
}
