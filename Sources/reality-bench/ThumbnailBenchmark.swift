import ArgumentParser
import Foundation
import RealityCore
import RealityProcess
import RealityServer

/// `reality-bench thumbnails` (issue 19): photos per second through the server's rendition
/// pipeline (``ImageRenderer``: one decode, a preview and a thumbnail, both written to files),
/// against Debian's `vipsthumbnail` making the same two renditions of the same photos (two runs
/// over them), in the same session, alternating. Also reported: `vipsthumbnail` making the preview
/// alone, the stricter comparison.
struct ThumbnailBenchmark: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "thumbnails",
        abstract: "Photos per second through the rendition pipeline, against vipsthumbnail on the same photos.")
    @Option(help: "Photos to make and render.") var count: Int = 50
    @Option(help: "Photo width in pixels (12 MP: 4000×3000).") var width: Int = 4_000
    @Option(help: "Photo height in pixels.") var height: Int = 3_000
    @Option(help: "Timed runs of each side, alternating.") var iterations: Int = 3
    @Flag(help: "Print one JSON object.") var json = false

    func validate() throws {
        guard count >= 1, iterations >= 1, width >= 16, height >= 16 else {
            throw ValidationError("--count and --iterations must be at least 1, the size at least 16 pixels")
        }
    }

    func run() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("reality-thumbs-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let photos = try makePhotos(in: directory)
        let output = directory.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        let renderer = ImageRenderer()
        let preview = "\(RenditionKind.preview.size)"
        let square = "\(RenditionKind.thumbnail.size)x\(RenditionKind.thumbnail.size)"
        func ours() throws {
            for photo in photos {
                let rendered = try renderer.renderNow(photo)
                let name = output.appendingPathComponent(URL(fileURLWithPath: photo).lastPathComponent).path
                try rendered.preview.data.write(to: URL(fileURLWithPath: name + "-p.webp"))
                try rendered.thumbnail.data.write(to: URL(fileURLWithPath: name + "-t.webp"))
            }
        }
        func vipsthumbnail(_ size: String, _ suffix: String, crop: Bool) throws {
            var arguments = ["-s", size, "-o", output.path + "/%s-v\(suffix).webp[Q=80,strip]"]
            if crop { arguments += ["-m", "centre"] }
            try Self.run("vipsthumbnail", arguments + photos)
        }
        try ours()
        try vipsthumbnail(preview, "p", crop: false)
        var oursSamples = Samples()
        var bothSamples = Samples()
        var previewSamples = Samples()
        for _ in 0..<iterations {
            try await oursSamples.time { try ours() }
            try await bothSamples.time {
                try vipsthumbnail(preview, "p", crop: false)
                try vipsthumbnail(square, "t", crop: true)
            }
            try await previewSamples.time { try vipsthumbnail(preview, "p", crop: false) }
        }
        let perSecond = { (samples: Samples) in Double(photos.count) / (samples.p50 / 1000) }
        try BenchOutput(json: json).report(
            BenchmarkReport(
                benchmark: "thumbnails", count: photos.count, ours: oursSamples, baseline: bothSamples,
                baselineDescription: "vipsthumbnail making the same preview and thumbnail (two runs over the photos)",
                extra: [
                    "photosPerSecond": perSecond(oursSamples),
                    "vipsthumbnailPhotosPerSecond": perSecond(bothSamples),
                    "vipsthumbnailPreviewOnlyPhotosPerSecond": perSecond(previewSamples),
                    "ratioToPreviewOnly": previewSamples.p50 / oursSamples.p50,
                    "megapixels": Double(width * height) / 1e6,
                ],
                targets: ["ratio": 0.8]))
    }

    /// `count` different JPEGs of `width`×`height`: a gradient under noise of its own seed, which
    /// compresses as a camera's photo does (a few MB at quality 85), written by libvips' tools.
    private func makePhotos(in directory: URL) throws -> [String] {
        func path(_ name: String) -> String { directory.appendingPathComponent(name).path }
        try Self.run("vips", ["xyz", path("xyz.v"), "\(width)", "\(height)"])
        try Self.run("vips", ["extract_band", path("xyz.v"), path("x.v"), "0"])
        try Self.run("vips", ["linear", path("x.v"), path("gradient.v"), "\(200.0 / Double(width))", "20"])
        return try (0..<count).map { index in
            let photo = path(String(format: "photo%03d.jpg", index))
            try Self.run(
                "vips",
                ["gaussnoise", path("noise.v"), "\(width)", "\(height)", "--sigma", "24", "--seed", "\(index + 1)"])
            try Self.run("vips", ["add", path("gradient.v"), path("noise.v"), path("mixed.v")])
            try Self.run("vips", ["cast", path("mixed.v"), path("grey.v"), "uchar"])
            try Self.run("vips", ["bandjoin", "\(path("grey.v")) \(path("grey.v")) \(path("grey.v"))", path("rgb.v")])
            try Self.run("vips", ["copy", path("rgb.v"), photo + "[Q=85]"])
            return photo
        }
    }

    /// Runs `tool` from PATH and waits; throws when it fails.
    private static func run(_ tool: String, _ arguments: [String]) throws {
        let child = try ChildProcess("/usr/bin/env", [tool] + arguments, input: .null, output: .null, error: .null)
        guard child.exitBlocking() == 0 else {
            throw BenchError("\(tool) failed (install Debian's libvips-tools): \(arguments.prefix(3))")
        }
    }
}
