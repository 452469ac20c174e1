import Testing
@testable import TUIKit
import TUIKitTesting

@MainActor
@Suite("Widgets", .serialized)
struct WidgetTests {
    /// A screen holding the given views at fixed frames.
    final class Board: ViewController {
        let items: [(View, Rect)]
        init(_ items: [(View, Rect)]) { self.items = items; super.init() }
        override func viewDidLoad() { for (v, r) in items { view.addSubview(v); v.frame = r } }
    }

    @Test func labelWrapsAlignsAndTruncates() {
        let wrapped = Label("The quick brown fox jumps over the lazy dog")
        wrapped.wrapsText = true
        let centred = Label("mid", alignment: .center)
        let right = Label("end", alignment: .trailing)
        let cut = Label("A rather long line of text")
        let h = Harness(width: 40, height: 12, root: Board([
            (wrapped, Rect(x: 0, y: 0, width: 12, height: 3)),
            (centred, Rect(x: 0, y: 4, width: 9, height: 1)),
            (right, Rect(x: 0, y: 5, width: 9, height: 1)),
            (cut, Rect(x: 0, y: 6, width: 10, height: 1)),
        ]))
        #expect(h.lines[0].hasPrefix("The quick   "))
        #expect(h.lines[1].hasPrefix("brown fox   "))
        #expect(h.lines[2].hasPrefix("jumps over… "))
        #expect(h.lines[4].hasPrefix("   mid   "))
        #expect(h.lines[5].hasPrefix("      end"))
        #expect(h.lines[6].hasPrefix("A rather …"))
    }

    @Test func buttonsPressByKeyAndClickAndShowFocus() {
        var presses = 0
        let ok = Button(title: "OK") { presses += 1 }
        let other = Button(title: "Other")
        let h = Harness(width: 40, height: 12, root: Board([
            (ok, Rect(x: 0, y: 0, width: 6, height: 1)), (other, Rect(x: 10, y: 0, width: 9, height: 1)),
        ]))
        #expect(h.lines[0].hasPrefix("[ OK ]    [ Other ]"))
        #expect(h.window.firstResponder === ok)          // the first focusable view takes the focus
        #expect(h.styleMask[0].hasPrefix("BBBBBB"))      // focused: the selection style, bold
        #expect(h.terminal.cell(x: 0, y: 0).style.background == Theme.current.selection.background)
        #expect(h.terminal.cell(x: 10, y: 0).style.background != Theme.current.selection.background)
        h.press("Enter Space click:2,0")
        #expect(presses == 3)
        h.press("Tab")
        #expect(h.window.firstResponder === other)
    }

