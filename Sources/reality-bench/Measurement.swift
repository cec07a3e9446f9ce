import Foundation

/// Latencies of repeated runs, and the percentiles the benchmarks report.
struct Samples {
    private(set) var milliseconds: [Double] = []

    /// Times `body` once and records it.
    mutating func time<T>(_ body: () async throws -> T) async rethrows -> T {
        let start = ContinuousClock.now
        let result = try await body()
        milliseconds.append((ContinuousClock.now - start).milliseconds)
        return result
    }

    /// Records a measurement taken elsewhere.
    mutating func appendValue(_ value: Double) {
        milliseconds.append(value)
    }

    /// The `q` quantile (0…1), nearest rank.
    func percentile(_ q: Double) -> Double {
        guard !milliseconds.isEmpty else { return .nan }
        let sorted = milliseconds.sorted()
        let rank = Int((q * Double(sorted.count)).rounded(.up)) - 1
        return sorted[min(max(rank, 0), sorted.count - 1)]
    }

    var p50: Double { percentile(0.5) }
    var p99: Double { percentile(0.99) }
    var count: Int { milliseconds.count }

    /// The spread of the middle half relative to the median, a measure of the machine's noise.
    var noise: Double {
        let median = p50
        return median > 0 ? (percentile(0.75) - percentile(0.25)) / median : .nan
    }
}

extension Duration {
    var milliseconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) * 1000 + Double(attoseconds) / 1e15
    }
}

/// One benchmark's result, printed as one JSON object with `--json`.
struct BenchmarkReport: Encodable {
    var benchmark: String
    var count: Int
    var iterations: Int
    var p50Ms: Double
    var p99Ms: Double
    var baselineP50Ms: Double
    var baselineP99Ms: Double
    var baselineIterations: Int
    /// Baseline over ours: how many times faster we are.
    var ratio: Double
    /// The median's relative interquartile range, for the machine's noise.
    var noise: Double
    var baseline: String
    var extra: [String: Double]
    var targets: [String: Double]
    /// What `count` counts.
    var unit: String

    init(
        benchmark: String, count: Int, ours: Samples, baseline: Samples, baselineDescription: String,
        extra: [String: Double] = [:], targets: [String: Double], unit: String = "annotations"
    ) {
        self.unit = unit
        self.benchmark = benchmark
        self.count = count
        self.iterations = ours.count
        self.p50Ms = ours.p50
        self.p99Ms = ours.p99
        self.baselineP50Ms = baseline.p50
        self.baselineP99Ms = baseline.p99
        self.baselineIterations = baseline.count
        self.ratio = baseline.p50 / ours.p50
        self.noise = ours.noise
        self.baseline = baselineDescription
        self.extra = extra
        self.targets = targets
    }

    /// A report from figures measured elsewhere (the HTTP benchmark reads them from `wrk`).
    init(
        benchmark: String, count: Int, iterations: Int, p50Ms: Double, p99Ms: Double, baselineP50Ms: Double,
        baselineP99Ms: Double, ratio: Double, baselineDescription: String, extra: [String: Double],
        targets: [String: Double]
    ) {
        self.benchmark = benchmark
        self.count = count
        self.iterations = iterations
        self.p50Ms = p50Ms
        self.p99Ms = p99Ms
        self.baselineP50Ms = baselineP50Ms
        self.baselineP99Ms = baselineP99Ms
        self.baselineIterations = iterations
        self.ratio = ratio
        self.noise = .nan
        self.baseline = baselineDescription
        self.extra = extra
        self.targets = targets
        self.unit = "annotations"
    }

    var text: String {
        var lines = [
            "\(benchmark) over \(count) \(unit)",
            String(
                format: "  ours:     p50 %.4f ms  p99 %.4f ms  (%d runs, noise %.0f%%)", p50Ms, p99Ms, iterations,
                noise * 100),
            String(
                format: "  baseline: p50 %.4f ms  p99 %.4f ms  (%d runs) — %@", baselineP50Ms, baselineP99Ms,
                baselineIterations, baseline),
            String(format: "  ratio (baseline / ours): %.1f×", ratio),
        ]
        for (key, value) in extra.sorted(by: { $0.key < $1.key }) { lines.append("  \(key): \(value)") }
        for (key, value) in targets.sorted(by: { $0.key < $1.key }) { lines.append("  target \(key): \(value)") }
        return lines.joined(separator: "\n")
    }
}
