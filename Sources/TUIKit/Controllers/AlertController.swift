/// A button of an alert.
@MainActor
public struct AlertAction {
    /// How a button behaves: an ordinary choice, the choice Esc and a click outside pick, or one that destroys something (the focus starts on Cancel when there is one).
    public enum Style: Sendable { case `default`, cancel, destructive }
    /// The button's text.
    public var title: String
    /// What kind of choice the button is.
    public var style: Style
    /// Runs after the alert is dismissed, when this button is pressed.
    public var handler: (() -> Void)?
    /// Whether `handler` runs as the button is pressed, while the alert fades out, instead of after
    /// it has gone: for a change whose result shows under the fading alert (a deletion and the
    /// list's new count), never for a handler that presents something.
    public var runsWhenPressed = false

    /// A button titled `title` that runs `handler` after the alert closes (with `runsWhenPressed`,
    /// as it is pressed).
    public init(title: String, style: Style = .default, runsWhenPressed: Bool = false, handler: (() -> Void)? = nil) {
        self.title = title
        self.style = style
        self.runsWhenPressed = runsWhenPressed
        self.handler = handler
    }
}

/// A message with buttons over the current screen ("Delete Ada Lovelace?"
/// Delete / Cancel). ←/→ or Tab move between the buttons, Enter presses one,
/// Esc is the cancel button. Present it with `present(_:)`.
///
/// ```swift
/// let alert = AlertController(title: "Delete?", message: "Ada Lovelace goes for good.")
/// alert.addAction(AlertAction(title: "Cancel", style: .cancel))
/// alert.addAction(AlertAction(title: "Delete", style: .destructive) { store.delete(ada) })
/// present(alert)
/// ```
@MainActor
public final class AlertController: ViewController {
    /// The text under the title: the question, always read whole (the panel grows for it).
    public let message: String
    /// Lines shown above the message (a merge's two cards): wrapped where the panel has room,
    /// else each cut to one row, else left out, so the message is never pushed out of the box.
    public let details: [String]
    /// The buttons, in the order added (left to right).
    public private(set) var actions: [AlertAction] = []
    private var buttons: [Button] = []

    /// An alert with an optional title, a message and lines above it (`details`); add buttons
    /// before presenting it.
    public init(title: String?, message: String, details: [String] = []) {
        self.message = message
        self.details = details
        super.init()
        self.title = title
    }

    /// Adds a button at the right of the others.
    public func addAction(_ action: AlertAction) { actions.append(action) }

    public override func loadView() {
        let width = 50
        let content = View()
        let label = AlertMessageLabel(message: message, details: details)
        content.addSubview(label)
        label.translatesAutoresizingMaskIntoConstraints = false
        let fullText = label.variants(width: width - 4)[0]
        let lines = TextLayout.wrap(fullText, toWidth: width - 4).count
        LayoutConstraint.activate([
            label.topAnchor.constraint(equalTo: content.topAnchor, constant: 1),
            label.leadingAnchor.constraint(equalTo: content.leadingAnchor, constant: 1),
            label.trailingAnchor.constraint(equalTo: content.trailingAnchor, constant: -1),
            label.bottomAnchor.constraint(equalTo: content.bottomAnchor, constant: -2),
        ])
        let row = View()
        content.addSubview(row)
        row.translatesAutoresizingMaskIntoConstraints = false
        LayoutConstraint.activate([
            row.bottomAnchor.constraint(equalTo: content.bottomAnchor),
            row.heightAnchor.constraint(equalToConstant: 1),
            row.centerXAnchor.constraint(equalTo: content.centerXAnchor),
            row.widthAnchor.constraint(equalToConstant: actions.reduce(0) { $0 + DisplayWidth.of($1.title) + 6 }),
        ])
        var previous: Button?
        for action in actions {
            let button = Button(title: action.title) { [weak self] in self?.finish(with: action) }
            row.addSubview(button)
            button.translatesAutoresizingMaskIntoConstraints = false
            button.topAnchor.constraint(equalTo: row.topAnchor).isActive = true
            button.heightAnchor.constraint(equalToConstant: 1).isActive = true
            if let previous {
                button.leadingAnchor.constraint(equalTo: previous.trailingAnchor, constant: 2).isActive = true
            } else {
                button.leadingAnchor.constraint(equalTo: row.leadingAnchor).isActive = true
            }
            buttons.append(button)
            previous = button
        }
        let popup = PopupContainer(contentView: content, preferredSize: Size(width: width, height: lines + 6), title: title)
        popup.onOutsideContentTapAction = { [weak self] in self?.cancel() }
        // On a screen narrower than the alert the message wraps to more lines: the panel grows
        // with them (as far as the screen goes), so it is read whole.
        // Where the screen is too low for it all, the label shows the details cut (AlertMessageLabel).
        popup.heightForWidth = { [label] panelWidth in
            let textWidth = max(1, panelWidth - 4)
            return TextLayout.wrap(label.variants(width: textWidth)[0], toWidth: textWidth).count + 6
        }
        view = popup
    }

    /// The first button that is not Cancel; where an action is destructive, Cancel (Enter never destroys by default).
    public override var preferredFirstResponder: View? {
        let destroys = actions.contains { $0.style == .destructive }
        let index = (destroys ? actions.firstIndex { $0.style == .cancel } : nil) ?? actions.firstIndex { $0.style != .cancel } ?? 0
        return buttons.indices.contains(index) ? buttons[index] : nil
    }

    public override var keyCommands: [KeyCommand] {
        [KeyCommand(.left, alternatives: [.right], title: "Other button", showsInStatusLine: false) { [weak self] in
            guard let self, let window = self.view.window else { return }
            window.moveFocus(forward: true, within: self.view)
        }]
    }

    /// Answers with the Cancel action (as Esc and a click outside do), or closes when there is none.
    public func cancel() {
        if let action = actions.first(where: { $0.style == .cancel }) { finish(with: action) } else { dismiss() }
    }

    private func finish(with action: AlertAction) {
        if action.runsWhenPressed {
            action.handler?()
            dismiss()
        } else {
            dismiss { action.handler?() }
        }
    }
}

/// An alert's text: its details (if any) above its message. It shows the first of these that fits
/// its size: the details wrapped; each cut to one row; the same without the blank line; the
/// message alone — so the message is read whole wherever it fits at all.
@MainActor
final class AlertMessageLabel: Label {
    private let message: String
    private let details: [String]

    init(message: String, details: [String]) {
        self.message = message
        self.details = details
        super.init(message, alignment: .center)
        wrapsText = true
    }

    /// The texts it may show at `width`, the fullest first.
    func variants(width: Int) -> [String] {
        guard !details.isEmpty else { return [message] }
        let cut = details.map { TextLayout.truncate($0, toWidth: max(1, width)) }.joined(separator: "\n")
        return [details.joined(separator: "\n") + "\n\n" + message, cut + "\n\n" + message, cut + "\n" + message, message]
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        let width = max(1, bounds.width), height = bounds.height
        let all = variants(width: width)
        let chosen = all.first { TextLayout.wrap($0, toWidth: width).count <= height } ?? all[all.count - 1]
        if text != chosen { text = chosen }
    }
}
