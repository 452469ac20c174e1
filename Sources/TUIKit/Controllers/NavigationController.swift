/// A stack of screens with a title bar on top and a status line of key hints
/// at the bottom (UIKit's `UINavigationController`). Push slides the new
/// screen in from the right, pop slides back from the left; Esc (or
/// Backspace) pops while there is more than one screen.
///
/// ```swift
/// let navigation = NavigationController(rootViewController: ContactsViewController())
/// app.window.rootViewController = navigation
/// // later, from a screen on the stack:
/// navigationController?.push(ContactDetailViewController(contact))
/// ```
@MainActor
open class NavigationController: ViewController {
    /// The stack, root first; the last one is on screen.
    public private(set) var viewControllers: [ViewController] = [] { didSet { setNeedsKeyCommandsUpdate() } }
    /// The bar at the top: the back or left item, the top controller's title, its right item.
    public let titleBar = TitleBarView()
    /// The key hints at the bottom, for the focused view and the controllers up the chain.
    public let statusLine = StatusLine()
    /// Where the top screen's view goes.
    public let contentView = View()

    /// A stack holding `rootViewController` alone.
    public init(rootViewController: ViewController) {
        super.init()
        addChild(rootViewController)
        viewControllers = [rootViewController]
        rootViewController.didMove(toParent: self)
    }

    /// The controller on screen (the last one pushed).
    public var topViewController: ViewController? { viewControllers.last }

    open override var frontmostController: ViewController {
        presentedViewController?.frontmostController ?? topViewController?.frontmostController ?? self
    }

    open override func loadView() {
        let root = View()
        root.style = Theme.live.base
        for v in [titleBar, contentView, statusLine] { root.addSubview(v); v.translatesAutoresizingMaskIntoConstraints = false }
        LayoutConstraint.activate([
            titleBar.topAnchor.constraint(equalTo: root.topAnchor),
            titleBar.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            titleBar.trailingAnchor.constraint(equalTo: root.trailingAnchor),
            titleBar.heightAnchor.constraint(equalToConstant: 1),
            statusLine.bottomAnchor.constraint(equalTo: root.bottomAnchor),
            statusLine.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            statusLine.trailingAnchor.constraint(equalTo: root.trailingAnchor),
            statusLine.heightAnchor.constraint(equalToConstant: 1),
            contentView.topAnchor.constraint(equalTo: titleBar.bottomAnchor),
            contentView.bottomAnchor.constraint(equalTo: statusLine.topAnchor),
            contentView.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            contentView.trailingAnchor.constraint(equalTo: root.trailingAnchor),
        ])
        view = root
    }

    open override func viewDidLoad() {
        if let top = topViewController { EdgePins.embed(top.view, in: contentView) }
        titleDidChange()
    }

    open override func viewWillAppear() { topViewController?.viewWillAppear() }
    open override func viewDidAppear() { topViewController?.viewDidAppear() }
    open override func viewWillDisappear() { topViewController?.viewWillDisappear() }
    open override func viewDidDisappear() { topViewController?.viewDidDisappear() }

    // MARK: The stack

    /// Pushes a screen on top, sliding it in from the right.
    public func push(_ controller: ViewController, animated: Bool = true) {
        guard let top = topViewController else { setViewControllers([controller], animated: false); return }
        addChild(controller)
        viewControllers.append(controller)
        titleDidChange()
        guard isViewLoaded else { controller.didMove(toParent: self); return }
        performTransition(from: top, to: controller, in: contentView, duration: TransitionAnimation.defaultDuration,
                          animation: animated ? .slideFromRight : .none) { [weak self] _ in
            controller.didMove(toParent: self)
        }
    }

