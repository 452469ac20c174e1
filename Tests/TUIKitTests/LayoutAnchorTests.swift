import Testing
@testable import TUIKit

@MainActor
@Suite("Layout anchors")
struct LayoutAnchorTests {
    func makeWindow(_ width: Int = 80, _ height: Int = 24) -> Window {
        Window(size: Size(width: width, height: height), scheduler: Scheduler(clock: VirtualClock()))
    }

    @Test func pinningToTheSuperviewFillsIt() {
        let window = makeWindow()
        let container = View()
        window.addSubview(container)
        let infoView = View()
        container.addSubview(infoView)
        container.pinEdges(to: window)
        // Seed 000's pinning, as written there.
        infoView.translatesAutoresizingMaskIntoConstraints = false
        infoView.leadingAnchor.constraint(equalTo: container.leadingAnchor).isActive = true
        infoView.trailingAnchor.constraint(equalTo: container.trailingAnchor).isActive = true
        infoView.topAnchor.constraint(equalTo: container.topAnchor).isActive = true
        infoView.bottomAnchor.constraint(equalTo: container.bottomAnchor).isActive = true
        let issues = window.layoutIfNeeded()
        #expect(issues.isEmpty, "\(issues)")
        #expect(container.frame == Rect(x: 0, y: 0, width: 80, height: 24))
        #expect(infoView.frame == Rect(x: 0, y: 0, width: 80, height: 24))
    }
}

@MainActor
extension LayoutAnchorTests {
    @Test func centeringWithFixedSize() {
        let window = makeWindow(80, 24)
        let box = View()
        window.addSubview(box)
        box.translatesAutoresizingMaskIntoConstraints = false
        box.centerXAnchor.constraint(equalTo: window.centerXAnchor).isActive = true
        box.centerYAnchor.constraint(equalTo: window.centerYAnchor).isActive = true
        box.widthAnchor.constraint(equalToConstant: 20).isActive = true
        box.heightAnchor.constraint(equalToConstant: 6).isActive = true
        #expect(window.layoutIfNeeded().isEmpty)
        #expect(box.frame == Rect(x: 30, y: 9, width: 20, height: 6))
    }

    @Test func siblingRelationsStackViews() {
        let window = makeWindow(40, 10)
        let header = View(), body = View()
        window.addSubview(header)
        window.addSubview(body)
        for v in [header, body] {
            v.translatesAutoresizingMaskIntoConstraints = false
            v.leadingAnchor.constraint(equalTo: window.leadingAnchor, constant: 2).isActive = true
            v.trailingAnchor.constraint(equalTo: window.trailingAnchor, constant: -2).isActive = true
        }
        header.topAnchor.constraint(equalTo: window.topAnchor, constant: 1).isActive = true
        header.heightAnchor.constraint(equalToConstant: 3).isActive = true
        body.topAnchor.constraint(equalTo: header.bottomAnchor, constant: 1).isActive = true
        body.bottomAnchor.constraint(equalTo: window.bottomAnchor).isActive = true
        #expect(window.layoutIfNeeded().isEmpty)
        #expect(header.frame == Rect(x: 2, y: 1, width: 36, height: 3))
        #expect(body.frame == Rect(x: 2, y: 5, width: 36, height: 5))
    }

    @Test func resolvedAgainOnResize() {
        let window = makeWindow(40, 10)
        let v = View()
        window.addSubview(v)
        v.pinEdges(to: window, insets: EdgeInsets(all: 1))
        window.layoutIfNeeded()
        #expect(v.frame == Rect(x: 1, y: 1, width: 38, height: 8))
        window.frame = Rect(x: 0, y: 0, width: 100, height: 30)
        window.layoutIfNeeded()
        #expect(v.frame == Rect(x: 1, y: 1, width: 98, height: 28))
    }

