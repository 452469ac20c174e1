import TUIKit

/// The one object that swaps the app's flows (seed 004): splash first, then
/// the login flow or the main flow, each in its own navigation stack. The
/// old flow is released after a swap.
@MainActor
public final class RootViewController: ViewController {
    private var current: ViewController
    public private(set) var currentFlowKind: Screen.Flow = .launch
    private let makeFlow: (Screen.Flow) -> ViewController
    /// Called when the main flow has appeared (deep links wait for it).
    var onMainFlowShown: (() -> Void)?

    /// `splash` shows first; `makeFlow` builds a flow's first screen in its navigation stack.
    init(splash: ViewController, makeFlow: @escaping (Screen.Flow) -> ViewController) {
        self.current = splash
        self.makeFlow = makeFlow
        super.init()
    }

    /// The navigation stack of the flow on screen (nil on the splash).
    public var currentFlow: NavigationController? { current as? NavigationController }

    public override var frontmostController: ViewController {
        presentedViewController?.frontmostController ?? current.frontmostController
    }

    public override func loadView() {
        let root = View()
        root.style = Theme.live.base
        view = root
    }

    public override func viewDidLoad() {
        addChild(current)
        embed(current.view)
        current.didMove(toParent: self)
    }

    public override func viewWillAppear() { current.viewWillAppear() }
    public override func viewDidAppear() { current.viewDidAppear() }

    /// `q` and F2 work on every screen, popups and cards over them included.
    public override var windowKeyCommands: [KeyCommand] {
        [KeyCommand(.character("q"), title: quitTitle, showsInStatusLine: false) { [weak self] in self?.onQuit?() },
         KeyCommand(.function(2), title: "About Switchboard", showsInStatusLine: false) { [weak self] in self?.onAbout?() }]
    }

    /// Called for `q` where nothing else takes it.
    var onQuit: (() -> Void)?
    /// What `q` does, in the help ("Quit"; the kiosk says how to leave instead).
    var quitTitle = "Quit" { didSet { setNeedsKeyCommandsUpdate() } }
    /// Called for F2 (listed in every screen's help).
    var onAbout: (() -> Void)?

    private func embed(_ child: View) {
        view.addSubview(child)
        child.pinEdges(to: view)
    }

    // MARK: Seed 004's three moves

    /// From the splash to the login flow, at once.
    public func showLoginScreen() {
        currentFlowKind = .login
        swapAtOnce(to: makeFlow(.login))
    }

    /// Replaces the flow on screen with `new`, with no animation.
    private func swapAtOnce(to new: ViewController) {
        addChild(new)
        embed(new.view)
        new.didMove(toParent: self)
        current.willMove(toParent: nil)
        current.view.removeFromSuperview()
        current.removeFromParent()
        current = new
        new.viewWillAppear()
        new.viewDidAppear()
        new.focusPreferredResponder()
    }

    /// To the main flow, with a fade (at once when `animated` is false).
    public func switchToMainScreen(animated: Bool = true) {
        animateTransition(to: makeFlow(.main), flow: .main, animation: animated ? .fade : .none)
    }

    /// Back to the login flow, sliding it in from the left (at once when `animated` is false).
    public func switchToLogout(animated: Bool = true) {
        animateTransition(to: makeFlow(.login), flow: .login, animation: animated ? .slideFromLeft : .none)
    }

    private func animateTransition(to new: ViewController, flow: Screen.Flow, animation: TransitionAnimation) {
        current.willMove(toParent: nil)
        addChild(new)
        currentFlowKind = flow
        let old = current
        current = new
        transition(from: old, to: new, duration: TransitionAnimation.defaultDuration, animation: animation) { [weak self] _ in
            old.removeFromParent()
            new.didMove(toParent: self)
            if flow == .main { self?.onMainFlowShown?() }
        }
    }
}
