import TUIKit

/// Plays tour steps on the run loop's timers (virtual in tests and headless
/// runs): each action in turn, the step's pauses between them, then the
/// first step again — until stopped.
@MainActor
public final class TourPlayer {
    public let steps: [TourStep]
    private let scheduler: Scheduler
    private let send: (Key) -> Void
    private var timer: Timer?
    public private(set) var stepIndex = 0
    private var actionIndex = 0
    private var typedCount = 0
    /// Loops played to their end.
    public private(set) var loops = 0

    /// A step begins (before its first action).
    public var onStep: ((Int) -> Void)?
    /// A step's caption is due: as the step begins, or at its `caption` action.
    public var onCaption: ((Int) -> Void)?
    /// The `restart` action: the app starts afresh.
    public var onRestart: (() -> Void)?
    /// While true the tour holds where it is (the screen is too small to use: keys would be lost).
    public var isHeld: () -> Bool = { false }

    public init(steps: [TourStep], scheduler: Scheduler, send: @escaping (Key) -> Void) {
        precondition(!steps.isEmpty && steps.allSatisfy { $0.duration > .zero }, "a tour needs steps that take time")
        self.steps = steps
        self.scheduler = scheduler
        self.send = send
    }

    public var isPlaying: Bool { timer != nil }

    /// Plays from the first step.
    public func play() {
        stop()
        stepIndex = 0
        actionIndex = 0
        typedCount = 0
        begin()
        advance()
    }

    /// Stops where it is (a visitor took over).
    public func stop() {
        timer?.cancel()
        timer = nil
    }

    /// Does actions until one asks for a pause, and waits for it.
    private func advance() {
        timer = nil
        if isHeld() { return wait(.milliseconds(250)) }
        while true {
            if actionIndex == steps[stepIndex].actions.count {
                actionIndex = 0
                stepIndex += 1
                if stepIndex == steps.count { stepIndex = 0; loops += 1 }
                begin()
                continue
            }
            switch steps[stepIndex].actions[actionIndex] {
            case .restart:
                actionIndex += 1
                onRestart?()
            case .caption:
                actionIndex += 1
                onCaption?(stepIndex)
            case .press(let key):
                actionIndex += 1
                send(key)
                return wait(TourStep.keyPause)
            case .type(let text):
                let characters = Array(text)
                if typedCount < characters.count { send(.character(characters[typedCount])) }
                typedCount += 1
                if typedCount >= characters.count { typedCount = 0; actionIndex += 1 }
                return wait(TourStep.typingPause)
            case .wait(let duration):
                actionIndex += 1
                return wait(duration)
            }
        }
    }

    /// The step at `stepIndex` begins: its caption too, unless it waits for its screen.
    private func begin() {
        onStep?(stepIndex)
        if !steps[stepIndex].actions.contains(.caption) { onCaption?(stepIndex) }
    }

    private func wait(_ duration: Duration) {
        timer = scheduler.after(duration) { [weak self] in self?.advance() }
    }
}
