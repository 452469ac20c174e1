/// A screen or part of one: it owns a root view and answers the lifecycle
/// calls UIKit's `UIViewController` gets, in the same order.
///
/// Override `loadView()` to make the root view (the default is an empty
/// `View`), `viewDidLoad()` to build the screen once, and the appearance
/// methods to start and stop work. Keys reach a controller through the
/// responder chain: its root view passes them to it, and it passes them on
/// to its parent (or the controller that presented it).
///
/// ```swift
/// final class GreetingController: ViewController {
///     private let label = Label("Hello")
///     override func viewDidLoad() {
///         title = "Greeting"
///         view.addSubview(label)
///         label.pinEdges(to: view)
///     }
///     override var keyCommands: [KeyCommand] {
///         [KeyCommand(.escape, title: "Back") { [unowned self] in dismiss() }]
///     }
/// }
/// ```
@MainActor
open class ViewController: Responder {
    /// Shown in the navigation title bar.
    public var title: String? { didSet { navigationController?.titleDidChange() } }

    /// The bar buttons this controller shows when it is on top of a navigation stack.
    public let navigationItem = NavigationItem()

    /// The container controller this one is a child of (a navigation controller, a split screen).
    public private(set) weak var parent: ViewController? { didSet { setNeedsKeyCommandsUpdate() } }
    /// The child controllers, in the order added.
    public private(set) var children: [ViewController] = []
    /// The controller this one presented modally, if any.
    public internal(set) var presentedViewController: ViewController?
    /// The controller that presented this one, if it is presented.
    public internal(set) weak var presentingViewController: ViewController? { didSet { setNeedsKeyCommandsUpdate() } }

    private(set) var loadedView: View?

    public override init() { super.init() }

    // MARK: The view

    /// The root view, made (by `loadView`) and set up (by `viewDidLoad`) on first use.
    public var view: View {
        get {
            if let loadedView { return loadedView }
            loadView()
            if loadedView == nil { loadedView = View() }
            loadedView!.owningResponder = self
            viewDidLoad()
            return loadedView!
        }
        set {
            loadedView?.owningResponder = nil
            loadedView = newValue
            newValue.owningResponder = self
        }
    }

    /// Whether the root view was made yet (reading `view` makes it).
    public var isViewLoaded: Bool { loadedView != nil }

    /// Makes the root view; set `view` here. The default makes an empty view.
    open func loadView() { view = View() }
    /// Called once, after the root view was made.
    open func viewDidLoad() {}
    /// Called before the view goes on screen (pushed, presented, or its container appearing).
    open func viewWillAppear() {}
    /// Called after the view went on screen and any transition ended.
    open func viewDidAppear() {}
    /// Called before the view leaves the screen.
    open func viewWillDisappear() {}
    /// Called after the view left the screen.
    open func viewDidDisappear() {}

    /// The view that should take the focus when this screen appears; the
    /// default is the first focusable view in it.
    open var preferredFirstResponder: View? {
        guard isViewLoaded, let window = view.window else { return nil }
        return window.focusableViews(in: view).first
    }

    /// The scheduler of the window the view is in (for timers).
    public var scheduler: Scheduler? { loadedView?.window?.scheduler }

    // MARK: Containment

    /// Adds a child controller; calls `willMove(toParent:)` on it. The caller
    /// adds the child's view and then calls `child.didMove(toParent: self)`.
    public func addChild(_ child: ViewController) {
        if child.parent === self { return }
        child.removeFromParent()
        child.willMove(toParent: self)
        children.append(child)
        child.parent = self
    }

    /// Takes this controller out of its parent; calls `didMove(toParent: nil)`.
    /// The caller calls `willMove(toParent: nil)` before and removes the view.
    public func removeFromParent() {
        guard let parent else { return }
        parent.children.removeAll { $0 === self }
        self.parent = nil
        didMove(toParent: nil)
    }

    /// Called before the controller is added to `parent`, or before it is removed (`parent` nil).
    open func willMove(toParent parent: ViewController?) {}
    /// Called after the controller was added to `parent`, or after it was removed (`parent` nil).
    open func didMove(toParent parent: ViewController?) {}

    /// The nearest navigation controller up the parent chain.
    public var navigationController: NavigationController? {
        var c: ViewController? = parent
        while let current = c {
            if let nav = current as? NavigationController { return nav }
            c = current.parent
        }
        return nil
    }

    /// Keys that, with this controller as the window's root, work on every
    /// screen however it was reached (a popup, a card opened over one) and
    /// are listed in every help: tried after the responder chain.
    open var windowKeyCommands: [KeyCommand] { [] }

    /// The controller whose screen is in front: the presented one, or (for
    /// containers) the visible child. Keys go there when no view has the focus.
    open var frontmostController: ViewController {
        presentedViewController?.frontmostController ?? self
    }

    /// Replaces one child's view with another's, animated (UIKit's
    /// `transition(from:to:duration:options:animations:completion:)`). Both
    /// must be children of this controller. `from` gets viewWillDisappear /
    /// viewDidDisappear, `to` viewWillAppear / viewDidAppear; input that
    /// arrives meanwhile waits and is handled after the transition.
    public func transition(from: ViewController, to: ViewController,
                           duration: Duration = TransitionAnimation.defaultDuration,
                           animation: TransitionAnimation,
                           completion: ((Bool) -> Void)? = nil) {
        precondition(from.parent === self && to.parent === self, "transition(from:to:) needs two children of this controller")
        performTransition(from: from, to: to, in: view, duration: duration, animation: animation, completion: completion)
    }

    func performTransition(from: ViewController, to: ViewController, in container: View,
                           duration: Duration, animation: TransitionAnimation, completion: ((Bool) -> Void)?) {
        let window = container.window
        let embedded = EdgePins.embed(to.view, in: container)
        to.viewWillAppear()
        from.viewWillDisappear()
        window?.beginTransition()
        let width = { Double(container.bounds.width) }
        Animator.run(duration: animation == .none ? .zero : duration, scheduler: window?.scheduler, step: { progress in
            switch animation {
            case .none:
                break
            case .fade:
                from.view.isHidden = progress >= 0.5
                from.view.dimsContent = progress > 0.15
                to.view.isHidden = progress < 0.5
                to.view.dimsContent = progress < 0.85
            case .slideFromLeft, .slideFromRight:
                let sign = animation == .slideFromLeft ? -1.0 : 1.0
                embedded.offset(x: Int((sign * width() * (1 - progress)).rounded()))
            }
        }, completion: {
            embedded.offset(x: 0)
            to.view.isHidden = false
            to.view.dimsContent = false
            from.view.dimsContent = false
            from.view.isHidden = false
            from.view.removeFromSuperview()
            from.viewDidDisappear()
            to.viewDidAppear()
            to.focusPreferredResponder()
            window?.endTransition()
            completion?(true)
        })
    }

    /// Gives the focus to `preferredFirstResponder` unless the focus is already inside this screen.
    public func focusPreferredResponder() {
        guard isViewLoaded, let window = view.window else { return }
        if let current = window.firstResponder, current.isDescendant(of: view) { return }
        window.makeFirstResponder(frontmostController.preferredFirstResponder)
    }

    var presentationStyle: ModalPresentationStyle = .overCurrentContext
    var transitionStyle: ModalTransitionStyle = .crossDissolve
    weak var focusBeforePresentation: View?

    // MARK: Responder chain

    /// The parent, else the view's superview. A presented controller ends the
    /// chain: keys do not reach the screen underneath a modal.
    open override var nextResponder: Responder? {
        if let parent { return parent }
        if presentingViewController != nil { return nil }
        return loadedView?.superview
    }
}
