/// A button in a navigation title bar ("Log Out", "Activity"), reachable by
/// its key and by a click.
@MainActor
public final class BarButtonItem {
    public var title: String
    public var key: Key
    public var action: () -> Void

    public init(title: String, key: Key, action: @escaping () -> Void) {
        self.title = title
        self.key = key
        self.action = action
    }

    /// What the bar shows: the title and its key.
    public var label: String { "\(title) (\(key.displayName))" }
}

/// What a controller shows in the title bar when it is on top of a navigation stack.
@MainActor
public final class NavigationItem {
    public var leftBarButtonItem: BarButtonItem? { didSet { onChange?() } }
    public var rightBarButtonItem: BarButtonItem? { didSet { onChange?() } }
    /// Hide the automatic "‹ Back" (left items still show).
    public var hidesBackButton = false { didSet { onChange?() } }
    var onChange: (() -> Void)?

    /// Like UIKit's `setLeftBarButton(_:animated:)`.
    public func setLeftBarButton(_ item: BarButtonItem?) { leftBarButtonItem = item }
    public func setRightBarButton(_ item: BarButtonItem?) { rightBarButtonItem = item }
}
