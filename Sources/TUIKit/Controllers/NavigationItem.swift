/// A button in a navigation title bar ("Log Out", "Activity"), reachable by
/// its key and by a click.
@MainActor
public final class BarButtonItem {
    /// The button's text.
    public var title: String
    /// The key that presses it.
    public var key: Key
    /// What pressing it (by key or click) does.
    public var action: () -> Void

    /// A button titled `title`, pressed by `key` or a click, that runs `action`.
    public init(title: String, key: Key, action: @escaping () -> Void) {
        self.title = title
        self.key = key
        self.action = action
    }

    /// What the bar shows: the title and its key.
    public var label: String { "\(title) (\(key.displayName))" }
}

/// What a controller shows in the title bar when it is on top of a navigation stack.
///
/// ```swift
/// navigationItem.setRightBarButton(BarButtonItem(title: "Log Out", key: .ctrl("o")) { [unowned self] in logOut() })
/// ```
@MainActor
public final class NavigationItem {
    /// The button at the left of the title bar, in place of "‹ Back".
    public var leftBarButtonItem: BarButtonItem? { didSet { onChange?() } }
    /// The button at the right of the title bar.
    public var rightBarButtonItem: BarButtonItem? { didSet { onChange?() } }
    /// Hide the automatic "‹ Back" (left items still show).
    public var hidesBackButton = false { didSet { onChange?() } }
    var onChange: (() -> Void)?

    /// Like UIKit's `setLeftBarButton(_:animated:)`.
    public func setLeftBarButton(_ item: BarButtonItem?) { leftBarButtonItem = item }
    /// Sets the right button (nil removes it).
    public func setRightBarButton(_ item: BarButtonItem?) { rightBarButtonItem = item }
}
