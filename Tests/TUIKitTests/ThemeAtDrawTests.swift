import Testing
@testable import TUIKit
import TUIKitTesting

/// Widgets made without styles of their own take the theme's when they draw: a new
/// `Theme.current` shows at the next full redraw, with nothing built again.
@MainActor
@Suite("Themes are looked up when drawing")
struct ThemeAtDrawTests {
    final class FieldAndButton: ViewController {
        let field = TextField(placeholder: "name")
        let button = Button(title: "OK")
        override func viewDidLoad() {
            for (row, y) in [(field as View, 1), (button, 3)] {
                view.addSubview(row)
                row.translatesAutoresizingMaskIntoConstraints = false
                LayoutConstraint.activate([
                    row.leadingAnchor.constraint(equalTo: view.leadingAnchor, constant: 2),
                    row.widthAnchor.constraint(equalToConstant: 20),
                    row.heightAnchor.constraint(equalToConstant: 1),
                    row.topAnchor.constraint(equalTo: view.topAnchor, constant: y),
                ])
            }
        }
        override var preferredFirstResponder: View? { field }
    }

    @Test func aNewThemeShowsOnTheSameViews() {
        let saved = Theme.current
        defer { Theme.current = saved }
        Theme.current = .dark
        let screen = FieldAndButton()
        let h = Harness(width: 40, height: 12, root: screen)
        let darkField = h.terminal.cell(x: 3, y: 1).style
        #expect(darkField != Style.plain)
        Theme.current = .light
        h.window.setNeedsFullRedraw()
        h.wait(1)
        #expect(h.terminal.cell(x: 3, y: 1).style != darkField)          // the same field, in the new theme
        #expect(screen.field.viewConfig.focusedField == TextField.ViewConfig.defaultConfig.focusedField)
    }
}
