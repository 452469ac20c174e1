import TUIKit

/// The popup's header (seed 000): the friends-count icon and label, live
/// from the view model's `friendsCount`, and a close button.
@MainActor
public final class FriendsListHeaderView: View {
    public struct ViewConfig {
        public var count: Style
        public var closeButton: Button.ViewConfig
    }

    private let viewModel: FriendsListHeaderViewModelProtocol
    private let countLabel = Label()
    public let closeButton: Button
    private var observers: [ObserverProtocol] = []

    public init(viewModel: FriendsListHeaderViewModelProtocol, viewConfig: ViewConfig = .defaultConfig) {
        self.viewModel = viewModel
        closeButton = Button(title: viewModel.closeButtonIcon.isEmpty ? "Close" : viewModel.closeButtonIcon + " Close", viewConfig: viewConfig.closeButton)
        super.init(frame: .zero)
        countLabel.textStyle = viewConfig.count
        closeButton.action = { [weak self] in self?.viewModel.onCloseAction?() }
        for view in [countLabel, closeButton] as [View] {
            addSubview(view)
            view.translatesAutoresizingMaskIntoConstraints = false
        }
        LayoutConstraint.activate([
            countLabel.leadingAnchor.constraint(equalTo: leadingAnchor, constant: 1),
            countLabel.topAnchor.constraint(equalTo: topAnchor),
            countLabel.heightAnchor.constraint(equalToConstant: 1),
            closeButton.trailingAnchor.constraint(equalTo: trailingAnchor, constant: -1),
            closeButton.topAnchor.constraint(equalTo: topAnchor),
        ])
        observers.append(viewModel.friendsCount.observeNewAndCall { [weak self] count in
            guard let self else { return }
            self.countLabel.text = self.viewModel.friendsCountIcon.isEmpty ? count : self.viewModel.friendsCountIcon + " " + count
        })
    }

    /// The count as shown, icon included.
}

@MainActor
extension FriendsListHeaderView.ViewConfig {
    public static var defaultConfig: FriendsListHeaderView.ViewConfig {
        FriendsListHeaderView.ViewConfig(count: Theme.live.emphasis, closeButton: .defaultConfig)
    }
}
