import TUIKit

/// The popup over the full-screen view (seed 000): the screen underneath
/// dimmed, the friends list in a framed panel; Esc or a click outside the
/// panel calls the view model's `onOutsideContentTapAction`.
@MainActor
public final class FriendsListContainerViewController: ViewController {
    public struct ViewConfig {
        /// The panel's size at most (it shrinks to fit the screen).
        public var preferredSize: Size
        public var popup: PopupContainer.ViewConfig
        public var title: String
    }

    public let contentViewController: ViewController
    private let viewModel: FriendsListContainerViewModel
    private let viewConfig: ViewConfig

    public init(contentViewController: ViewController, viewModel: FriendsListContainerViewModel, viewConfig: ViewConfig) {
        self.contentViewController = contentViewController
        self.viewModel = viewModel
        self.viewConfig = viewConfig
        super.init()
    }

    public override func loadView() {
        addChild(contentViewController)
        let popup = PopupContainer(contentView: contentViewController.view, preferredSize: viewConfig.preferredSize,
                                   title: viewConfig.title, viewConfig: viewConfig.popup)
        popup.onOutsideContentTapAction = viewModel.onOutsideContentTapAction
        view = popup
        contentViewController.didMove(toParent: self)
    }

    public override var preferredFirstResponder: View? { contentViewController.preferredFirstResponder }

    /// The popup shows again (a card presented over it closed): its content is told.
    public override func viewWillAppear() { contentViewController.viewWillAppear() }

    /// Esc closes, as a click outside does (keys from the list reach this controller, not the popup view).
    public override var keyCommands: [KeyCommand] {
        [KeyCommand(.escape, title: "Close") { [weak self] in self?.viewModel.onOutsideContentTapAction() }]
    }

    /// The panel's frame on screen (for clicks in tests).
    public var panelFrame: Rect { (view as? PopupContainer)?.panelFrame ?? .zero }
}

@MainActor
extension FriendsListContainerViewController.ViewConfig {
    public static var defaultConfig: FriendsListContainerViewController.ViewConfig {
        FriendsListContainerViewController.ViewConfig(preferredSize: Size(width: 64, height: 30), popup: .defaultConfig, title: "Friends")
    }
}
