import TUIKit

/// Release-build benchmarks. Run: `swift run -c release switchboard-bench [name]`.
/// Each reports the median and p99 of repeated runs, in milliseconds.
@main
enum BenchmarkMain {
    static func main() {
        let names = Array(CommandLine.arguments.dropFirst())
        MainActor.assumeIsolated {
            let all = Benchmarks.all
            let selected = names.isEmpty ? all : all.filter { names.contains($0.name) }
            if selected.isEmpty {
                print("unknown benchmark; choose from: \(all.map(\.name).joined(separator: ", "))")
                return
            }
            for benchmark in selected { benchmark.run() }
        }
    }
}