    @Test func widthAsAFractionAndLimits() {
        let window = makeWindow(100, 20)
        let half = View(), capped = View()
        window.addSubview(half)
        window.addSubview(capped)
        half.translatesAutoresizingMaskIntoConstraints = false
        half.leadingAnchor.constraint(equalTo: window.leadingAnchor).isActive = true
        half.topAnchor.constraint(equalTo: window.topAnchor).isActive = true
        half.widthAnchor.constraint(equalTo: window.widthAnchor, multiplier: 0.5).isActive = true
        half.heightAnchor.constraint(equalToConstant: 1).isActive = true
        capped.translatesAutoresizingMaskIntoConstraints = false
        capped.trailingAnchor.constraint(equalTo: window.trailingAnchor).isActive = true
        capped.bottomAnchor.constraint(equalTo: window.bottomAnchor).isActive = true
        capped.widthAnchor.constraint(equalToConstant: 150).isActive = true
        capped.widthAnchor.constraint(lessThanOrEqualTo: window.widthAnchor, constant: -4).isActive = true
        capped.heightAnchor.constraint(equalToConstant: 2).isActive = true
        #expect(window.layoutIfNeeded().isEmpty)
        #expect(half.frame == Rect(x: 0, y: 0, width: 50, height: 1))
        #expect(capped.frame == Rect(x: 4, y: 18, width: 96, height: 2))
    }

    @Test func labelsTakeTheirTextSize() {
        let window = makeWindow(40, 10)
        let label = Label("Hello, 世界")
        window.addSubview(label)
        label.translatesAutoresizingMaskIntoConstraints = false
        label.centerXAnchor.constraint(equalTo: window.centerXAnchor).isActive = true
        label.topAnchor.constraint(equalTo: window.topAnchor, constant: 2).isActive = true
        #expect(window.layoutIfNeeded().isEmpty)
        #expect(label.frame == Rect(x: 15, y: 2, width: 11, height: 1)) // centre 20 = 15 + 11 / 2
    }

    @Test func conflictingConstraintsAreReportedNotFatal() {
        let window = makeWindow(40, 10)
        let v = View()
        window.addSubview(v)
        v.pinEdges(to: window)
        let conflicting = v.widthAnchor.constraint(equalToConstant: 10)
        conflicting.isActive = true
        let issues = window.layoutIfNeeded()
        #expect(issues.count == 1)
        #expect(issues.first?.kind == .conflict)
        #expect(issues.first?.message.contains("View.width == 10") == true)
        #expect(v.frame.width == 40)
        conflicting.isActive = false
        #expect(window.layoutIfNeeded().isEmpty)
    }

    @Test func underdeterminedLayoutIsReported() {
        let window = makeWindow(40, 10)
        let v = View()
        window.addSubview(v)
        v.translatesAutoresizingMaskIntoConstraints = false
        v.leadingAnchor.constraint(equalTo: window.leadingAnchor, constant: 3).isActive = true
        let issues = window.layoutIfNeeded()
        #expect(issues.contains { $0.kind == .ambiguous && $0.message.contains("width") })
        #expect(issues.contains { $0.kind == .ambiguous && $0.message.contains("top") })
        #expect(v.frame == Rect(x: 3, y: 0, width: 0, height: 0))
    }

    @Test func viewsInDifferentTreesAreReported() {
        let window = makeWindow(40, 10)
        let inside = View(), stray = View()
        window.addSubview(inside)
        inside.translatesAutoresizingMaskIntoConstraints = false
        inside.leadingAnchor.constraint(equalTo: stray.leadingAnchor).isActive = true
        let issues = window.layoutIfNeeded()
        #expect(issues.contains { $0.kind == .noCommonAncestor })
    }

    @Test func constantChangesApplyOnTheNextPass() {
        let window = makeWindow(40, 10)
        let v = View()
        window.addSubview(v)
        v.pinEdges(to: window)
        let top = v.constraints.first { $0.firstAttribute == .top }!
        top.constant = 4
        window.layoutIfNeeded()
        #expect(v.frame.minY == 4)
        #expect(v.frame.height == 6)
    }
}
