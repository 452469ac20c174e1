import AppServices
import Testing
@testable import App
@testable import Storage
@testable import TUIKit
import TUIKitTesting

/// Issue 51, "The screen says where you are": the focus can be seen (search field or list), the
/// Settings row Enter acts on is the one drawn selected, the form's values read from their start
/// and use the width, its examples never look typed, a form's error is never cut, and a console
/// font gets ASCII for the symbols it lacks — in colour, under NO_COLOR and on the Linux console.
@MainActor
@Suite("The screen says where you are", .serialized)
struct ScreenSaysWhereYouAreTests {
    /// ada with three contacts, on the contact list.
    func onList(width: Int = 100, height: Int = 30, noColor: Bool = false, glyphs: Glyphs = .unicode,
                shownAttributes: TextAttributes = [.bold, .dim, .italic, .underline, .reverse]) throws -> AppHarness {
        let h = AppHarness(width: width, height: height, noColor: noColor, glyphs: glyphs, shownAttributes: shownAttributes)
        h.createAccount()
        let db = try SQLiteDatabase(path: h.databasePath)
        let account = try #require(try SQLiteAccountStore(database: db).account(named: "ada"))
        let store = SQLiteContactsStore(database: db, accountID: account.id)
        _ = try store.add(ContactRecord(firstName: "Ada", lastName: "Lovelace", phones: [.init(label: "home", number: "+44 20 7946 0018")],
                                        emails: ["l.angstrom.lovelace@work.analytical-engines.example.com"]))
        _ = try store.add(ContactRecord(firstName: "Grace", lastName: "Hopper"))
        _ = try store.add(ContactRecord(firstName: "Alan", lastName: "Turing"))
        h.press("wait:1s C wait:400ms")
        return h
    }

    /// Whether the cell under the first occurrence of `text` is drawn as the selection (the
    /// theme's selection colours, or reverse video without colours).
    func drawnSelected(_ h: AppHarness, _ text: String) -> Bool {
        guard let y = h.lines.firstIndex(where: { $0.contains(text) }), let range = h.lines[y].range(of: text) else { return false }
        let x = h.lines[y].distance(from: h.lines[y].startIndex, to: range.lowerBound)
        let style = h.terminal.cell(x: x, y: y).style
        let selection = Theme.current.selection
        if selection.background != nil { return style.background == selection.background }
        return style.attributes.contains(.reverse)
    }

    // MARK: 1. Focus

