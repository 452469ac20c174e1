/// Runs an animation on the run loop's clock, frame by frame: `step` gets the
/// progress from 0 to 1 (about 30 frames a second), then `completion` runs.
/// With animations switched off everything jumps straight to the end.
///
/// ```swift
/// Animator.run(duration: .milliseconds(300), scheduler: scheduler, step: { progress in
///     panel.frame.origin.x = Int(Double(offscreenX) * (1 - progress))
/// }, completion: { panel.becomeFirstResponder() })
/// ```
@MainActor
public final class Animator {
    /// The global switch: false makes every transition and animation instant (read each frame; no
    /// run-time exclusivity check: it is only ever assigned whole).
    @exclusivity(unchecked) public static var animationsEnabled = true

    /// The time between frames.
    public static let frameInterval: Duration = .milliseconds(33)

    private var timer: Timer?
    private let start: Duration
    private let duration: Duration
    private let scheduler: Scheduler
    private let step: (Double) -> Void
    private var completion: (() -> Void)?

    /// Starts an animation; keep the animator to `finish()` it early.
    @discardableResult
    public static func run(duration: Duration, scheduler: Scheduler?,
                           step: @escaping (Double) -> Void, completion: @escaping () -> Void) -> Animator? {
        guard animationsEnabled, duration > .zero, let scheduler else {
            step(1)
            completion()
            return nil
        }
        let animator = Animator(duration: duration, scheduler: scheduler, step: step, completion: completion)
        step(0)
        animator.timer = scheduler.every(frameInterval) { [animator] _ in animator.tick() }
        return animator
    }

    private init(duration: Duration, scheduler: Scheduler, step: @escaping (Double) -> Void, completion: @escaping () -> Void) {
        self.duration = duration
        self.scheduler = scheduler
        self.start = scheduler.clock.now
        self.step = step
        self.completion = completion
    }

    private func tick() {
        let elapsed = scheduler.clock.now - start
        let progress = min(1, Double(elapsed.milliseconds) / Double(duration.milliseconds))
        step(progress)
        if progress >= 1 { finish() }
    }

    /// Jumps to the end now.
    public func finish() {
        guard let completion else { return }
        self.completion = nil
        timer?.cancel()
        timer = nil
        step(1)
        completion()
    }
}