    /// Pops the top screen (never the last one); returns it.
    @discardableResult
    public func pop(animated: Bool = true) -> ViewController? {
        guard viewControllers.count > 1 else { return nil }
        let top = viewControllers.removeLast()
        let below = viewControllers.last!
        top.willMove(toParent: nil)
        // A screen that leaves takes what it presented with it (a question it asked is moot now).
        top.removePresentations()
        titleDidChange()
        guard isViewLoaded else { top.removeFromParent(); return top }
        performTransition(from: top, to: below, in: contentView, duration: TransitionAnimation.defaultDuration,
                          animation: animated ? .slideFromLeft : .none) { _ in
            top.removeFromParent()
        }
        return top
    }

    /// Pops to the first screen.
    public func popToRoot(animated: Bool = true) {
        guard viewControllers.count > 1 else { return }
        let root = viewControllers[0]
        var stack = viewControllers
        stack.removeSubrange(1..<(stack.count - 1))
        for removed in viewControllers[1..<(viewControllers.count - 1)] {
            removed.willMove(toParent: nil)
            removed.removePresentations()
            removed.removeFromParent()
        }
        viewControllers = stack
        pop(animated: animated)
        assert(viewControllers.first === root)
    }

    /// Replaces the whole stack; the new top shows at once.
    public func setViewControllers(_ controllers: [ViewController], animated: Bool = false) {
        guard let newTop = controllers.last else { return }
        let oldTop = topViewController
        for old in viewControllers where !controllers.contains(where: { $0 === old }) && old !== oldTop {
            old.willMove(toParent: nil)
            old.removePresentations()
            old.removeFromParent()
        }
        for c in controllers where c.parent !== self { addChild(c); if c !== newTop { c.didMove(toParent: self) } }
        viewControllers = controllers
        titleDidChange()
        guard isViewLoaded, let oldTop, oldTop !== newTop else {
            if isViewLoaded, oldTop == nil { EdgePins.embed(newTop.view, in: contentView) }
            newTop.didMove(toParent: self)
            return
        }
        let leaving = !controllers.contains { $0 === oldTop }
        if leaving { oldTop.willMove(toParent: nil); oldTop.removePresentations() }
        performTransition(from: oldTop, to: newTop, in: contentView, duration: TransitionAnimation.defaultDuration,
                          animation: animated ? .fade : .none) { [weak self] _ in
            if leaving { oldTop.removeFromParent() }
            newTop.didMove(toParent: self)
        }
    }

    // MARK: Title bar and keys

    func titleDidChange() {
        setNeedsKeyCommandsUpdate() // the bar's buttons are key commands
        guard let top = topViewController else { return }
        titleBar.title = top.title ?? ""
        top.navigationItem.onChange = { [weak self] in self?.titleDidChange() }
        if let left = top.navigationItem.leftBarButtonItem {
            titleBar.leftItem = left
        } else if canGoBack && !top.navigationItem.hidesBackButton {
            titleBar.leftItem = BarButtonItem(title: "Back", key: .escape) { [weak self] in self?.goBack() }
        } else {
            titleBar.leftItem = nil
        }
        titleBar.rightItem = top.navigationItem.rightBarButtonItem
    }

    open override var keyCommands: [KeyCommand] {
        var commands: [KeyCommand] = []
        if let top = topViewController {
            if let left = top.navigationItem.leftBarButtonItem {
                commands.append(KeyCommand(left.key, title: left.title, action: left.action))
            }
            if let right = top.navigationItem.rightBarButtonItem {
                commands.append(KeyCommand(right.key, title: right.title, action: right.action))
            }
        }
        if canGoBack && !(topViewController?.navigationItem.hidesBackButton ?? false) {
            commands.append(KeyCommand(.escape, alternatives: [.backspace], title: "Back") { [weak self] in self?.goBack() })
        }
        return commands
    }

    /// Back is possible: a screen to pop to, or — for a presented stack at its root — the screen it was presented over.
    private var canGoBack: Bool { viewControllers.count > 1 || presentingViewController != nil }

    /// Pops; at the root of a presented stack, dismisses it.
    private func goBack() {
        if viewControllers.count > 1 { _ = pop() } else { dismiss() }
    }
}
