import Foundation
import RealityCore
import RealityTestSupport
import Testing

@testable import RealityAPI
@testable import RealitySync

/// The device's fast decoding of pulled pages must give what `JSONDecoder` gives, or give up.
@Suite struct FastPageDecoderTests {
    static let owner = Samples.user("Ana").id
    static let layer = Samples.layer("Field", owner: owner)

    /// Annotations with every part the reader reads, varied by `seed`.
    static func annotation(_ seed: UInt64) -> Annotation {
        var random = SplitMix64(seed: seed)
        let texts = [
            "Milk", "", "quote \" and \\ back", "tab\tnew\nline", "é ü 漢字 🎉", "\u{0}\u{1F}", "a/b", "\u{2028}",
        ]
        func text() -> String { texts.randomElement(using: &random) ?? "" }
        func float() -> Float {
            [0, -0.0, 1.5, -3.25, .leastNonzeroMagnitude, .greatestFiniteMagnitude, 0.1, 123_456.78, -1e-20]
                .randomElement(using: &random) ?? 0
        }
        var note = Samples.fullAnnotation(owner: owner, layer: layer.id)
        note.visibilityRules = nil
        note.title = Bool.random(using: &random) ? text() : nil
        note.content = AnnotationContent(
            text: Bool.random(using: &random) ? text() : nil,
            drawingData: Bool.random(using: &random)
                ? Data((0..<5).map { _ in UInt8.random(in: 0...255, using: &random) }) : nil,
            mediaURL: Bool.random(using: &random) ? URL(string: "https://example.com/a%20b?c=d") : nil,
            cloudAssetID: Bool.random(using: &random) ? Samples.assetID : nil)
        note.position = SIMD3(float(), float(), float())
        note.orientation = Quaternion(x: float(), y: float(), z: float(), w: float())
        note.scale = float()
        note.permissions =
            Bool.random(using: &random)
            ? [Samples.grant(.editor, to: Samples.user("Bo").id, by: owner, expiresAt: Samples.at(99))] : []
        note.reactions =
            Bool.random(using: &random)
            ? [Reaction(emoji: "👍", userID: owner, createdAt: Samples.at(5))] : []
        note.viewedBy = Bool.random(using: &random) ? [owner] : []
        note.viewCount = Int.random(in: 0...1_000_000, using: &random)
        note.comments =
            Bool.random(using: &random)
            ? [
                Comment(
                    text: text(), authorID: owner, authorName: "Ana", annotationID: note.id, createdAt: Samples.at(9))
            ]
            : []
        note.lastSyncedAt = Bool.random(using: &random) ? Samples.at(Double(seed % 1000)) : nil
        note.isDeleted = Bool.random(using: &random)
        if Bool.random(using: &random) { note.attachments = [] }
        return note
    }

    @Test(arguments: 0..<200 as Range<UInt64>)
    func annotations_readAsJSONDecoderDecodesThem(seed: UInt64) throws {
        let note = Self.annotation(seed)
        let text = try RealityJSON.encode(note)
        #expect(AnnotationJSONReader.annotation(from: text) == note)
        #expect(AnnotationJSONReader.annotation(from: text) == (try RealityJSON.decode(Annotation.self, from: text)))
    }

    @Test func visibilityRules_areLeftToJSONDecoder() throws {
        let note = Samples.fullAnnotation(owner: Self.owner, layer: Self.layer.id)
        #expect(AnnotationJSONReader.annotation(from: try RealityJSON.encode(note)) == nil)
        let page = SyncChangesPage(
            changes: [SyncChange(record: .annotation(note), changeTag: "4")], token: "t", moreComing: false)
        #expect(FastPageDecoder.page(from: try RealityJSON.encode(page)) == page)
    }

