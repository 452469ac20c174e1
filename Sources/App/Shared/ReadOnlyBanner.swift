import AppServices
import TUIKit

/// The line along the bottom of the window when the data file cannot be written, from the first
/// screen on: read only, why, and what to do ("Read only: /srv/d.sqlite3 — its folder cannot
/// be written (Permission denied). You can read and search; nothing you change is kept.
/// To change contacts, make it writable or start with --db and another file."). It wraps, and
/// the window gives it the rows it needs (up to `Window.maxBottomBarRows`); where the whole
/// sentence would need more, it says the same in fewer words, so it is read whole at 40 columns.
@MainActor
final class ReadOnlyBanner: Label {
    /// What it may say, the fullest first.
    let variants: [String]

    init(variants: [String]) {
        self.variants = variants.map { " " + $0 }
        super.init(self.variants[0])
        wrapsText = true
        textStyle = Theme.live.error
        style = Theme.live.error
    }

    /// What it may say for data at `location`, the fullest first (empty: it can be written).
    static func variants(for location: DataDescription) -> [String] {
        guard let why = location.readOnly else { return [] }
        return ["Read only: \(location.place) — \(why). You can read and search; nothing you change is kept. "
                    + "To change contacts, make it writable or start with --db and another file.",
                "Read only: \(why). You can read; nothing you change is kept. Make it writable, or use --db with another file.",
                "Read only: \(why). Nothing is kept; make it writable or use --db."]
    }

    /// The fullest text that fits `width` in the bar's rows.
    private func text(forWidth width: Int) -> String {
        variants.first { TextLayout.wrap($0, toWidth: max(1, width)).count <= Window.maxBottomBarRows } ?? variants[variants.count - 1]
    }

    override func heightThatFits(width: Int) -> Int? { TextLayout.wrap(text(forWidth: width), toWidth: max(1, width)).count }

    override func layoutSubviews() {
        super.layoutSubviews()
        let chosen = text(forWidth: bounds.width)
        if text != chosen { text = chosen }
    }

    /// Shows the banner in `window` when the data cannot be written (and takes a stale one away).
    static func show(for location: DataDescription, in window: Window) {
        let variants = variants(for: location)
        if !variants.isEmpty {
            window.bottomBar = ReadOnlyBanner(variants: variants)
        } else if window.bottomBar is ReadOnlyBanner {
            window.bottomBar = nil
        }
    }
}
