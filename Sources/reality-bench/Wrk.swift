import Foundation
import RealityCore

/// Runs `wrk` (Debian's package `wrk`) from a second process and reads its summary.
enum Wrk {
    struct Result: Decodable {
        var requests: Int
        var durationMicroseconds: Double
        var p50Microseconds: Double
        var p99Microseconds: Double
        var errors: Int
        var non2xx: Int

        var requestsPerSecond: Double { Double(requests) / (durationMicroseconds / 1e6) }
    }

    /// Loads `url` for `seconds` with `connections`; with `rate`, requests are sent on a schedule
    /// of `rate` per second (see ``pacing(rate:threads:)``).
    static func run(
        url: String, header: String?, connections: Int, threads: Int, seconds: Int, rate: Double? = nil
    ) async throws -> Result {
        // wrk runs for seconds: wait for it on a Dispatch thread, never on one that runs tasks
        // (with the server's tasks on its event loops, this would stop a loop).
        try await onDispatchThread {
            try runBlocking(
                url: url, header: header, connections: connections, threads: threads, seconds: seconds, rate: rate)
        }
    }

    /// A wrk script that sends `rate` requests per second in all. Each wrk thread keeps one
    /// schedule (its connections share its Lua state): every request takes the next slot, one
    /// `threads / rate` after the last, and waits for it. A fixed delay per connection would not
    /// do: a connection sends again only after its answer and then the delay, so the rate would
    /// fall as latency grows, and the tail would be measured at a lighter load than asked for.
    private static func pacing(rate: Double, threads: Int) -> String {
        """
        local ffi = require("ffi")
        ffi.cdef[[
        typedef struct { long tv_sec; long tv_nsec; } reality_timespec;
        int clock_gettime(int clock, reality_timespec *ts);
        ]]
        local now = ffi.new("reality_timespec")
        local function milliseconds()
          ffi.C.clock_gettime(1, now)
          return tonumber(now.tv_sec) * 1000 + tonumber(now.tv_nsec) / 1e6
        end
        local interval = \(Double(threads) / rate * 1000)
        local slot = nil
        function delay()
          local t = milliseconds()
          if slot == nil then slot = t end
          local wait = slot - t
          slot = slot + interval
          if wait < 0 then return 0 end
          return wait
        end

        """
    }

    private static func runBlocking(
        url: String, header: String?, connections: Int, threads: Int, seconds: Int, rate: Double?
    ) throws -> Result {
        let script = FileManager.default.temporaryDirectory.appendingPathComponent("reality-wrk-\(UUID()).lua")
        var lua = ""
        if let rate { lua += pacing(rate: rate, threads: threads) }
        lua += """
            done = function(summary, latency, requests)
              local non2xx = summary.errors.status or 0
              local errors = (summary.errors.connect or 0) + (summary.errors.read or 0) + (summary.errors.write or 0) + (summary.errors.timeout or 0)
              io.write(string.format('WRKJSON {"requests":%d,"durationMicroseconds":%d,"p50Microseconds":%d,"p99Microseconds":%d,"errors":%d,"non2xx":%d}\\n',
                summary.requests, summary.duration, latency:percentile(50), latency:percentile(99), errors, non2xx))
            end
            """
        try lua.write(to: script, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: script) }
        var arguments = ["-t\(threads)", "-c\(connections)", "-d\(seconds)s", "-s", script.path]
        if let header { arguments += ["-H", header] }
        arguments.append(url)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["wrk"] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0,
            let line = String(decoding: output, as: UTF8.self).split(separator: "\n").first(where: {
                $0.hasPrefix("WRKJSON ")
            })
        else { throw BenchError("wrk failed (install Debian's wrk): \(String(decoding: output, as: UTF8.self))") }
        return try JSONDecoder().decode(Result.self, from: Data(line.dropFirst("WRKJSON ".count).utf8))
    }
}
