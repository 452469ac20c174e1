import TUIKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One named benchmark.
@MainActor
struct Benchmark {
    let name: String
    let run: @MainActor () -> Void
}

@MainActor
enum Benchmarks {
    static let all: [Benchmark] = [
        Benchmark(name: "frame", run: frame),
        Benchmark(name: "list", run: list),
        Benchmark(name: "startup", run: StartupBenchmark.run),
        Benchmark(name: "contacts", run: ContactsBenchmark.run),
        Benchmark(name: "contacts-100k", run: ContactsBenchmark.runSmall),
        Benchmark(name: "contacts-1m", run: ContactsBenchmark.runLarge),
        Benchmark(name: "list-orders", run: { ListOrderBenchmark.run() }),
        Benchmark(name: "groups", run: { GroupWindowBenchmark.run() }),
        Benchmark(name: "friends", run: FriendsBenchmark.run),
        Benchmark(name: "friends-100k", run: { FriendsBenchmark.run(count: 100_000) }),
        Benchmark(name: "friends-1k", run: { FriendsBenchmark.run(count: 1_000) }),
        Benchmark(name: "friends-120x40", run: { FriendsBenchmark.run(count: 100_000, size: Size(width: 120, height: 40)) }),
        Benchmark(name: "pty", run: { PtyBenchmark.run(count: 1_000) }),
        Benchmark(name: "pty-1m", run: { PtyBenchmark.run(count: 1_000_000) }),
        Benchmark(name: "typing", run: { TypingBenchmark.run(count: 100_000) }),
        Benchmark(name: "typing-1m", run: { TypingBenchmark.run(count: 1_000_000) }),
        Benchmark(name: "activity", run: ActivityBenchmark.run),
        Benchmark(name: "kiosk-soak", run: KioskSoakBenchmark.run),
        Benchmark(name: "interchange", run: InterchangeBenchmark.run),
        Benchmark(name: "query", run: QueryBenchmark.run),
        Benchmark(name: "sync", run: SyncBenchmark.run),
        Benchmark(name: "fuzz", run: FuzzBenchmark.run),
        Benchmark(name: "postgres", run: PostgresBenchmark.run),
        Benchmark(name: "postgres-100k", run: { PostgresBenchmark.run(count: 100_000) }),
        Benchmark(name: "postgres-live", run: PostgresLiveBenchmark.run),
        Benchmark(name: "postgres-live-100k", run: { PostgresLiveBenchmark.run(count: 100_000) }),
        Benchmark(name: "populate-beside", run: { PopulateBesideBenchmark.run(count: 1_000_000) }),
        Benchmark(name: "populate-beside-200k", run: { PopulateBesideBenchmark.run(count: 200_000) }),
    ]

    /// A full 200x60 screen of text views (a header, 58 rows of mixed-script
    /// text, a status line) composed and diffed; then a one-row change.
    static func frame() {
        let size = Size(width: 200, height: 60)
        let terminal = VirtualTerminal(size: size)
        let app = Application(terminal: terminal)
        let header = Label("Switchboard — benchmark screen", style: .bold, alignment: .center)
        app.window.addSubview(header)
        header.frame = Rect(x: 0, y: 0, width: 200, height: 1)
        var rows: [Label] = []
        let words = ["Ada Lovelace", "Grace Hopper", "李小龙", "Zoë Ångström", "😀 emoji", "Émile Zola", "Алан Тьюринг"]
        for y in 1..<59 {
            var text = ""
            var i = y
            while DisplayWidth.of(text) < 200 { text += words[i % words.count] + " · "; i += 1 }
            let row = Label(text, style: y % 2 == 0 ? .plain : .dim)
            row.frame = Rect(x: 0, y: y, width: 200, height: 1)
            app.window.addSubview(row)
            rows.append(row)
        }
        let status = Label("q Quit  ? Help  ↑/↓ Move", style: .reverse)
        app.window.addSubview(status)
        status.frame = Rect(x: 0, y: 59, width: 200, height: 1)
        app.renderFrame()

        var full = Measurement(name: "frame 200x60: compose + diff a full frame")
        full.measure(iterations: 500) {
            app.window.setNeedsFullRedraw()
            app.renderFrame()
        }
        full.report(target: 1.0)

        var all = Measurement(name: "frame 200x60: compose + send every cell (after a resize)")
        all.measure(iterations: 200) {
            app.window.setNeedsFullRedraw()
            app.renderer.invalidateTerminal()
            app.renderFrame()
        }
        all.report()

        var oneRow = Measurement(name: "frame 200x60: re-render after a one-row change")
        var flip = false
        let original = rows[30].text
        oneRow.measure(iterations: 2000) {
            flip.toggle()
            rows[30].text = flip ? "changed " + original : original
            app.renderFrame()
        }
        oneRow.report(target: 0.2)
    }

    /// A ListView of 1,000,000 rows filling a 200x60 screen: one Down key
    /// (select, configure the visible rows, lay out, compose, diff), and End.
    static func list() {
        let size = Size(width: 200, height: 60)
        let terminal = VirtualTerminal(size: size)
        let app = Application(terminal: terminal)
        let list = ListView()
        list.configureRow = { row, index, selected in
            (row as! ListRowLabel).configure(text: "Contact \(index + 1) · Ada Lovelace · +44 20 7946 0000 · ada@example.org", selected: selected)
        }
        app.window.addSubview(list)
        list.pinEdges(to: app.window)
        list.reloadData(numberOfRows: 1_000_000)
        list.becomeFirstResponder()
        app.renderFrame()

        var down = Measurement(name: "list 1,000,000 rows at 200x60: one Down key to frame")
        down.measure(iterations: getenv("BENCH_JUMP_ONLY") != nil ? 1 : 2000) {
            app.handle(.key(.down))
            app.renderFrame()
        }
        down.report(target: 0.2)

        var jump = Measurement(name: "list 1,000,000 rows at 200x60: End / Home to frame")
        var atEnd = false
        jump.measure(iterations: getenv("BENCH_JUMP_ONLY") != nil ? 5000 : 2000) {
            atEnd.toggle()
            app.handle(.key(atEnd ? .end : .home))
            app.renderFrame()
        }
        jump.report(target: 0.2)

        guard getenv("BENCH_PHASES") != nil else { return }
        // Where a jump's time goes: the key, the layout (rows configured), the compose + diff, the terminal.
        var phases = [Measurement(name: "  key"), Measurement(name: "  layout"), Measurement(name: "  render"), Measurement(name: "  apply")]
        let clock = ContinuousClock()
        for i in 0..<2000 {
            let t0 = clock.now
            app.handle(.key(i % 2 == 0 ? .end : .home))
            let t1 = clock.now
            app.window.layoutIfNeeded()
            let t2 = clock.now
            let update = app.renderer.render(app.window)
            let t3 = clock.now
            if let update { terminal.apply(update) }
            let t4 = clock.now
            phases[0].samples.append(t1 - t0); phases[1].samples.append(t2 - t1)
            phases[2].samples.append(t3 - t2); phases[3].samples.append(t4 - t3)
        }
        for p in phases { p.report() }
    }
}
