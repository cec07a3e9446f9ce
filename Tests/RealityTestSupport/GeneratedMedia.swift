import Foundation
import RealityProcess

/// Real media files for the media pipeline's tests (issue 19), written by Debian's libvips tools
/// and ffmpeg (`.ci/run` installs both) into a temporary directory.
public enum GeneratedMedia {
    /// A failed tool.
    public struct ToolFailed: Error, CustomStringConvertible {
        public let description: String
    }

    /// A JPEG of `width`×`height` (a gradient, as a camera's would compress), optionally with an
    /// EXIF block giving `orientation` and a GPS latitude.
    public static func jpeg(width: Int, height: Int, orientation: UInt16? = nil, location: Bool = false) throws
        -> Data
    {
        let jpeg = try withScratch { directory in
            func path(_ name: String) -> String { directory.appendingPathComponent(name).path }
            let file = path("photo.jpg")
            try run("vips", ["xyz", path("xyz.v"), "\(width)", "\(height)"])
            try run("vips", ["extract_band", path("xyz.v"), path("x.v"), "0"])
            try run("vips", ["linear", path("x.v"), path("grey.v"), "\(255.0 / Double(width))", "0", "--uchar"])
            try run("vips", ["bandjoin", "\(path("grey.v")) \(path("grey.v")) \(path("grey.v"))", path("rgb.v")])
            try run("vips", ["copy", path("rgb.v"), file + "[Q=85,strip]"])
            return try Data(contentsOf: URL(fileURLWithPath: file))
        }
        guard orientation != nil || location else { return jpeg }
        // After the SOI marker, an APP1 "Exif" segment.
        return jpeg.prefix(2) + exif(orientation: orientation ?? 1, location: location) + jpeg.dropFirst(2)
    }

    /// A photo of `width`×`height` in the format of file extension `format` (`png`, `webp`,
    /// `gif`, `heic`, `jpg`), converted by libvips from ``jpeg(width:height:orientation:location:)``.
    public static func image(_ format: String, width: Int, height: Int) throws -> Data {
        let jpeg = try jpeg(width: width, height: height)
        return try withScratch { directory in
            let source = directory.appendingPathComponent("source.jpg")
            try jpeg.write(to: source)
            let file = directory.appendingPathComponent("image.\(format)").path
            try run("vips", ["copy", source.path, file])
            return try Data(contentsOf: URL(fileURLWithPath: file))
        }
    }

    /// `seconds` of a tone in the format of file extension `format` (`mp3`, `wav`, `ogg`,
    /// `m4a`), or with `video`, ffmpeg's test pattern too (`mov`, `mp4`), written by ffmpeg.
    public static func recording(_ format: String, seconds: Int, video: Bool = false) throws -> Data {
        try withScratch { directory in
            let file = directory.appendingPathComponent("recording.\(format)").path
            var arguments = ["-v", "error", "-y", "-f", "lavfi", "-i", "sine=frequency=330:duration=\(seconds)"]
            if video {
                arguments += [
                    "-f", "lavfi", "-i", "testsrc=size=320x240:rate=25:duration=\(seconds)", "-pix_fmt", "yuv420p",
                ]
            }
            try run("ffmpeg", arguments + [file])
            return try Data(contentsOf: URL(fileURLWithPath: file))
        }
    }

    /// A PNG of `width`×`height`.
    public static func png(width: Int, height: Int) throws -> Data {
        try withScratch { directory in
            let file = directory.appendingPathComponent("image.png").path
            try run("vips", ["black", file, "\(width)", "\(height)", "--bands", "3"])
            return try Data(contentsOf: URL(fileURLWithPath: file))
        }
    }

    /// A black JPEG of `width`×`height` (quick to write at any size; decoding it costs what any
    /// JPEG of that size costs).
    public static func blackJPEG(width: Int, height: Int) throws -> Data {
        try withScratch { directory in
            let file = directory.appendingPathComponent("black.jpg").path
            try run("vips", ["black", file + "[Q=75]", "\(width)", "\(height)", "--bands", "3"])
            return try Data(contentsOf: URL(fileURLWithPath: file))
        }
    }

    /// An MP4 video (H.264) of `seconds` seconds at `width`×`height`: ffmpeg's test pattern.
    public static func mp4(seconds: Int, width: Int, height: Int) throws -> Data {
        try withScratch { directory in
            let file = directory.appendingPathComponent("video.mp4").path
            try run(
                "ffmpeg",
                [
                    "-v", "error", "-y", "-f", "lavfi", "-i", "testsrc=size=\(width)x\(height):rate=25", "-t",
                    "\(seconds)", "-pix_fmt", "yuv420p", file,
                ])
            return try Data(contentsOf: URL(fileURLWithPath: file))
        }
    }

