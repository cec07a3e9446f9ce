import ArgumentParser
import Foundation
import RealityAPI
import RealityCore
import RealitySync

/// `reality-bench decode`: pages of annotations, as the server writes a sync page, read by the
/// device's page decoder (``SyncTransport/decodeChangesKeepingRecords(_:)``, the path of every
/// pull), against `RealityJSON.decode` (Foundation's `JSONDecoder`) of the same bodies; both must
/// agree before anything is timed.
struct DecodeBenchmark: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "decode", abstract: "Annotations per second a device reads from sync pages.")
    @Option(help: "Annotations in all.") var count: Int = 10_000
    @Option(help: "Annotations per page (the server sends at most 1000).") var pageSize: Int = 1000
    @Option(help: "Readings of every page to time with the device's decoder.") var iterations: Int = 30
    @Option(help: "Readings of every page to time with JSONDecoder.") var baselineIterations: Int = 5
    @Flag(help: "Give every annotation grants, rules, a reaction, an attachment and a comment.") var rich = false
    @Flag(help: "Print one JSON object.") var json = false

    func validate() throws {
        guard count >= 1, pageSize >= 1 else { throw ValidationError("--count and --page-size must be at least 1") }
        guard iterations >= 1, baselineIterations >= 1 else { throw ValidationError("iterations must be at least 1") }
    }

    func run() async throws {
        let data = BenchData(count: count)
        let annotations = (0..<count).map {
            rich ? EncodeBenchmark.enriched(data.annotation($0)) : data.annotation($0)
        }
        let bodies = try stride(from: 0, to: count, by: pageSize).map { start in
            let changes = annotations[start..<min(start + pageSize, count)].enumerated().map {
                SyncChange(record: .annotation($1), changeTag: String(start + $0 + 1))
            }
            let page = SyncChangesPage(changes: changes, token: "t\(start)", moreComing: start + pageSize < count)
            return Data(try JSONWriter.bytes(of: page))
        }
        for body in bodies {
            let fast = try SyncTransport.decodeChangesKeepingRecords(body)
            guard fast.records != nil, fast.page == (try RealityJSON.decode(SyncChangesPage.self, from: body)) else {
                throw BenchError("the device's decoder and JSONDecoder disagree on a page")
            }
        }
        var ours = Samples()
        for _ in 0..<iterations {
            _ = try await ours.time {
                for body in bodies { _ = try SyncTransport.decodeChangesKeepingRecords(body) }
            }
        }
        var baseline = Samples()
        for _ in 0..<baselineIterations {
            _ = try await baseline.time {
                for body in bodies { _ = try RealityJSON.decode(SyncChangesPage.self, from: body) }
            }
        }
        try BenchOutput(json: json).report(
            BenchmarkReport(
                benchmark: rich ? "decode-rich" : "decode", count: count, ours: ours, baseline: baseline,
                baselineDescription: "RealityJSON.decode (Foundation's JSONDecoder) of the same pages",
                extra: [
                    "annotationsPerSecond": Double(count) / (ours.p50 / 1000),
                    "baselineAnnotationsPerSecond": Double(count) / (baseline.p50 / 1000),
                    "bytesPerAnnotation": Double(bodies.map(\.count).reduce(0, +)) / Double(count),
                ],
                targets: ["ratio": 3]))
    }
}
