import Kiosk
import TUIKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The kiosk left running: 1,000 loops of the tour on a 100x30 virtual screen
/// and the virtual clock (animations on, as on a real kiosk). Reports RSS at
/// loops 1, 10, 100, 500 and 1,000, the live timers and window views (both
/// must stay flat), whether every step left its mark on screen, and the wall
/// time per loop. `switchboard-bench kiosk-soak`.
@MainActor
enum KioskSoakBenchmark {
    static func run() { run(loops: CommandLine.arguments.contains("--short") ? 200 : 1000) }

    static func run(loops: Int) {
        let terminal = VirtualTerminal(size: Size(width: 100, height: 30))
        let app = Application(terminal: terminal)
        let kiosk = Kiosk(application: app, options: Kiosk.Options(idle: .seconds(30), seed: 1))
        let marks = Kiosk.stepMarks, names = Kiosk.stepNames
        var previous: Int?
        var missed = 0, stepsSeen = 0
        kiosk.onStep = { name in
            let index = names.firstIndex(of: name)!
            if let previous, !terminal.text.contains(marks[previous]) { missed += 1 }
            previous = index
            stepsSeen += 1
        }
        let loop = Int(Kiosk.loopDuration.milliseconds)
        let reportAt: Set = [1, 10, 100, 500, 1000]
        let clock = ContinuousClock()
        let start = clock.now
        var frames = 0
        app.onFrame = { _, _ in frames += 1 }
        for n in 1...loops {
            terminal.enqueue([.wait(milliseconds: loop)])
            do { try app.run() } catch { print("kiosk-soak: \(error)"); return }
            if reportAt.contains(n) {
                print("kiosk-soak: loop \(n): RSS \(ContactsBenchmark.residentMemoryMB()) MiB, live timers \(app.scheduler.activeTimerCount), "
                      + "window views \(app.window.subviews.count), loops finished \(kiosk.loops)")
                fflush(nil)
            }
        }
        let wall = Measurement.milliseconds(clock.now - start)
        print("kiosk-soak: \(loops) loops (\(loops * loop / 1000) s of tour on the virtual clock) in \(wall / 1000) s wall, "
              + "\(wall / Double(loops)) ms a loop, \(frames) frames; \(stepsSeen) steps, \(missed) without their mark on screen")
        withExtendedLifetime(kiosk) {}
    }
}
