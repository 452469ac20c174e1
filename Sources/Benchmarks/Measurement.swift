#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Times a closure many times and reports the median and the 99th percentile.
struct Measurement {
    let name: String
    var samples: [Duration] = []

    init(name: String) { self.name = name }

    mutating func measure(iterations: Int, warmup: Int = 20, _ body: () -> Void) {
        for _ in 0..<warmup { body() }
        samples.reserveCapacity(iterations)
        let clock = ContinuousClock()
        for _ in 0..<iterations {
            let start = clock.now
            body()
            samples.append(clock.now - start)
        }
    }

    func percentile(_ p: Double) -> Double {
        let sorted = samples.sorted()
        guard !sorted.isEmpty else { return 0 }
        let index = min(sorted.count - 1, Int((Double(sorted.count - 1) * p).rounded()))
        return Self.milliseconds(sorted[index])
    }

    static func milliseconds(_ d: Duration) -> Double {
        let (s, atto) = d.components
        return Double(s) * 1000 + Double(atto) / 1e15
    }

    func report(target: Double? = nil) {
        let median = percentile(0.5), p99 = percentile(0.99)
        var line = "\(name): median \(format(median)) ms, p99 \(format(p99)) ms over \(samples.count) runs"
        if let target { line += " (target ≤ \(format(target)) ms median: \(median <= target ? "met" : "NOT met"))" }
        print(line)
        fflush(nil) // results show as they come, also when piped
    }

    private func format(_ v: Double) -> String {
        let scaled = (v * 1000).rounded() / 1000
        return "\(scaled)"
    }
}
