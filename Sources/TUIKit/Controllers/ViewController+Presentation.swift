/// Modal presentation: a controller shown over another (a popup, a dialog),
/// faded in and out, with the focus given back where it was.
extension ViewController {
    /// Presents a controller over this one. With `.overCurrentContext` this
    /// screen stays visible (and is dimmed by the presented popup's backdrop);
    /// `.crossDissolve` fades it in.
    public func present(_ controller: ViewController,
                        style: ModalPresentationStyle = .overCurrentContext,
                        transition: ModalTransitionStyle = .crossDissolve,
                        completion: (() -> Void)? = nil) {
        let host = frontmostController
        guard host.presentedViewController == nil, let window = host.view.window else { return }
        host.presentedViewController = controller
        controller.presentingViewController = host
        controller.presentationStyle = style
        controller.transitionStyle = transition
        controller.focusBeforePresentation = window.firstResponder
        let presented = controller.view
        // A full-screen controller hides what is under it: without a background of its own it takes the theme's.
        if style == .fullScreen, presented.backgroundColor == nil, presented.style.role == nil { presented.style.role = .base }
        EdgePins.embed(presented, in: window)
        controller.viewWillAppear()
        window.makeFirstResponder(nil)
        window.beginTransition()
        Animator.run(duration: transition == .crossDissolve ? TransitionAnimation.defaultDuration : .zero,
                     scheduler: window.scheduler, step: { progress in
            presented.dimsContent = progress < 0.6
        }, completion: {
            presented.dimsContent = false
            controller.viewDidAppear()
            controller.focusPreferredResponder()
            window.endTransition()
            completion?()
        })
    }

    /// Dismisses the controller this one presented, or — when called on the
    /// presented controller itself — this one.
    public func dismiss(completion: (() -> Void)? = nil) {
        let presented: ViewController
        let host: ViewController
        if let p = presentedViewController { presented = p; host = self }
        else if let h = presentingViewController { presented = self; host = h }
        else if let top = (self as? NavigationController)?.topViewController, top.presentedViewController != nil {
            // `present` on a stack hosts the presentation on its top screen.
            top.dismiss(completion: completion)
            return
        }
        else { completion?(); return }
        if presented.presentedViewController != nil { presented.dismiss() }
        let window = presented.view.window
        // A full-screen controller hid the one under it, which comes back into view (as UIKit's
        // does): it is told, so it can show what changed meanwhile (a card edited over a popup).
        let uncovers = presented.presentationStyle == .fullScreen
        presented.viewWillDisappear()
        window?.beginTransition()
        Animator.run(duration: presented.transitionStyle == .crossDissolve ? TransitionAnimation.defaultDuration : .zero,
                     scheduler: window?.scheduler, step: { _ in
            presented.view.dimsContent = true // dimmed from the first frame: the key that closes it shows at once
        }, completion: {
            presented.view.dimsContent = false
            presented.view.removeFromSuperview()
            host.presentedViewController = nil
            presented.presentingViewController = nil
            presented.viewDidDisappear()
            if uncovers { host.viewWillAppear() }
            if let window {
                if let previous = presented.focusBeforePresentation, previous.window === window {
                    window.makeFirstResponder(previous)
                } else {
                    host.focusPreferredResponder()
                }
                window.endTransition()
            }
            if uncovers { host.viewDidAppear() }
            completion?()
        })
    }

    /// Takes down at once (no animation) everything presented from this
    /// controller or its children: a window getting a new root controller
    /// must not keep the old one's popups.
    func removePresentations() {
        for child in children { child.removePresentations() }
        guard let presented = presentedViewController else { return }
        presented.removePresentations()
        presented.loadedView?.removeFromSuperview()
        presentedViewController = nil
        presented.presentingViewController = nil
        presented.viewDidDisappear()
    }
}
