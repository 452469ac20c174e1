import TUIKit

/// What the header shows and does (seed 000): a friends-count icon and label
/// that follow `friendsCount`, and a close button that calls `onCloseAction`.
/// The terminal's icons are glyphs.
@MainActor
public protocol FriendsListHeaderViewModelProtocol: AnyObject {
    var friendsCountIcon: String { get }
    var closeButtonIcon: String { get }
    var friendsCount: Observable<String> { get }
    var onCloseAction: (() -> Void)? { get set }
}
