import ArgumentParser
import Foundation

/// `reality-bench`: the platform's benchmarks. Build with `-c release`; each measures a baseline
/// in the same run on the same data and reports the ratio.
@main
struct RealityBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reality-bench",
        abstract: "Benchmarks of the local store: nearby, search, insert.",
        subcommands: [NearbyBenchmark.self, SearchBenchmark.self, InsertBenchmark.self])
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
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            FileHandle.standardOutput.write(try encoder.encode(report) + Data("\n".utf8))
        } else {
            print(report.text)
        }
    }
}
