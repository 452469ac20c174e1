import AppServices
import Testing
@testable import App
@testable import Storage
@testable import TUIKit
import TUIKitTesting

/// A splash of no length (Settings → Splash duration: none, or `--splash-ms 0`)
/// is not faded out: the home's first frame is already the home as it stays,
/// with animations on. A splash that shows for a while still fades to the home.
@MainActor
@Suite("The splash's way to the home", .serialized)
struct SplashOfNoLengthTests {
    /// ada signed in with the splash set to `milliseconds`, started again; the frames drawn until the home settles.
    func framesOfAStart(splashMilliseconds: Int) throws -> [String] {
        let h = AppHarness()
        h.createAccount()
        let store = SQLiteSettingsStore(database: try SQLiteDatabase(path: h.databasePath))
        var settings = try store.settings(for: 1)
        settings.splashMilliseconds = splashMilliseconds
        try store.save(settings, for: 1)
        h.launch()
        #expect(Animator.animationsEnabled)
        var frames: [String] = []
        h.terminal.onFrame = { t in
            let frame = t.text + "\n" + t.styleMask
            if frames.last != frame { frames.append(frame) }
        }
        h.press("wait:2s")
        h.terminal.onFrame = nil
        #expect(h.text.contains("Signed in as ada"))
        return frames
    }

    @Test func noSplashMeansTheHomeAtOnce() throws {
        let frames = try framesOfAStart(splashMilliseconds: 0)
        let home = try #require(frames.firstIndex { $0.contains("Signed in as ada") })
        #expect(frames[home] == frames.last, "the home came dimmed first:\n\(frames[home])")
    }

    @Test func aSplashThatShowsStillFades() throws {
        let frames = try framesOfAStart(splashMilliseconds: 800)
        let home = try #require(frames.firstIndex { $0.contains("Signed in as ada") })
        #expect(frames[home] != frames.last)                         // dimmed first, then bright
        #expect(frames[..<home].contains { $0.contains("S W I T C H B O A R D") })
    }
}
