import TUIKit

/// The screen the executable shows until the app's own flows exist: a framed
/// panel centred with layout anchors, a live key counter and key hints.
@MainActor
final class DemoScreenView: View {
    private let panel = BoxView(title: "Switchboard")
    private let headline = Label("TUIKit core demo", style: .bold, alignment: .center)
    private let counterLabel = Label("", alignment: .center)
    private let sizeLabel = Label("", alignment: .center)
    private let hintLabel = Label("p popup · a alert · n list · q quit · other keys count", style: .dim, alignment: .center)
    private var keyCount = 0
    private var lastKey: Key?
    var onQuit: (() -> Void)?
    var onPush: (() -> Void)?
    var onPopup: (() -> Void)?
    var onAlert: (() -> Void)?

    override init(frame: Rect = .zero) {
        super.init(frame: frame)
        addSubview(panel)
        panel.translatesAutoresizingMaskIntoConstraints = false
        panel.centerXAnchor.constraint(equalTo: centerXAnchor).isActive = true
        panel.centerYAnchor.constraint(equalTo: centerYAnchor).isActive = true
        panel.widthAnchor.constraint(equalToConstant: 44).isActive = true
        panel.widthAnchor.constraint(lessThanOrEqualTo: widthAnchor).isActive = true
        panel.heightAnchor.constraint(equalToConstant: 7).isActive = true

        for (row, label) in [headline, counterLabel, sizeLabel].enumerated() {
            panel.addSubview(label)
            label.translatesAutoresizingMaskIntoConstraints = false
            label.leadingAnchor.constraint(equalTo: panel.leadingAnchor, constant: 2).isActive = true
            label.trailingAnchor.constraint(equalTo: panel.trailingAnchor, constant: -2).isActive = true
            label.topAnchor.constraint(equalTo: panel.topAnchor, constant: 1 + row * 2).isActive = true
            label.heightAnchor.constraint(equalToConstant: 1).isActive = true
        }
        addSubview(hintLabel)
        hintLabel.translatesAutoresizingMaskIntoConstraints = false
        hintLabel.leadingAnchor.constraint(equalTo: leadingAnchor).isActive = true
        hintLabel.trailingAnchor.constraint(equalTo: trailingAnchor).isActive = true
        hintLabel.bottomAnchor.constraint(equalTo: bottomAnchor).isActive = true
        hintLabel.heightAnchor.constraint(equalToConstant: 1).isActive = true
        update()
    }

    override var canBecomeFirstResponder: Bool { true }

    override var keyCommands: [KeyCommand] {
        [KeyCommand(.character("q"), title: "Quit") { [weak self] in self?.onQuit?() },
         KeyCommand(.character("p"), title: "Popup") { [weak self] in self?.onPopup?() },
         KeyCommand(.character("a"), title: "Alert") { [weak self] in self?.onAlert?() }]
    }

    override func handleKey(_ key: Key) -> Bool {
        if [.tab, .backTab, .escape, .character("?"), .function(1), .character("n")].contains(key) { return false }
        keyCount += 1
        lastKey = key
        update()
        return true
    }

    override func layoutSubviews() {
        sizeLabel.text = "Screen \(frame.size)"
    }

    private func update() {
        counterLabel.text = "Keys pressed: \(keyCount)" + (lastKey.map { " · last: \($0.displayName)" } ?? "")
    }
}
