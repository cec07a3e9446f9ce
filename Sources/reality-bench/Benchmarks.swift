import ArgumentParser
import Foundation
import RealityCore
@_spi(Benchmarks) import RealityStore

/// Opens the benchmark store, filling it through the real write path when it is not full yet.
enum BenchStore {
    static func prepared(_ options: BenchOptions) async throws -> (SQLiteServerStore, BenchData) {
        let data = BenchData(count: options.count)
        do {
            // The store that answers the count serves the queries, its caches warm; when it is not
            // full, it is closed (it goes out of scope) before its files are removed.
            let store = try SQLiteServerStore.open(path: options.storePath)
            if try await store.annotationCount(ownedBy: data.owner) == options.count { return (store, data) }
        }
        SQLiteServerStore.removeFiles(at: options.storePath)
        let fresh = try SQLiteServerStore.open(path: options.storePath)
        try await fill(fresh, data: data)
        return (fresh, data)
    }

    /// Commits the data in batches of 1,000, each batch one transaction; returns each batch's time.
    @discardableResult
    static func fill(_ store: some ChangeCommitting, data: BenchData, batch: Int = 1_000) async throws -> Samples {
        try await data.setup(store)
        var samples = Samples()
        var start = 0
        while start < data.count {
            let end = min(start + batch, data.count)
            let changes = ChangeSet(changes: (start..<end).map { .saveAnnotation(data.annotation($0)) })
            try await samples.time { try await store.commit(changes) }
            start = end
        }
        return samples
    }
}

/// `reality-bench nearby`: R*Tree nearby search against the same query scanning the table.
struct NearbyBenchmark: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "nearby")
    @OptionGroup var options: BenchOptions
    @Option(help: "Search radius, metres.") var radius: Float = 10
    @Option(help: "Indexed queries to time.") var iterations: Int = 2_000
    @Option(help: "Baseline (table scan) queries to time.") var baselineIterations: Int = 10

    func run() async throws {
        let (store, data) = try await BenchStore.prepared(options)
        func query(_ index: Int) -> AnnotationQuery {
            AnnotationQuery(
                viewer: data.owner, near: .init(center: BenchData.queryPoint(index), radius: radius),
                order: .nearestFirst, limit: AnnotationQuery.maxLimit)
        }
        for index in 0..<200 { _ = try await store.annotations(matching: query(index)) }
        var ours = Samples()
        var found = 0
        for index in 0..<iterations {
            found += try await ours.time { try await store.annotations(matching: query(index)) }.count
        }
        var baseline = Samples()
        for index in 0..<baselineIterations {
            let expected = try await store.annotations(matching: query(index)).map(\.id)
            let scanned = try await baseline.time { try await store.scanAnnotations(matching: query(index)) }
            guard scanned.map(\.id) == expected else {
                throw ValidationError("baseline and index disagree on query \(index)")
            }
        }
        try options.report(
            BenchmarkReport(
                benchmark: "nearby", count: data.count, ours: ours, baseline: baseline,
                baselineDescription: "the same query without the R*Tree (table scan with the distance predicate)",
                extra: ["radiusMeters": Double(radius), "meanResults": Double(found) / Double(iterations)],
                targets: ["p50Ms": 0.3, "ratio": 500]))
    }
}

/// `reality-bench search`: FTS5 top 20 against the seed's lowercase-contains scan.
struct SearchBenchmark: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "search")
    @OptionGroup var options: BenchOptions
    @Option(help: "Indexed searches to time per term.") var iterations: Int = 500
    @Option(help: "Baseline scans to time.") var baselineIterations: Int = 5

    func run() async throws {
        let (store, data) = try await BenchStore.prepared(options)
        func query(_ term: String) -> AnnotationQuery {
            AnnotationQuery(viewer: data.owner, text: term, order: .relevance, limit: 20)
        }
        var rare = Samples()
        var common = Samples()
        for _ in 0..<20 { _ = try await store.annotations(matching: query(BenchData.rareTerm)) }
        var rareFound = 0
        for _ in 0..<iterations {
            rareFound = try await rare.time { try await store.annotations(matching: query(BenchData.rareTerm)) }.count
        }
        for _ in 0..<max(iterations / 10, 10) {
            _ = try await common.time { try await store.annotations(matching: query(BenchData.commonTerm)) }
        }
        var baseline = Samples()
        for _ in 0..<baselineIterations {
            let scanned = try await baseline.time {
                try await store.scanAnnotations(matching: query(BenchData.rareTerm))
            }
            guard Set(scanned.map(\.id)).count == rareFound else {
                throw ValidationError("baseline found \(scanned.count) rows for the rare term, the index \(rareFound)")
            }
        }
        try options.report(
            BenchmarkReport(
                benchmark: "search", count: data.count, ours: rare, baseline: baseline,
                baselineDescription: "the seed's lowercase-contains match, as a table scan in SQL",
                extra: [
                    "rareTermResults": Double(rareFound), "commonTermP50Ms": common.p50, "commonTermP99Ms": common.p99,
                    "commonTermRows": Double(data.count / 50),
                ],
                targets: ["p50Ms": 1, "commonTermP50Ms": 30, "ratio": 100]))
    }
}

/// `reality-bench insert`: batches of 1,000 through the store's commit (R*Tree, FTS5 maintained)
/// against one transaction per annotation.
struct InsertBenchmark: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "insert")
    @OptionGroup var options: BenchOptions
    @Option(help: "Annotations the baseline inserts one transaction each.") var baselineCount: Int = 2_000

    func run() async throws {
        let data = BenchData(count: options.count)
        let path = options.storePath + ".insert"
        DeviceStore.removeFiles(at: path)
        let store = try DeviceStore.open(path: path)
        let batches = try await BenchStore.fill(store, data: data)
        let seconds = batches.milliseconds.reduce(0, +) / 1000
        let baselineStore = try DeviceStore.open(path: path + ".baseline")
        try await data.setup(baselineStore)
        var single = Samples()
        for index in 0..<baselineCount {
            try await single.time {
                try await baselineStore.commit(ChangeSet(changes: [.saveAnnotation(data.annotation(index))]))
            }
        }
        var perBatch = Samples()
        for value in single.milliseconds.chunked(1_000) { perBatch.appendValue(value.reduce(0, +)) }
        for file in [path, path + ".baseline"] { DeviceStore.removeFiles(at: file) }
        try options.report(
            BenchmarkReport(
                benchmark: "insert", count: data.count, ours: batches, baseline: perBatch,
                baselineDescription: "one transaction per annotation (a save per call), per 1,000 annotations",
                extra: ["annotationsPerSecond": Double(data.count) / seconds, "commitSeconds": seconds],
                targets: ["annotationsPerSecond": 100_000]))
    }
}

extension Array {
    func chunked(_ size: Int) -> [ArraySlice<Element>] {
        stride(from: 0, to: count, by: size).map { self[$0..<Swift.min($0 + size, count)] }
    }
}