    @Test func textFieldEditsGraphemeClusters() {
        let field = TextField()
        let h = Harness(width: 40, height: 12, root: Board([(field, Rect(x: 0, y: 0, width: 20, height: 2))]))
        h.press(#""Zoë 世界 👩‍💻" Left Left Backspace "x""#)
        #expect(field.text == "Zoë 世x 👩‍💻")
        h.press("Home Delete \"z\" End Backspace")
        #expect(field.text == "zoë 世x ")
        h.press("C-Left C-Left \"(\" C-Right \")\"")
        #expect(field.text == "(zoë) 世x ")  // "世x" is one word
        h.press("C-w")
        #expect(field.text == "( 世x ")
        h.press("End C-u")
        #expect(field.text == "")
        let e = "e\u{301}"
        field.text = "caf" + e
        h.press("Backspace")
        #expect(field.text == "caf") // the accent goes with its letter
        #expect(h.lines[0].hasPrefix("caf "))
    }

    @Test func textFieldPlaceholderMaxLengthSecureAndMessage() {
        let name = TextField(placeholder: "User name")
        let password = TextField()
        password.isSecureTextEntry = true
        password.maxLength = 6
        password.validationMessage = "At least 8 characters"
        let h = Harness(width: 40, height: 12, root: Board([
            (password, Rect(x: 0, y: 2, width: 24, height: 2)), (name, Rect(x: 0, y: 0, width: 20, height: 1)),
        ]))
        #expect(h.window.firstResponder === password)
        #expect(h.lines[0].hasPrefix("User name"))
        h.press(#""s3cret😀 and more""#)
        #expect(password.text == "s3cret")
        #expect(h.lines[2].hasPrefix("••••••"))
        #expect(!h.text.contains("s3cret"))
        #expect(h.lines[3].hasPrefix("                      "))   // the message went with the first edit
        password.validationMessage = "At least 8 characters"
        h.press("wait:10ms")
        #expect(h.lines[3].hasPrefix("At least 8 characters"))
        h.press("Tab")
        #expect(h.terminal.cursor == Point(x: 0, y: 0))
        h.press(#""ada""#)
        #expect(h.terminal.cursor == Point(x: 3, y: 0))
    }

    @Test func textFieldTakesAPasteInOneEdit() throws {
        let field = TextField()
        var edits = 0
        field.onChange = { _ in edits += 1 }
        let h = Harness(width: 40, height: 12, root: Board([(field, Rect(x: 0, y: 0, width: 30, height: 1))]))
        h.terminal.enqueue(.paste("two\nlines\u{7}"))
        try h.app.run()
        #expect(field.text == "two lines")
        #expect(edits == 1)
    }

    @Test func textFieldScrollsToKeepTheCursorVisible() {
        let field = TextField()
        let h = Harness(width: 40, height: 12, root: Board([(field, Rect(x: 0, y: 0, width: 8, height: 1))]))
        h.press(#""abcdefghijkl""#)
        #expect(h.lines[0].hasPrefix("…ghijkl "))   // issue 51: "…" says the value goes on past the edge
        h.press("Home")
        #expect(h.lines[0].hasPrefix("abcdefg…"))
    }

    @Test func activityIndicatorTurnsOnTheVirtualClock() {
        let spinner = ActivityIndicator(text: "Loading…")
        let h = Harness(width: 40, height: 12, root: Board([(spinner, Rect(x: 0, y: 0, width: 12, height: 1))]))
        #expect(h.lines[0].hasPrefix("            "))  // stopped and hidden
        spinner.startAnimating()
        h.wait(0)
        #expect(h.lines[0].hasPrefix("⠋ Loading…"))
        h.wait(80)
        #expect(h.lines[0].hasPrefix("⠙ Loading…"))
        h.wait(160)
        #expect(h.lines[0].hasPrefix("⠸ Loading…"))
        spinner.stopAnimating()
        h.wait(0)
        #expect(h.window.scheduler.activeTimerCount == 0)
        #expect(h.lines[0].hasPrefix("          "))
    }

    @Test func listViewSelectsScrollsAndShowsAnEmptyState() {
        let list = ListView()
        list.emptyText = "No friends to show"
        var selected: [Int] = []
        list.onSelect = { selected.append($0) }
        list.configureRow = { row, i, sel in (row as! ListRowLabel).configure(text: "Row \(i)", selected: sel) }
        let h = Harness(width: 40, height: 12, root: Board([(list, Rect(x: 0, y: 0, width: 20, height: 5))]))
        #expect(h.lines[2].contains("No friends to show"))
        list.reloadData(numberOfRows: 20)
        h.wait(0)
        #expect(h.lines[0].hasPrefix("Row 0"))
        #expect(h.styleMask[0].hasPrefix("cccc"))        // selection highlight
        h.press("Down j j j j")
        #expect(list.selectedIndex == 5)
        #expect(h.lines[0].hasPrefix("Row 1"))
        #expect(h.lines[4].hasPrefix("Row 5"))
        h.press("k Enter")
        #expect(selected == [4])
        h.press("End")
        #expect(h.lines[4].hasPrefix("Row 19"))
        h.press("PgUp")
        #expect(list.selectedIndex == 14)
        h.press("Home click:2,2")
        #expect(list.selectedIndex == 2)
        h.press("click:2,2")
        #expect(selected == [4, 2])
    }

    @Test func aMillionRowsBuildOnlyTheVisibleRows() {
        let list = ListView()
        var made = 0
        list.makeRowView = { made += 1; return ListRowLabel() }
        list.configureRow = { row, i, sel in (row as! ListRowLabel).configure(text: "Row \(i)", selected: sel) }
        let h = Harness(width: 200, height: 60, root: Board([(list, Rect(x: 0, y: 0, width: 200, height: 58))]))
        list.reloadData(numberOfRows: 1_000_000)
        h.wait(0)
        #expect(made == 58)
        let before = list.configuredRowCount
        h.press("Down")
        #expect(list.configuredRowCount - before <= 58)
        let beforeEnd = list.configuredRowCount
        h.press("End")
        #expect(list.configuredRowCount - beforeEnd <= 58)
        #expect(made == 58)
        #expect(h.lines[57].hasPrefix("Row 999999"))
    }

    @Test func nearTheEndAsksForMoreOncePerPage() {
        let list = ListView()
        var requests = 0
        list.onNearEnd = { requests += 1 }
        list.configureRow = { row, i, sel in (row as! ListRowLabel).configure(text: "Row \(i)", selected: sel) }
        let h = Harness(width: 40, height: 12, root: Board([(list, Rect(x: 0, y: 0, width: 20, height: 5))]))
        list.reloadData(numberOfRows: 20)
        h.wait(0)
        #expect(requests == 0)
        h.press("Down Down Down Down Down Down Down Down Down")
        #expect(requests == 0)
        h.press("Down Down Down Down Down")
        #expect(requests == 1)
        h.press("Down")
        #expect(requests == 1)   // no new rows yet: not asked again
        list.reloadData(numberOfRows: 40)
        h.press("End")
        #expect(requests == 2)
    }

    final class Sections: TableViewDataSource, TableViewDelegate {
        var picked: [IndexPath] = []
        func numberOfSections(in tableView: TableView) -> Int { 2 }
        func tableView(_ t: TableView, numberOfRowsInSection s: Int) -> Int { s == 0 ? 2 : 1 }
        func tableView(_ t: TableView, titleForHeaderInSection s: Int) -> String? { s == 0 ? "General" : "Account" }
        func tableView(_ t: TableView, heightForRowAt ip: IndexPath) -> Int { ip == IndexPath(row: 1, section: 0) ? 2 : 1 }
        func tableView(_ t: TableView, cellForRowAt ip: IndexPath) -> TableViewCell {
            let cell = t.dequeueReusableCell(withIdentifier: "text", as: TextCell.self)
            cell.label.text = ip.section == 0 ? (ip.row == 0 ? "Theme" : "Animations\n  on") : "Log Out"
            return cell
        }
        func tableView(_ t: TableView, didSelectRowAt ip: IndexPath) { picked.append(ip) }
    }

    final class TextCell: TableViewCell {
        let label = Label()
        required init(reuseIdentifier: String) {
            super.init(reuseIdentifier: reuseIdentifier)
            addSubview(label)
            label.pinEdges(to: self, insets: EdgeInsets(left: 2))
        }
    }

    @Test func tableViewSectionsHeadersAndRowHeights() {
        let table = TableView()
        let source = Sections()
        table.dataSource = source
        table.delegate = source
        let h = Harness(width: 40, height: 12, root: Board([(table, Rect(x: 0, y: 0, width: 30, height: 8))]))
        #expect(Array(h.lines.prefix(6)).map { String($0.prefix(14)) } ==
                [" GENERAL      ", "  Theme       ", "  Animations  ", "    on        ", " ACCOUNT      ", "  Log Out     "])
        h.press("Down Down Enter")
        #expect(source.picked == [IndexPath(row: 0, section: 1)])
        h.press("Up Enter")
        #expect(source.picked.last == IndexPath(row: 1, section: 0))
        #expect(h.styleMask[2].hasPrefix("cccc") && h.styleMask[3].hasPrefix("cccc"))
    }

    @Test func statusLineShowsTheFocusedScreensKeys() {
        let main = KeyCommandController()
        let nav = NavigationController(rootViewController: main)
        let h = Harness(width: 40, height: 12, root: nav)
        #expect(h.lines[11].hasPrefix(" x Count  ? Help"))
    }

    @Test func helpOverlayListsTheKeysOfTheResponderChain() {
        let main = KeyCommandController()
        main.navigationItem.rightBarButtonItem = BarButtonItem(title: "Activity", key: .ctrl("t")) {}
        let h = Harness(width: 60, height: 16, root: NavigationController(rootViewController: main))
        h.press("?")
        #expect(h.text.contains("Keys"))
        #expect(h.text.contains("x             Count") || h.text.contains("x  ") )
        #expect(h.text.contains("Activity"))
        #expect(h.text.contains("This help"))
        h.press("z")                 // a key the overlay does not list does nothing
        #expect(main.count == 0)
        #expect(h.text.contains("This help"))
        h.press("x")                 // a listed one closes it and does what it says
        #expect(!h.text.contains("This help"))
        #expect(main.count == 1)
        h.press("? Esc x")
        #expect(main.count == 2)
    }

    @Test func tabStaysInsideAPopup() {
        final class TwoButtons: ViewController {
            let a = Button(title: "A"), b = Button(title: "B")
            override func loadView() {
                let content = View()
                content.addSubview(a); content.addSubview(b)
                a.frame = Rect(x: 0, y: 0, width: 5, height: 1)
                b.frame = Rect(x: 6, y: 0, width: 5, height: 1)
                view = PopupContainer(contentView: content, preferredSize: Size(width: 20, height: 4))
            }
        }
        let under = Button(title: "Under")
        let board = Board([(under, Rect(x: 0, y: 0, width: 9, height: 1))])
        let h = Harness(width: 40, height: 12, root: board)
        let popup = TwoButtons()
        board.present(popup)
        h.wait(400)
        #expect(h.window.firstResponder === popup.a)
        h.press("Tab")
        #expect(h.window.firstResponder === popup.b)
        h.press("Tab")
        #expect(h.window.firstResponder === popup.a)
        popup.dismiss()
        h.wait(400)
        #expect(h.window.firstResponder === under) // the focus comes back
    }

    @Test func aTooSmallTerminalSaysSoAndRecovers() {
        let h = Harness(width: 60, height: 16, root: LabelController("Full app"))
        h.press("resize:30x8")
        #expect(h.text.contains("Terminal too small"))
        #expect(h.text.contains("need 40x12, have 30x8"))
        h.press("resize:3x1 resize:1x1")
        h.press("resize:80x24")
        #expect(!h.text.contains("too small"))
        #expect(h.lines[0].hasPrefix("Full app"))
        #expect(h.lines.count == 24)
    }

    @Test func everyThemeHasDistinctSelection() {
        for theme in Theme.all {
            #expect(theme.selection != theme.base, "\(theme.name)")
        }
        #expect(Theme.monochrome.selection.foreground == nil && Theme.monochrome.selection.background == nil)
    }
}
