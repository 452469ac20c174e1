import TUIKit

/// The one line along the bottom of the window while the shared directory is out of reach
/// ("Lost the connection to the shared directory — trying again in 4 s"): the window's
/// bottom bar, so every screen and popup stays whole above it; gone once it answers again.
@MainActor
final class ConnectionBanner: Label {
    /// Shows `text` in `window`'s bottom bar (nil: takes the banner away; another bar is left alone).
    static func show(_ text: String?, in window: Window) {
        if let text {
            let banner = window.bottomBar as? ConnectionBanner ?? ConnectionBanner()
            banner.text = " " + text
            banner.textStyle = Theme.live.error
            banner.style = Theme.live.error
            if window.bottomBar !== banner { window.bottomBar = banner }
        } else if window.bottomBar is ConnectionBanner {
            window.bottomBar = nil
        }
    }
}
