import ArgumentParser
import Foundation

/// `reality-bench`: the platform's benchmarks. Build with `-c release`; each measures a baseline
/// in the same run on the same data and reports the ratio.
@main
struct RealityBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reality-bench",
        abstract: "Benchmarks: the local store (nearby, search, insert), the server (http, startup, push), "
            + "sync (firstsync, live) and JSON (encode, decode).",
        subcommands: [
            NearbyBenchmark.self, NearbyHTTPBenchmark.self, SearchBenchmark.self, InsertBenchmark.self,
            HTTPBenchmark.self, StartupBenchmark.self,
            PushBenchmark.self, FirstSyncBenchmark.self, LiveBenchmark.self, LiveMediaBenchmark.self,
            EncodeBenchmark.self, DecodeBenchmark.self, ThumbnailBenchmark.self, ChallengeBenchmark.self,
            PersonalizeBenchmark.self, IdleSocketsBenchmark.self,
        ])
}

/// Options every benchmark takes.
struct BenchOptions: ParsableArguments {
    @Option(help: "How many annotations the store holds.") var count: Int = 1_000_000
    @Flag(help: "Print one JSON object.") var json = false
    @Option(help: "The store file to build (or reuse when it already holds --count annotations).")
    var store: String?

    var storePath: String { store ?? NSTemporaryDirectory() + "reality-bench-\(count).sqlite" }

    func validate() throws {
        guard count >= 1_000 else { throw ValidationError("--count must be at least 1000") }
    }

    func report(_ report: BenchmarkReport) throws {
        try BenchOutput(json: json).report(report)
    }
}
