import Foundation
import Testing

@testable import RealityCore

/// One annotation to write, with what the case is about.
struct WriterCase: Sendable, CustomTestStringConvertible {
    let name: String
    let annotation: Annotation
    var testDescription: String { name }
}

/// Annotations written by ``JSONWriter`` must read back as themselves and match
/// `RealityJSON.encode` byte for byte, so that the server can send either.
@Suite struct JSONWriterAnnotationTests {
    static let cases: [WriterCase] =
        [
            WriterCase(name: "minimal", annotation: minimal()),
            WriterCase(name: "fully populated", annotation: Fixtures.annotation()),
            WriterCase(
                name: "deleted, resolved, no grant expiry",
                annotation: {
                    var annotation = Fixtures.annotation(permissions: [
                        Fixtures.permission(level: .viewer, expiresAt: nil)
                    ])
                    annotation.isDeleted = true
                    annotation.status = .resolved
                    annotation.type = .object3D
                    return annotation
                }()),
            WriterCase(
                name: "sparse visibility rules",
                annotation: {
                    var annotation = minimal()
                    annotation.visibilityRules = VisibilityRules(
                        timeRules: [
                            TimeRule(
                                id: Fixtures.uuid("00000000-0000-4000-8000-000000000204"), type: .recurring,
                                recurrence: RecurrenceRule(frequency: .monthly)),
                            TimeRule(
                                id: Fixtures.uuid("00000000-0000-4000-8000-000000000205"), type: .timeRange,
                                startTime: Fixtures.created),
                        ],
                        locationRules: [LocationRule(type: .always)])
                    return annotation
                }()),
            WriterCase(
                name: "empty visibility rules and content",
                annotation: {
                    var annotation = minimal()
                    annotation.visibilityRules = VisibilityRules(
                        timeRules: [], locationRules: [], expiresAfterViews: -3)
                    annotation.content = AnnotationContent(drawingData: Data(), richTextData: Data([0xFB, 0xFF, 0xBF]))
                    return annotation
                }()),
            WriterCase(name: "strings that need escapes", annotation: escapes()),
            WriterCase(name: "extreme floats", annotation: extremeFloats()),
            WriterCase(
                name: "extreme integers",
                annotation: {
                    var annotation = Fixtures.annotation()
                    annotation.viewCount = .max
                    annotation.attachments[0].fileSize = .max
                    annotation.visibilityRules?.expiresAfterViews = .min
                    annotation.visibilityRules?.timeRules?[2].recurrence?.interval = -1
                    return annotation
                }()),
            WriterCase(
                name: "dates across the range",
                annotation: {
                    var annotation = Fixtures.annotation()
                    annotation.createdAt = Fixtures.date("1969-12-31T23:59:59.999Z")
                    annotation.updatedAt = Fixtures.date("1970-01-01T00:00:00.001Z")
                    annotation.lastSyncedAt = Fixtures.date("9999-12-31T23:59:59.999Z")
                    annotation.permissions[0].expiresAt = Fixtures.date("0001-01-01T00:00:00.000Z")
                    return annotation
                }()),
            WriterCase(
                name: "several of each collection",
                annotation: {
                    var annotation = Fixtures.annotation()
                    annotation.permissions.append(Fixtures.permission(to: Fixtures.strangerID, level: .owner))
                    annotation.reactions.append(
                        Reaction(
                            id: Fixtures.uuid("00000000-0000-4000-8000-000000000103"), emoji: "❤️",
                            userID: Fixtures.ownerID,
                            createdAt: Fixtures.created))
                    annotation.attachments.append(
                        Attachment(
                            id: Fixtures.uuid("00000000-0000-4000-8000-000000000104"), fileName: "memo.m4a",
                            fileType: "audio/mp4", fileSize: 0))
                    var reply = Fixtures.comment()
                    reply.id = CommentID(Fixtures.uuid("00000000-0000-4000-8000-0000000000d3"))
                    reply.authorName = nil
                    reply.parentCommentID = nil
                    reply.isDeleted = true
                    annotation.comments.append(reply)
                    annotation.viewedBy = [Fixtures.friendID, Fixtures.strangerID, Fixtures.ownerID]
                    return annotation
                }()),
        ]
        + AnnotationType.allCases.map { type in
            var annotation = minimal()
            annotation.type = type
            annotation.status = AnnotationStatus.allCases[AnnotationType.allCases.firstIndex(of: type)! % 4]
            return WriterCase(name: "type \(type.rawValue)", annotation: annotation)
        }

    /// An annotation with nothing optional set and every collection empty.
    static func minimal() -> Annotation {
        Annotation(
            id: Fixtures.annotationID, type: .text, content: AnnotationContent(), position: .zero,
            anchorID: Fixtures.anchorID, layerID: Fixtures.layerID, ownerID: Fixtures.ownerID,
            createdAt: Fixtures.created)
    }

