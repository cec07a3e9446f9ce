import ArgumentParser
import Foundation
import Logging
import RealityCore
import RealityStore
import RealitySync

/// `reality-bench livemedia` (issue 19): how long a photo annotation made on one device takes to
/// reach another device's disk, bytes and all, with the second device watching over the events
/// WebSocket, against the floor of sending the same bytes up and down with nothing else around.
struct LiveMediaBenchmark: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "livemedia", abstract: "Latency from a photo made on one device to its file on another.")
    @Option(help: "Photos to time.") var count: Int = 30
    @Option(help: "Untimed photos before the measurement.") var warmup: Int = 3
    @Option(help: "Bytes per photo.") var bytes: Int = 2_000_000
    @Option(help: "Run the server on this PostgreSQL URL instead of SQLite.") var postgres: String?
    @Option(help: "Port of the server.") var port: Int = 18_187
    @Flag(help: "Print one JSON object.") var json = false

    func validate() throws {
        guard count >= 1, bytes >= 1_024 else { throw ValidationError("--count ≥ 1 and --bytes ≥ 1024") }
    }

    func run() async throws {
        let server = try await BenchServer.start(port: port, postgres: postgres, name: "livemedia")
        defer { server.stop() }
        let user = try await BenchUser.make(server.client, admin: BenchServer.adminToken, name: "livemedia")
        let phone = try await BenchDevice.signIn(user, server: server, name: "livemedia-phone")
        let tablet = try await BenchDevice.signIn(user, server: server, name: "livemedia-tablet")
        let files = FileManager.default.temporaryDirectory.appendingPathComponent("reality-livemedia-\(UUID())")
        try FileManager.default.createDirectory(at: files, withIntermediateDirectories: true)
        defer {
            phone.remove()
            tablet.remove()
            try? FileManager.default.removeItem(at: files)
        }
        try await phone.engine.sync()
        var logger = Logger(label: "reality.bench")
        logger.logLevel = .warning
        let service = SyncService(
            engine: tablet.engine, events: LiveEventsClient(serverURL: server.url, token: tablet.token, logger: logger),
            reconnect: RetryPolicy(base: 0.05, cap: 0.5, maxRetries: nil), logger: logger)
        var generator = SplitMix64(seed: 19)
        let photo = Photo(directory: files, bytes: bytes)
        let ours = try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await service.run() }
            try await Task.sleep(for: .milliseconds(500))  // the socket registered
            var samples = Samples()
            for index in 0..<(warmup + count) {
                let file = try photo.write(&generator)
                let start = ContinuousClock.now
                try await phone.store.registerMedia(file.deviceMedia)
                _ = try await phone.services.annotationService().createAnnotation(
                    content: AnnotationContent(mediaURL: URL(fileURLWithPath: file.path), cloudAssetID: file.sha256),
                    type: .photo, position: SIMD3(Float(index), 0, 0), layerID: user.layerID)
                _ = try await phone.engine.push()
                try await Self.waitForFile(file.sha256, on: tablet, index: index)
                if index >= warmup { samples.appendValue((ContinuousClock.now - start).milliseconds) }
            }
            group.cancelAll()
            return samples
        }
        // The floor: the same amount of new bytes up from one device and down to the other.
        var baseline = Samples()
        let down = files.appendingPathComponent("down", isDirectory: true)
        for index in 0..<(warmup + count) {
            let file = try photo.write(&generator)
            let start = ContinuousClock.now
            _ = try await phone.engine.serverTransport.uploadAsset(path: file.path)
            _ = try await tablet.engine.serverTransport.downloadAsset(sha256: file.sha256, into: down)
            if index >= warmup { baseline.appendValue((ContinuousClock.now - start).milliseconds) }
        }
        try BenchOutput(json: json).report(
            BenchmarkReport(
                benchmark: "livemedia", count: count, ours: ours, baseline: baseline,
                baselineDescription: "the same number of new bytes uploaded from the phone and downloaded to the "
                    + "tablet directly (POST and GET /api/v1/assets, no records, no sync); ours is from the start of "
                    + "the create on the phone (media registered, annotation made, pushed with its upload) until "
                    + "the tablet, watching over the events socket, has the file on disk, polled every 1 ms",
                extra: ["bytes": Double(bytes), "warmup": Double(warmup)],
                targets: ["p50Ms": 150]))
    }

    /// Waits (up to ten seconds) until the tablet has the bytes of `sha256` in a file.
    static func waitForFile(_ sha256: String, on tablet: BenchDevice, index: Int) async throws {
        let deadline = ContinuousClock.now + .seconds(10)
        while try await tablet.store.media(sha256: sha256)?.path == nil {
            guard ContinuousClock.now < deadline else { throw BenchError("photo \(index) did not reach the tablet") }
            try await Task.sleep(for: .milliseconds(1))
        }
    }

    /// Photo-sized files of random bytes behind a PNG signature.
    struct Photo {
        let directory: URL
        let bytes: Int

        func write(_ generator: inout SplitMix64) throws -> MediaFile {
            var data = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
            data.reserveCapacity(bytes)
            while data.count < bytes {
                var word = generator.next()
                withUnsafeBytes(of: &word) { data.append(contentsOf: $0) }
            }
            let url = directory.appendingPathComponent("photo-\(UUID().uuidString).png")
            try data.prefix(bytes).write(to: url)
            return try MediaFile.inspect(path: url.path)
        }
    }
}
