import Foundation
import RealityCore
import RealityProcess

/// Video and audio through Debian's ffmpeg and ffprobe, run as processes (issue 19): a video's
/// poster frame, and the duration and picture size of audio and video files.
struct MediaProbe: Sendable {
    /// The longest a tool may run before it is stopped.
    var timeout: Duration = .seconds(120)

    /// Writes a representative frame from the first seconds of the video at `path` (ffmpeg's
    /// `thumbnail` filter, which skips black and blurred frames) to `output` as PNG.
    func posterFrame(of path: String, to output: String) async throws {
        _ = try await run(
            "ffmpeg",
            [
                "-nostdin", "-v", "error", "-y", "-i", path, "-vf", "thumbnail=50", "-frames:v", "1", "-f", "image2",
                "-c:v", "png", output,
            ])
    }

    /// The duration, and for video the picture size, of the file at `path`.
    func facts(of path: String) async throws -> MediaFacts {
        let output = try await run(
            "ffprobe",
            [
                "-v", "error", "-print_format", "json", "-show_entries",
                "format=duration:stream=codec_type,width,height",
                path,
            ])
        let probe = try JSONDecoder().decode(Probe.self, from: output)
        let video = probe.streams?.first { $0.codecType == "video" }
        return MediaFacts(
            width: video?.width, height: video?.height, durationSeconds: probe.format?.duration.flatMap(Double.init))
    }

    /// What ffprobe prints.
    private struct Probe: Decodable {
        struct Stream: Decodable {
            let codecType: String?
            let width: Int?
            let height: Int?

            enum CodingKeys: String, CodingKey {
                case codecType = "codec_type"
                case width, height
            }
        }
        struct Format: Decodable {
            let duration: String?
        }
        let streams: [Stream]?
        let format: Format?
    }

    /// Runs `tool` (found on `PATH`) with `arguments`, answering its standard output; throws
    /// ``RenditionFailure/unreadable(_:)`` with its standard error when it fails, and
    /// ``MediaToolMissing`` when it is not installed. Killed past ``timeout``.
    private func run(_ tool: String, _ arguments: [String]) async throws -> Data {
        let child = try ChildProcess("/usr/bin/env", [tool] + arguments, input: .null, output: .pipe, error: .pipe)
        let timer = Task {
            try await Task.sleep(for: timeout)
            child.send(SIGKILL)
        }
        defer { timer.cancel() }
        // Both pipes are read to their ends before waiting, so that a chatty tool never blocks on
        // a full pipe.
        async let outData = Self.readToEnd(child.standardOutput)
        async let errorData = Self.readToEnd(child.standardError)
        let (stdout, stderr) = await (outData, errorData)
        let status = try await child.exit()
        // `env` answers 127 when it cannot find the tool.
        if status == 127 { throw MediaToolMissing(tool: tool) }
        guard status == 0 else {
            let message = String(decoding: stderr.prefix(400), as: UTF8.self)
            throw RenditionFailure.unreadable("\(tool) exited with \(status): \(message)")
        }
        return stdout
    }

    private static func readToEnd(_ handle: FileHandle?) async -> Data {
        guard let handle else { return Data() }
        return await withCheckedContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(returning: handle.readDataToEndOfFile()) }
        }
    }
}

/// ffmpeg or ffprobe is not installed (Debian's `ffmpeg` package has both); the job waits and
/// tries again, as an operator may install it.
struct MediaToolMissing: Error, CustomStringConvertible {
    let tool: String
    var description: String { "\(tool) is not installed (Debian's ffmpeg package)" }
}