    /// Keys are matched by their bytes: a repeated key, one written with escapes, in another
    /// case, longer or shorter than a known one, or unknown, leaves the text to `JSONDecoder`;
    /// keys in any order read the same.
    @Test func keys_thatAreNotExactlyTheWrittenOnes_areLeftToJSONDecoder() throws {
        let note = Self.annotation(11)
        let text = String(decoding: try RealityJSON.encode(note), as: UTF8.self)
        let idMember = "\"id\":\"\(note.id.uuidString)\""
        #expect(text.contains(idMember))
        for variant in [
            "\"id\":\"\(note.id.uuidString)\",\(idMember)", "\"\\u0069d\":\"\(note.id.uuidString)\"",
            "\"ID\":\"\(note.id.uuidString)\"", "\"ids\":\"\(note.id.uuidString)\"",
            "\"i\":\"\(note.id.uuidString)\"", "\"\":\"\(note.id.uuidString)\"",
            "\(idMember),\"extra\":1",
        ] {
            let changed = Data(text.replacingOccurrences(of: idMember, with: variant).utf8)
            #expect(AnnotationJSONReader.annotation(from: changed) == nil, "\(variant)")
            let page =
                Data("{\"changes\":[{\"changeTag\":\"1\",\"deleted\":false,\"record\":".utf8) + changed
                + Data(
                    ",\"recordID\":\"\(note.id.uuidString)\",\"recordType\":\"annotation\"}],\"moreComing\":false,\"token\":\"t\"}"
                        .utf8)
            #expect(FastPageDecoder.page(from: page) == (try? RealityJSON.decode(SyncChangesPage.self, from: page)))
        }
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        var members: [String] = []
        for (key, value) in object.sorted(by: { $0.key > $1.key }) {
            let written = try JSONSerialization.data(withJSONObject: value, options: [.fragmentsAllowed])
            members.append("\"\(key)\":" + String(decoding: written, as: UTF8.self))
        }
        let reversed = "{" + members.joined(separator: ",") + "}"
        #expect(AnnotationJSONReader.annotation(from: Data(reversed.utf8)) == note)
    }

    @Test func pages_ofEveryKindOfChange_decodeAsJSONDecoderDecodesThem() throws {
        let comment = Comment(text: "Hi", authorID: Self.owner, annotationID: AnnotationID(), createdAt: Samples.at(1))
        var deletion = SyncChange(deletionOf: .annotation, recordID: AnnotationID().uuidString)
        deletion.changeTag = "9"
        let page = SyncChangesPage(
            changes: [
                SyncChange(record: .layer(Self.layer), changeTag: "1"),
                SyncChange(record: .annotation(Self.annotation(7)), changeTag: "2"),
                SyncChange(record: .comment(comment), changeTag: "3"),
                deletion,
            ],
            token: "tok\\en/é", moreComing: true)
        let body = try RealityJSON.encode(page)
        #expect(FastPageDecoder.page(from: body) == page)
        #expect(FastPageDecoder.page(from: body) == (try SyncTransport.decodeChanges(body)))
        let empty = SyncChangesPage(changes: [], token: "", moreComing: false)
        #expect(FastPageDecoder.page(from: try RealityJSON.encode(empty)) == empty)
    }

    /// Damaged texts: the reader gives up wherever `JSONDecoder` fails, and where both succeed
    /// they agree.
    @Test(arguments: 0..<40 as Range<UInt64>)
    func damagedTexts_areNeverReadDifferently(seed: UInt64) throws {
        var random = SplitMix64(seed: seed &* 7919)
        let page = SyncChangesPage(
            changes: [SyncChange(record: .annotation(Self.annotation(seed)), changeTag: "5")], token: "t",
            moreComing: false)
        let original = Array(try RealityJSON.encode(page))
        let insertions: [[UInt8]] = [
            Array("\"".utf8), Array(",".utf8), Array("}".utf8), Array("]".utf8), Array("null".utf8), Array("1e39".utf8),
            Array("01".utf8), Array("-".utf8), Array("\\u0041".utf8), Array("\\ud800".utf8), [0xFF], [0xC3], [0x01],
            Array(" ".utf8), Array("\"x\":1,".utf8), Array("NaN".utf8), Array("true".utf8), Array("1.".utf8),
        ]
        for _ in 0..<150 {
            var bytes = original
            let position = Int.random(in: 0..<bytes.count, using: &random)
            switch Int.random(in: 0..<3, using: &random) {
            case 0: bytes.remove(at: position)
            case 1: bytes.insert(contentsOf: insertions.randomElement(using: &random) ?? [], at: position)
            default: bytes[position] = UInt8.random(in: 0x20...0x7E, using: &random)
            }
            let body = Data(bytes)
            let fast = FastPageDecoder.page(from: body)
            let slow = try? RealityJSON.decoder().decode(SyncChangesPage.self, from: body)
            if let fast {
                #expect(
                    fast == slow,
                    "seed \(seed): \(String(decoding: bytes[max(0, position - 60)..<min(bytes.count, position + 60)], as: UTF8.self))"
                )
            }
            let noteText = Data(try RealityJSON.encode(Self.annotation(seed)))
            var damaged = Array(noteText)
            let at = Int.random(in: 0..<damaged.count, using: &random)
            damaged.insert(contentsOf: insertions.randomElement(using: &random) ?? [], at: at)
            if let read = AnnotationJSONReader.annotation(from: Data(damaged)) {
                #expect(
                    read == (try? RealityJSON.decode(Annotation.self, from: Data(damaged))),
                    "seed \(seed): \(String(decoding: damaged[max(0, at - 60)..<min(damaged.count, at + 60)], as: UTF8.self))"
                )
            }
        }
    }
}