    @Test(arguments: [false, true])
    func theFocusCanBeSeenAndALetterAfterSearchSaysWhatItDid(noColor: Bool) throws {
        let saved = Theme.current
        defer { Theme.current = saved; Glyphs.current = .unicode }
        for glyphs in [Glyphs.unicode, .console] {
            let h = try onList(noColor: noColor, glyphs: glyphs)
            h.press(#"/ "ada" wait:300ms"#)
            #expect(h.text.contains("Ada Lovelace"), "\(h.text)")
            #expect(!drawnSelected(h, "Ada Lovelace"), "in the search field no row looks chosen\n\(h.text)")
            h.press("Enter wait:100ms")
            #expect(drawnSelected(h, "Ada Lovelace"), "in the list the row is drawn chosen\n\(h.text)")
            #expect(h.text.contains("In the list: letters are commands now"), "\(h.text)")
            h.press("f wait:300ms")                                             // meant for the search, but the list has it
            let said = try #require(h.lines.first { $0.contains("is now a friend") }, "\(h.text)")
            #expect(said.contains("The list took it, not the search:") && said.contains("Ada Lovelace is now a friend (f again undoes it)."), "\(said)")
            h.press("/ wait:100ms")
            #expect(!drawnSelected(h, "Ada Lovelace"))
        }
    }

    // MARK: 2. Settings

    @Test(arguments: [false, true])
    func settingsOpensWithTheRowEnterActsOnDrawnSelected(noColor: Bool) throws {
        let saved = Theme.current
        defer { Theme.current = saved; Glyphs.current = .unicode }
        for glyphs in [Glyphs.unicode, .console] {
            let h = AppHarness(width: 100, height: 30, noColor: noColor, glyphs: glyphs)
            h.createAccount()
            h.press("S wait:400ms")
            #expect(drawnSelected(h, "Theme"), "Settings opens with its first row drawn selected\n\(h.text)")
            #expect(!drawnSelected(h, "Animations"))
            h.press("Down wait:100ms")
            #expect(drawnSelected(h, "Animations") && !drawnSelected(h, "Theme"))
            let themeBefore = Theme.current.name
            h.press("Enter wait:100ms")                                         // Enter acts on the row drawn selected
            #expect(Theme.current.name == themeBefore)
            #expect(h.lines.first { $0.contains("Animations") }?.contains("Off") == true, "\(h.text)")
        }
    }

    // MARK: 3. The form's values

    @Test func aLongValueReadsFromItsStartWithAnEllipsisAndFieldsUseTheWidth() throws {
        let h = try onList(width: 100, height: 30)
        h.press("Down e wait:400ms")
        let email = try #require(h.lines.first { $0.contains("Email 1") }, "\(h.text)")
        #expect(email.contains("l.angstrom.lovelace@work") && email.contains("…"), "the start, cut with a mark\n\(email)")
        h.press("resize:200x60 wait:100ms")
        let wide = try #require(h.lines.first { $0.contains("Email 1") }, "\(h.text)")
        #expect(wide.contains("l.angstrom.lovelace@work.analytical-engines.example.com"), "whole at 200 columns\n\(wide)")
        #expect(ContactFormView.fieldWidth(forFormWidth: 197) > 60 && ContactFormView.fieldWidth(forFormWidth: 77) == 32)
    }

    @Test func theFocusedFieldShowsWhereTheValueGoesOn() {
        let field = TextField(text: String(repeating: "abcdefghij", count: 5))
        let terminal = VirtualTerminal(size: Size(width: 40, height: 12))
        let app = Application(terminal: terminal)
        let root = ViewController()
        app.window.rootViewController = root
        root.view.addSubview(field)
        field.frame = Rect(x: 0, y: 0, width: 20, height: 1)
        app.renderFrame()
        #expect(terminal.lines[0].hasPrefix("abcdefghijabcdefghi…"), "\(terminal.lines[0])")   // out of focus: the start
        app.window.makeFirstResponder(field)                                              // the cursor at the end
        app.renderFrame()
        #expect(terminal.lines[0].hasPrefix("…"), "\(terminal.lines[0])")
    }

    // MARK: 4. Examples

    @Test func underNoColorAnExampleLooksUnlikeTypedText() throws {
        let saved = Theme.current
        defer { Theme.current = saved; Glyphs.current = .unicode }
        let h = try onList(noColor: true)
        h.press("a wait:400ms Tab Tab Tab wait:100ms")                  // the focus on Phone 1's number, its example showing
        let y = try #require(h.lines.firstIndex { $0.contains("+44 20 7946 0000") }, "\(h.text)")
        let x = h.lines[y].distance(from: h.lines[y].startIndex, to: h.lines[y].range(of: "+44 20 7946 0000")!.lowerBound)
        let example = h.terminal.cell(x: x + 1, y: y).style
        #expect(example.attributes.contains(.dim) && example.attributes.contains(.italic), "\(example)")
        #expect(!example.attributes.contains(.bold), "bold and dim together read as neither")
        h.press(#""+44 1" wait:100ms"#)
        let typed = h.terminal.cell(x: x + 1, y: y).style
        #expect(!typed.attributes.contains(.dim) && !typed.attributes.contains(.italic) && typed != example)
        // A terminal with neither dim nor italic (a VT100): the example says it is one.
        let vt100 = try onList(noColor: true, glyphs: .console, shownAttributes: [.bold, .underline, .reverse])
        vt100.press("a wait:400ms")
        #expect(vt100.text.contains("e.g. +44 20 7946 0000") && vt100.text.contains("e.g. name@example.org"), "\(vt100.text)")
    }

    // MARK: 5. Errors whole

    @Test(arguments: [(40, 12), (100, 30), (200, 60)])
    func aFormsErrorIsNeverCut(size: (Int, Int)) {
        let error = "Not added: the server at https://dav.example.org/ could not be reached "
            + "(Failed to connect to dav.example.org port 443 after 3 ms: Couldn't connect to server). Check the address, or try again (^S)."
        let terminal = VirtualTerminal(size: Size(width: size.0, height: size.1))
        let app = Application(terminal: terminal)
        let root = ViewController()
        let message = GrowingLabel()
        let field = TextField(text: "https://dav.example.org/")
        FormLayout.stack([(FormLayout.caption("Server address"), 1), (field, 2), (FormLayout.caption("User name"), 1),
                          (TextField(), 2), (message, 2)], in: root.view, width: 64)
        app.window.rootViewController = root
        app.window.makeFirstResponder(field)
        message.text = error
        app.renderFrame()
        // Read the whole form, scrolling with the wheel where the screen is short.
        var seen: [String] = []
        for _ in 0..<10 {
            seen += terminal.lines.map { $0.trimmedSpaces }
            app.handle(.mouse(MouseEvent(location: Point(x: 1, y: 1), kind: .scrollDown)))
            app.renderFrame()
        }
        let words = error.split(separator: " ").map(String.init)
        let text = seen.joined(separator: " ")
        let missing = words.filter { !text.contains($0) }
        #expect(missing.isEmpty, "cut: \(missing)\n\(terminal.text)")
        #expect(!text.contains("…"), "\(terminal.text)")
    }

    @Test(arguments: [(40, 12), (100, 30)])
    func anAlertsMessageIsReadWholeOnANarrowScreen(size: (Int, Int)) {
        let text = "Not deleted: the data file is read-only (attempt to write a readonly database). Make it writable."
        let terminal = VirtualTerminal(size: Size(width: size.0, height: size.1))
        let app = Application(terminal: terminal)
        let root = ViewController()
        app.window.rootViewController = root
        app.renderFrame()
        let alert = AlertController(title: "Not deleted", message: text)
        alert.addAction(AlertAction(title: "OK", style: .cancel))
        root.present(alert)
        app.renderFrame()
        let screen = terminal.lines.map(\.trimmedSpaces).joined(separator: " ")
        let missing = text.split(separator: " ").map(String.init).filter { !screen.contains($0) }
        #expect(missing.isEmpty, "cut: \(missing)\n\(terminal.text)")
    }

    // MARK: 6. Glyphs

    @Test func theTerminalTypeDecidesTheGlyphs() {
        #expect(Glyphs.forTerminal(type: "linux") == .console)
        #expect(Glyphs.forTerminal(type: "linux-16color") == .console)
        #expect(Glyphs.forTerminal(type: "vt100") == .console && Glyphs.forTerminal(type: "vt220") == .console)
        #expect(Glyphs.forTerminal(type: "xterm-256color") == .unicode && Glyphs.forTerminal(type: "tmux-256color") == .unicode)
        #expect(Glyphs.forTerminal(type: "xterm-256color", utf8: false) == .ascii)
        #expect(Glyphs.unicode.showing([.bold, .underline]).examplePrefix == "e.g. ")
        #expect(Glyphs.unicode.showing([.dim]).examplePrefix == "")
    }

    @Test func onALinuxConsoleTheSymbolsItsFontLacksAreASCII() throws {
        defer { Glyphs.current = .unicode }
        let lacking = ["👥", "⏱", "⚿", "⏻", "◐", "╭", "╮", "╰", "╯", "◉", "○", "✕", "⌖", "⟳", "◷", "★"]
        for (w, ht) in [(40, 12), (100, 30), (200, 60)] {
            let h = try onList(width: w, height: ht, glyphs: .console)
            h.press("f wait:200ms Esc wait:400ms S wait:400ms")
            var screens = [h.text]
            h.press("End wait:100ms")
            screens.append(h.text)
            h.press("Esc wait:400ms F wait:600ms")
            screens.append(h.text)
            #expect(h.text.contains("friend"), "\(h.text)")
            h.press("Esc wait:400ms C wait:400ms")
            screens.append(h.text)
            for screen in screens {
                let found = lacking.filter { screen.contains($0) }
                #expect(found.isEmpty, "\(w)x\(ht): \(found)\n\(screen)")
            }
            #expect(screens[0].contains("[x] On") || screens[0].contains("[ ] Off"), "\(screens[0])")
            #expect(screens[2].contains("┌") || w < 60, "\(screens[2])")
            h.press("resize:100x30 wait:100ms")
            #expect(lacking.filter { h.text.contains($0) }.isEmpty)
        }
    }
}
