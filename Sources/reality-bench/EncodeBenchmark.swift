import ArgumentParser
import Foundation
import RealityCore

/// `reality-bench encode`: the JSON text of `--count` annotations written by `JSONWriter`, against
/// `RealityJSON.encode` (Foundation's `JSONEncoder`) of the same array; both must agree byte for
/// byte before anything is timed.
struct EncodeBenchmark: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "encode", abstract: "Annotations per second written as JSON by JSONWriter and by JSONEncoder.")
    @Option(help: "Annotations per encoding.") var count: Int = 10_000
    @Option(help: "Encodings to time with JSONWriter.") var iterations: Int = 30
    @Option(help: "Encodings to time with JSONEncoder.") var baselineIterations: Int = 10
    @Flag(help: "Give every annotation grants, rules, a reaction, an attachment and a comment.") var rich = false
    @Flag(help: "Print one JSON object.") var json = false

    func validate() throws {
        guard count >= 1 else { throw ValidationError("--count must be at least 1") }
        guard iterations >= 1, baselineIterations >= 1 else { throw ValidationError("iterations must be at least 1") }
    }

    func run() async throws {
        let data = BenchData(count: count)
        let annotations = (0..<count).map { rich ? Self.enriched(data.annotation($0)) : data.annotation($0) }
        let written = try JSONWriter.bytes(of: annotations)
        guard Data(written) == (try RealityJSON.encode(annotations)) else {
            throw BenchError("JSONWriter and JSONEncoder disagree on the annotations")
        }
        for _ in 0..<3 { _ = try JSONWriter.bytes(of: annotations) }
        var ours = Samples()
        for _ in 0..<iterations { _ = try await ours.time { try JSONWriter.bytes(of: annotations) } }
        var baseline = Samples()
        for _ in 0..<baselineIterations { _ = try await baseline.time { try RealityJSON.encode(annotations) } }
        try BenchOutput(json: json).report(
            BenchmarkReport(
                benchmark: rich ? "encode-rich" : "encode", count: count, ours: ours, baseline: baseline,
                baselineDescription: "RealityJSON.encode (Foundation's JSONEncoder) of the same array",
                extra: [
                    "annotationsPerSecond": Double(count) / (ours.p50 / 1000),
                    "baselineAnnotationsPerSecond": Double(count) / (baseline.p50 / 1000),
                    "bytesPerAnnotation": Double(written.count) / Double(count), "baselineNoise": baseline.noise,
                ],
                targets: ["ratio": 5]))
    }

    /// `annotation` with a grant that expires, time, recurrence and location rules, a reaction, an
    /// attachment and a comment, as a shared annotation in active use carries.
    static func enriched(_ annotation: Annotation) -> Annotation {
        var annotation = annotation
        let friend = UserID(UUID(uuid: (9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9)))
        let later = annotation.createdAt.addingTimeInterval(86_400)
        annotation.permissions = [
            Permission(
                userID: friend, level: .editor, grantedBy: annotation.ownerID, grantedAt: annotation.createdAt,
                expiresAt: later)
        ]
        annotation.visibilityRules = VisibilityRules(
            timeRules: [
                TimeRule(type: .timeRange, startTime: annotation.createdAt, endTime: later),
                TimeRule(
                    type: .recurring, startTime: annotation.createdAt,
                    recurrence: RecurrenceRule(
                        frequency: .weekly, interval: 2, daysOfWeek: [2, 4, 6],
                        timeOfDay: TimeOfDay(hour: 22, minute: 30, endHour: 6, endMinute: 0), timeZone: "Europe/Berlin")
                ),
            ],
            locationRules: [LocationRule(type: .proximity, radiusMeters: 12.5)], expiresAt: later, expiresAfterViews: 50
        )
        annotation.reactions = [Reaction(emoji: "👍", userID: friend, createdAt: later)]
        annotation.attachments = [
            Attachment(
                fileName: "photo.heic", fileType: "image/heic", fileSize: 2_345_678,
                cloudAssetID: String(repeating: "ab", count: 32), uploadedAt: later)
        ]
        annotation.comments = [
            Comment(
                text: "Seen it \"today\" — fixed?", authorID: friend, authorName: "Bo",
                annotationID: annotation.id, createdAt: later)
        ]
        annotation.viewedBy = [friend]
        annotation.viewCount = 3
        return annotation
    }
}