    /// Quotes, backslashes, every control character, line and paragraph separators, emoji and
    /// slashes, in every string field.
    static func escapes() -> Annotation {
        let controls = String((0..<0x20).map { Character(Unicode.Scalar(UInt8($0))) })
        let nasty = #"She said "go" \ then /left/ "# + controls + "\u{7F}\u{2028}\u{2029}👍🏽👩‍👩‍👧 e\u{301} </script>"
        var annotation = Fixtures.annotation()
        annotation.title = nasty
        annotation.content.text = "line\nbreak\r\n\ttab " + nasty
        annotation.content.cloudAssetID = "a/b\\c\"d"
        annotation.content.mediaURL = URL(string: "https://cdn.example.com/a%20b/%22q%22.jpg?x=1&y=/z#frag")
        annotation.comments[0].text = nasty
        annotation.comments[0].authorName = "\u{0}Bo\u{1F}"
        annotation.reactions[0].emoji = "🏳️‍🌈"
        annotation.attachments[0].fileName = "a \"quoted\" name\\.heic"
        annotation.attachments[0].fileType = "image/heic; x=\"y\""
        annotation.visibilityRules?.timeRules?[2].recurrence?.timeZone = "America/Argentina/Buenos_Aires"
        return annotation
    }

    /// Greatest and least finite magnitudes, subnormals and negative zero in every number.
    static func extremeFloats() -> Annotation {
        var annotation = Fixtures.annotation()
        annotation.position = SIMD3(.greatestFiniteMagnitude, -.leastNonzeroMagnitude, -0.0)
        annotation.orientation = Quaternion(
            x: -.greatestFiniteMagnitude, y: .leastNormalMagnitude, z: .leastNormalMagnitude.nextDown, w: 0.1)
        annotation.scale = .leastNonzeroMagnitude
        annotation.visibilityRules?.locationRules = [
            LocationRule(type: .proximity, radiusMeters: .greatestFiniteMagnitude),
            LocationRule(type: .proximity, radiusMeters: .leastNonzeroMagnitude),
            LocationRule(type: .proximity, radiusMeters: -0.0),
            LocationRule(type: .proximity, radiusMeters: 1e22),
        ]
        return annotation
    }

    static func written(_ annotation: Annotation) throws -> Data {
        Data(try JSONWriter.bytes(of: annotation))
    }

    @Test(arguments: cases)
    func annotation_readsBackAsItself(_ writerCase: WriterCase) throws {
        let decoded = try RealityJSON.decode(Annotation.self, from: Self.written(writerCase.annotation))
        #expect(decoded == writerCase.annotation)
        #expect(decoded.position.z.sign == writerCase.annotation.position.z.sign)
    }

    @Test(arguments: cases)
    func annotation_matchesJSONEncoderByteForByte(_ writerCase: WriterCase) throws {
        let ours = String(decoding: try Self.written(writerCase.annotation), as: UTF8.self)
        let foundation = String(decoding: try RealityJSON.encode(writerCase.annotation), as: UTF8.self)
        #expect(ours == foundation)
    }

    @Test func annotationArray_matchesJSONEncoderByteForByte() throws {
        let annotations = Self.cases.map(\.annotation)
        #expect(Data(try JSONWriter.bytes(of: annotations)) == (try RealityJSON.encode(annotations)))
    }

    @Test func nonFiniteNumbers_throwAnEncodingErrorNamingTheKey() {
        var annotation = Fixtures.annotation()
        annotation.scale = .nan
        #expect(Self.failingKey(annotation) == "scale")
        annotation.scale = 1
        annotation.position = SIMD3(0, -.infinity, 0)
        #expect(Self.failingKey(annotation) == "position")
        annotation.position = .zero
        annotation.orientation = Quaternion(x: 0, y: 0, z: 0, w: .infinity)
        #expect(Self.failingKey(annotation) == "orientation")
        annotation.orientation = .identity
        annotation.visibilityRules?.locationRules = [LocationRule(type: .proximity, radiusMeters: .nan)]
        #expect(Self.failingKey(annotation) == "radiusMeters")
        #expect(throws: EncodingError.self) { try RealityJSON.encode(annotation) }
    }

    /// The last key of the coding path of the `invalidValue` error writing `annotation` throws.
    static func failingKey(_ annotation: Annotation) -> String? {
        do {
            _ = try JSONWriter.bytes(of: annotation)
            return nil
        } catch {
            guard case .invalidValue(_, let context) = error else { return nil }
            return context.codingPath.last?.stringValue
        }
    }
}
