import Foundation
import Logging
import Testing

@testable import RealityServer

/// The server's log lines: one per event, parseable back into the same pairs.
@Suite struct LineLogHandlerTests {
    private func logger(_ output: LogOutput, level: Logger.Level = .info) -> Logger {
        Logger(label: "reality.test") { LineLogHandler(label: $0, level: level, output: output) }
    }

    @Test func aLine_hasTimestampLevelLabelSortedMetadataSourceAndMessage() throws {
        let output = LogOutput.memory()
        var logger = logger(output)
        logger[metadataKey: "request.id"] = "abc-1"
        logger.info("request", metadata: ["http.status": "200", "http.method": "GET"], source: "RealityServer")
        let line = try #require(output.lines.first)
        #expect(output.lines.count == 1)
        let pattern = #/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z /#
        #expect(line.prefixMatch(of: pattern) != nil, "\(line)")
        #expect(
            line.hasSuffix(
                " info reality.test: http.method=GET http.status=200 request.id=abc-1 [RealityServer] request"),
            "\(line)")
    }

    @Test func theTimestamp_isUTC_withMilliseconds() {
        let date = Date(timeIntervalSince1970: 1_795_312_047.123_9)
        let line = LogLine.format(date: date, level: .warning, label: "", metadata: [:], source: "S", message: "m")
        #expect(line == "2026-11-22T01:47:27.123Z warning: [S] m\n")
    }

    @Test(arguments: [
        ("plain", "plain"), ("two words", #""two words""#), ("a=b", #""a=b""#), (#"say "hi""#, #""say \"hi\"""#),
        (#"back\slash"#, #""back\\slash""#), ("line\nbreak", #""line\nbreak""#), ("", #""""#),
        ("tab\there", #""tab\there""#), ("bell\u{7}", #""bell\u{7}""#), ("é ü", #""é ü""#),
    ])
    func values_areQuotedAndEscaped_whenTheyWouldNotParseBack(value: String, written: String) {
        var line = LogLine()
        line.appendValue(value)
        #expect(String(decoding: line.bytes, as: UTF8.self) == written)
    }

    @Test func aMessage_staysOnOneLine() {
        let output = LogOutput.memory()
        logger(output).error("first\nsecond\r\nthird")
        #expect(output.lines.count == 1)
        #expect(output.lines[0].hasSuffix(#"first\nsecond\r\nthird"#), "\(output.lines)")
    }

    @Test func nestedValues_andErrors_areWritten() {
        let output = LogOutput.memory()
        logger(output).warning(
            "failed", error: TestError(), metadata: ["list": ["a", "b"], "map": ["k": "v"]],
            source: "RealityServer")
        let line = output.lines.first ?? ""
        #expect(
            line.contains(#" error="the test's error" list="[a, b]" map="[k: v]" [RealityServer] failed"#), "\(line)")
    }

    @Test func eventsBelowTheLevel_areNotWritten() {
        let output = LogOutput.memory()
        let logger = logger(output, level: .warning)
        logger.info("quiet")
        logger.debug("quieter")
        logger.warning("loud")
        #expect(output.lines.count == 1)
        #expect(output.lines.first?.hasSuffix("loud") == true)
    }

    @Test func explicitMetadata_overridesTheLoggers_andTheProvidersIsIncluded() {
        let output = LogOutput.memory()
        let provider = Logger.MetadataProvider { ["trace": "t1", "key": "provided"] }
        var logger = Logger(label: "p") {
            LineLogHandler(label: $0, level: .info, output: output, metadataProvider: provider)
        }
        logger[metadataKey: "key"] = "own"
        logger.info("m", metadata: ["key": "explicit"], source: "S")
        #expect(output.lines.first?.hasSuffix("p: key=explicit trace=t1 [S] m") == true, "\(output.lines)")
    }

    @Test func aKeyGivenTwice_isWrittenOnce_withTheLastValue() {
        var fields = LogFields()
        fields.add(["b": "1", "a": "1", "c": "1"])
        fields.add(["c": "2", "d": "2"])
        fields.add("a", "3")
        fields.add("c", "3")
        var written: [String] = []
        fields.forEachSorted { field in
            var line = LogLine()
            line.appendValue(field.pointee.value)
            written.append("\(field.pointee.key)=" + String(decoding: line.bytes, as: UTF8.self))
        }
        #expect(written == ["a=3", "b=1", "c=3", "d=2"])
    }

    @Test(arguments: [
        (0, "0"), (7, "7"), (200, "200"), (-42, "-42"), (Int.max, "9223372036854775807"),
        (Int.min, "-9223372036854775808"),
    ])
    func integers_areWrittenInDecimal(value: Int, text: String) {
        var line = LogLine()
        line.appendValue(.integer(value))
        #expect(String(decoding: line.bytes, as: UTF8.self) == text)
    }

    @Test func aRequestLine_isTheLineItsMetadataMakes_throughAnyHandler() throws {
        let request = RequestLine(
            method: "GET", path: "/api/v1/a b", route: "/api/v1/{id}", status: 404,
            duration: .milliseconds(3) + .microseconds(7))
        let output = LogOutput.memory()
        let provider = Logger.MetadataProvider { ["trace": "t1", "http.status": "provided"] }
        var direct = Logger(label: "reality.server") {
            LineLogHandler(label: $0, level: .info, output: output, metadataProvider: provider)
        }
        direct[metadataKey: "hb.request.id"] = "r-1"
        direct[metadataKey: "user.id"] = "u-1"
        // Straight from the fields; then the same metadata through swift-log's path; then through a
        // handler that is not a LineLogHandler, which takes that path too.
        request.log(to: direct)
        direct.info("request", metadata: request.metadata, source: "RealityServer")
        var multiplexed = Logger(label: "reality.server") { label in
            MultiplexLogHandler([LineLogHandler(label: label, level: .info, output: output, metadataProvider: provider)]
            )
        }
        multiplexed[metadataKey: "hb.request.id"] = "r-1"
        multiplexed[metadataKey: "user.id"] = "u-1"
        request.log(to: multiplexed)
        let lines = output.lines.map { $0.drop(while: { $0 != " " }) }
        try #require(lines.count == 3)
        #expect(lines[0] == lines[1])
        #expect(lines[0] == lines[2])
        #expect(
            lines[0]
                == #" info reality.server: hb.request.id=r-1 http.duration_ms=3.007 http.method=GET http.path="/api/v1/a b" http.route=/api/v1/{id} http.status=404 trace=t1 user.id=u-1 [RealityServer] request"#
        )
    }

    @Test func aRequestLine_belowTheLevel_isNotWritten() {
        let output = LogOutput.memory()
        let request = RequestLine(method: "GET", path: "/", route: "/", status: 200, duration: .zero)
        request.log(to: logger(output, level: .notice))
        #expect(output.lines.isEmpty)
    }

    @Test(arguments: [
        (Duration.zero, "0.000"), (.microseconds(590), "0.590"), (.microseconds(7), "0.007"),
        (.milliseconds(12) + .microseconds(45), "12.045"), (.seconds(3) + .nanoseconds(999), "3000.000"),
    ])
    func durations_areMilliseconds_withThreeDecimals(duration: Duration, text: String) {
        #expect(LogLine.milliseconds(duration) == text)
    }

    private struct TestError: Error, CustomStringConvertible {
        var description: String { "the test's error" }
    }
}
