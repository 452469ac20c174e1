import TUIKit

/// Turns `Screen` values into controllers (through the root assembly) and
/// puts them on screen: pushes within a flow, asks the root controller to
/// switch flows, and keeps a deep link that arrives before the main flow
/// until the user gets there (seed 004's conditional transitions after launch).
@MainActor
public final class Coordinator: Coordination {
    weak var root: RootViewController?
    /// Builds the controller for a screen (the root assembly's mapping).
    var build: ((Screen) -> ViewController)?
    /// A deep link waiting for the main flow.
    public private(set) var pendingDeepLink: DeepLinkRequest?
    /// Called with a message the main screen should show (a bad deep link).
    var onMessage: ((String) -> Void)?

    public init() {}

    /// The navigation stack of the flow on screen.
    var navigationController: NavigationController? { root?.currentFlow }

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
        guard let build, let nav = navigationController else { return }
        if screen == .main || screen == .login { nav.popToRoot(); return }
        let controller = build(screen)
        if firstPosition { nav.setViewControllers([controller]) } else { nav.push(controller) }
    }

    public func pop() { navigationController?.pop() }

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