    /// An M4A (AAC) voice memo of `seconds` seconds: a tone.
    public static func m4a(seconds: Int) throws -> Data {
        try withScratch { directory in
            let file = directory.appendingPathComponent("memo.m4a").path
            try run(
                "ffmpeg",
                [
                    "-v", "error", "-y", "-f", "lavfi", "-i", "sine=frequency=440:duration=\(seconds)", "-c:a", "aac",
                    file,
                ])
            return try Data(contentsOf: URL(fileURLWithPath: file))
        }
    }

    /// The width and height libvips reads from an image's bytes.
    public static func size(of image: Data) throws -> (width: Int, height: Int) {
        try withScratch { directory in
            let file = directory.appendingPathComponent("image").path
            try image.write(to: URL(fileURLWithPath: file))
            let width = try run("vipsheader", ["-f", "width", file])
            let height = try run("vipsheader", ["-f", "height", file])
            guard let w = Int(width.trimmingCharacters(in: .whitespacesAndNewlines)),
                let h = Int(height.trimmingCharacters(in: .whitespacesAndNewlines))
            else { throw ToolFailed(description: "vipsheader said \(width) \(height)") }
            return (w, h)
        }
    }

    /// Every metadata field libvips reads from an image's bytes, one per line (`vipsheader -a`).
    public static func metadata(of image: Data) throws -> String {
        try withScratch { directory in
            let file = directory.appendingPathComponent("image").path
            try image.write(to: URL(fileURLWithPath: file))
            return try run("vipsheader", ["-a", file])
        }
    }

    /// `jpeg` with its frame header claiming `width`×`height` (a decompression bomb's header).
    public static func claimingSize(_ jpeg: Data, width: UInt16, height: UInt16) -> Data {
        var bytes = [UInt8](jpeg)
        // The baseline frame header: FF C0, length (2), precision (1), height (2), width (2).
        guard let at = (0..<bytes.count - 9).first(where: { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xC0 }) else {
            return jpeg
        }
        bytes[at + 5] = UInt8(height >> 8)
        bytes[at + 6] = UInt8(height & 0xFF)
        bytes[at + 7] = UInt8(width >> 8)
        bytes[at + 8] = UInt8(width & 0xFF)
        return Data(bytes)
    }

    /// An APP1 segment: EXIF (big-endian TIFF) with the orientation and, with `location`, a GPS
    /// block giving latitude 52°31′ N.
    private static func exif(orientation: UInt16, location: Bool) -> Data {
        var tiff = Data("MM".utf8) + be16(42) + be32(8)
        let entries = location ? 2 : 1
        let gpsOffset = UInt32(8 + 2 + entries * 12 + 4)
        tiff += be16(UInt16(entries))
        tiff += be16(0x0112) + be16(3) + be32(1) + be16(orientation) + be16(0)
        if location { tiff += be16(0x8825) + be16(4) + be32(1) + be32(gpsOffset) }
        tiff += be32(0)
        if location {
            let dataOffset = gpsOffset + 2 + 2 * 12 + 4
            tiff += be16(2)
            tiff += be16(0x0001) + be16(2) + be32(2) + Data("N".utf8) + Data([0, 0, 0])
            tiff += be16(0x0002) + be16(5) + be32(3) + be32(dataOffset)
            tiff += be32(0)
            for (numerator, denominator) in [(52, 1), (31, 1), (0, 1)] as [(UInt32, UInt32)] {
                tiff += be32(numerator) + be32(denominator)
            }
        }
        let payload = Data("Exif".utf8) + Data([0, 0]) + tiff
        return Data([0xFF, 0xE1]) + be16(UInt16(payload.count + 2)) + payload
    }

    private static func be16(_ value: UInt16) -> Data { Data([UInt8(value >> 8), UInt8(value & 0xFF)]) }
    private static func be32(_ value: UInt32) -> Data {
        Data([UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)])
    }

    private static func withScratch<T>(_ body: (URL) throws -> T) throws -> T {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("reality-media-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        return try body(directory)
    }

    /// Runs `tool` from PATH; answers its standard output.
    @discardableResult
    private static func run(_ tool: String, _ arguments: [String]) throws -> String {
        let child = try ChildProcess("/usr/bin/env", [tool] + arguments, input: .null, output: .pipe, error: .pipe)
        // The tools print little on standard error; read standard output to its end first.
        let out = child.standardOutput?.readDataToEndOfFile() ?? Data()
        let err = child.standardError?.readDataToEndOfFile() ?? Data()
        guard child.exitBlocking() == 0 else {
            throw ToolFailed(
                description: "\(tool) \(arguments.joined(separator: " ")): \(String(decoding: err, as: UTF8.self))")
        }
        return String(decoding: out, as: UTF8.self)
    }
}
