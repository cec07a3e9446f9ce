import Foundation
import Logging
import Synchronization

/// Writes each log event as one line: UTC timestamp with milliseconds, level, label, metadata as
/// sorted `key=value` pairs, the source module in brackets, then the message.
///
///     2026-11-22T01:37:27.123Z info reality.server: http.status=200 request.id=… [RealityServer] request
///
/// A value with a space, `=`, a quote, a backslash or a control character is quoted and escaped,
/// so a line always parses back into the same pairs and no value can start a line of its own.
///
/// Every request logs one line, so the handler does little work per event: metadata is kept as
/// given and formatted only when a line is written, its sources are merged in one sorted list
/// rather than in dictionaries, the line is built as bytes, the timestamp comes from `gmtime_r`
/// (no time zone file is read), and the line goes out in one `write(2)`.
public struct LineLogHandler: LogHandler {
    public var metadata: Logger.Metadata = [:]
    public var metadataProvider: Logger.MetadataProvider?
    public var logLevel: Logger.Level
    private let label: String
    private let output: LogOutput

    /// A handler labelled `label` writing to standard error the events at `level` or above.
    public init(label: String, level: Logger.Level = .info, metadataProvider: Logger.MetadataProvider? = nil) {
        self.init(label: label, level: level, output: .standardError, metadataProvider: metadataProvider)
    }

    /// A handler writing its lines to `output` (tests read them back).
    public init(
        label: String, level: Logger.Level, output: LogOutput, metadataProvider: Logger.MetadataProvider? = nil
    ) {
        self.label = label
        self.logLevel = level
        self.output = output
        self.metadataProvider = metadataProvider
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        var fields = ownFields()
        if let explicit = event.metadata { fields.add(explicit) }
        if let error = event.error { fields.add("error", .string("\(error)")) }
        output.emit(
            LogLine.format(
                date: Date(), level: event.level, label: label, fields: fields, source: event.source,
                message: event.message.description))
    }

    /// Writes a request's line straight from its fields (see ``RequestLine``).
    func log(_ request: RequestLine) {
        var fields = ownFields()
        request.addFields(to: &fields)
        output.emit(
            LogLine.format(
                date: Date(), level: .info, label: label, fields: fields, source: RequestLine.source,
                message: RequestLine.message))
    }

    /// The fields every line starts from: the handler's metadata, then the provider's.
    private func ownFields() -> LogFields {
        var fields = LogFields()
        fields.add(metadata)
        if let provided = metadataProvider?.get() { fields.add(provided) }
        return fields
    }
}

/// Where a ``LineLogHandler`` writes: standard error, or (in tests) memory.
public final class LogOutput: Sendable {
    /// The file descriptor written to; nil keeps the lines in ``lines``.
    private let descriptor: Int32?
    private let kept = Mutex<[String]>([])

    private init(descriptor: Int32?) { self.descriptor = descriptor }

    /// The process's standard error.
    public static let standardError = LogOutput(descriptor: STDERR_FILENO)

    /// Lines kept in memory, for ``lines``.
    public static func memory() -> LogOutput { LogOutput(descriptor: nil) }

    /// The lines written so far to a memory output (empty for standard error), without their
    /// line feeds.
    public var lines: [String] { kept.withLock { $0 } }

    func emit(_ line: LogLine) {
        guard let descriptor else {
            kept.withLock { $0.append(String(decoding: line.bytes.dropLast(), as: UTF8.self)) }
            return
        }
        line.bytes.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if written > 0 {
                    offset += written
                } else if written < 0, errno == EINTR {
                    continue
                } else {
                    return  // Nowhere to report a failed log write; the line is dropped.
                }
            }
        }
    }
}
