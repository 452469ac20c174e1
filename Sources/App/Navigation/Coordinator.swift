import TUIKit

/// Turns `Screen` values into controllers (through the root assembly) and
/// puts them on screen: pushes within a flow, asks the root controller to
/// switch flows, and keeps a deep link that arrives before the main flow
/// until the user gets there (seed 004's conditional transitions after launch).
@MainActor
public final class Coordinator: Coordination {
    weak var root: RootViewController?
    /// The assembly of a screen (the root assembly's mapping).
    var assembly: ((Screen) -> ScreenAssembly)?
    /// A deep link waiting for the main flow.
    public private(set) var pendingDeepLink: DeepLinkRequest?
    /// Called with a message the main screen should show (a bad deep link).
    var onMessage: ((String) -> Void)?

    public init() {}

    /// The navigation stack of the flow on screen.
    var flowNavigationController: NavigationController? { root?.currentFlow }

    /// The stack a screen is pushed on: a navigation controller presented over
    /// the flow (a card opened from a popup) if there is one, else the flow's.
    var navigationController: NavigationController? {
        flowNavigationController.map { (Self.frontmost(over: $0) as? NavigationController) ?? $0 }
    }

    /// What is in front: the stack itself, or the last controller presented over
    /// it (by the stack or by its top screen), following presentations over presentations.
    static func frontmost(over stack: NavigationController) -> ViewController {
        var front: ViewController = stack
        while true {
            if let presented = front.presentedViewController { front = presented; continue }
            if let nav = front as? NavigationController, let presented = nav.topViewController?.presentedViewController {
                front = presented
                continue
            }
            return front
        }
    }

    public func show(_ screen: Screen, firstPosition: Bool) {
        guard let root else { return }
        if screen.flow != root.currentFlowKind {
            switch screen.flow {
            case .launch: return
            case .login: root.switchToLogout()
            case .main: root.switchToMainScreen()
            }
            if screen == .login || screen == .main { return }
        }
        guard let assembly, let flow = flowNavigationController else { return }
        if screen == .main || screen == .login {
            // Whatever is presented over the flow goes (by the stack or by its top screen).
            (flow.presentedViewController != nil ? flow : flow.topViewController)?.dismiss()
            flow.popToRoot()
            return
        }
        let front = Self.frontmost(over: flow)
        let controller: ViewController
        switch assembly(screen) {
        case .presented(let popup): popup.present(from: front); return
        case .pushed(let made): controller = made.build()
        }
        if let nav = front as? NavigationController {
            if firstPosition { nav.setViewControllers([controller]) } else { nav.push(controller) }
        } else {
            // Over a popup: the screen gets a stack of its own, whose Back dismisses it and shows the popup again.
            front.present(NavigationController(rootViewController: controller), style: .fullScreen, transition: .none)
        }
    }

    /// Back one screen: pops, or at the root of a presented stack, dismisses it.
    public func pop(passingTo pass: (ViewController) -> Void) {
        if let nav = navigationController, nav.viewControllers.count > 1 { pass(nav.viewControllers[nav.viewControllers.count - 2]) }
        pop()
    }

    public func pop() {
        guard let nav = navigationController else { return }
        if nav.viewControllers.count > 1 { nav.pop() } else if nav.presentingViewController != nil { nav.dismiss() }
    }

    // MARK: Deep links

    /// Opens a deep link now when the main flow is showing, else keeps it for later.
    public func open(_ request: DeepLinkRequest) {
        pendingDeepLink = request
        if root?.currentFlowKind == .main { applyPendingDeepLink() }
    }

    /// Called when the main flow is reached: pops to main, then opens the target; the link is then cleared.
    func applyPendingDeepLink() {
        guard let request = pendingDeepLink else { return }
        pendingDeepLink = nil
        switch request {
        case .screen(let screen):
            navigationController?.popToRoot(animated: false)
            if screen != .main { show(screen) }
        case .invalid(let error):
            onMessage?(error.description)
        }
    }
}
