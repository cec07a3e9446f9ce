import Foundation
import RealityAPI
import RealityCore
import RealityTestSupport
import Testing

/// The server's fast reading of a push (`SyncPushRequest.read(from:)`) must give what
/// `JSONDecoder` gives, or give up and leave the body to it.
@Suite struct SyncPushReadingTests {
    static let owner = FastPageDecoderTests.owner

    static func save(_ note: Annotation, base: String? = nil) -> SyncMutation {
        SyncMutation(
            mutationID: "m-\(note.id)", recordType: .annotation, recordID: note.id.uuidString, op: .save,
            baseChangeTag: base, fields: .annotation(note))
    }

    static func delete(_ id: AnnotationID) -> SyncMutation {
        SyncMutation(
            mutationID: "d-\(id)", recordType: .annotation, recordID: id.uuidString, op: .delete, fields: .none)
    }

    /// `body` read both ways: the fast reader's answer (nil when it declines) and `JSONDecoder`'s.
    static func bothWays(_ body: Data) -> (fast: SyncPushRequest?, decoded: SyncPushRequest?) {
        (SyncPushRequest.readFast(body), try? RealityJSON.decoder().decode(SyncPushRequest.self, from: body))
    }

    @Test func devicePushes_ofSavesAndDeletes_areReadFast_asJSONDecoderReadsThem() throws {
        let notes = (0..<200).map { FastPageDecoderTests.annotation(UInt64($0)) }
        var mutations = notes.enumerated().map { Self.save($1, base: $0 % 3 == 0 ? "\($0)" : nil) }
        mutations += notes.prefix(5).map { Self.delete($0.id) }
        for request in [
            SyncPushRequest(clientID: "phone", mutations: mutations), SyncPushRequest(clientID: "é", mutations: []),
        ] {
            for pretty in [false, true] {
                let body = try RealityJSON.encode(request, pretty: pretty)
                let (fast, decoded) = Self.bothWays(body)
                #expect(fast != nil, "a device's push is read fast")
                #expect(fast == decoded)
                #expect(fast == request)
                #expect(try SyncPushRequest.read(from: body) == request)
            }
        }
    }

    @Test func otherMutations_andNearMisses_areLeftToJSONDecoder() throws {
        let note = FastPageDecoderTests.annotation(7)
        let layer = FastPageDecoderTests.layer
        let mixed = SyncPushRequest(
            clientID: "c",
            mutations: [
                Self.save(note),
                SyncMutation(
                    mutationID: "l", recordType: .layer, recordID: layer.id.uuidString, op: .save, fields: .layer(layer)
                ),
            ])
        let text = String(decoding: try RealityJSON.encode(mixed), as: UTF8.self)
        let single = String(
            decoding: try RealityJSON.encode(SyncPushRequest(clientID: "c", mutations: [Self.save(note)])),
            as: UTF8.self)
        let deletion = String(
            decoding: try RealityJSON.encode(SyncPushRequest(clientID: "c", mutations: [Self.delete(note.id)])),
            as: UTF8.self)
        var rules = note
        rules.visibilityRules = Samples.fullRules()
        let withRules = String(
            decoding: try RealityJSON.encode(SyncPushRequest(clientID: "c", mutations: [Self.save(rules)])),
            as: UTF8.self)
        let nearMisses: [String] = [
            text,  // a layer save
            withRules,  // visibility rules
            single.replacingOccurrences(of: #""op":"save""#, with: #""op":"delete""#),  // a note where {} belongs
            deletion.replacingOccurrences(of: #""fields":{}"#, with: #""fields":{"x":1}"#),  // keys Empty ignores
            deletion.replacingOccurrences(of: #""op":"delete""#, with: #""op":"save""#),  // {} where a note belongs
            single.replacingOccurrences(of: #""clientID":"c""#, with: #""clientID":"c","extra":1"#),
            single.replacingOccurrences(of: #""op":"save""#, with: #""op":"save","op":"save""#),
            single.replacingOccurrences(of: #""op":"save""#, with: #""o\u0070":"save""#),
            single.replacingOccurrences(of: #""recordType":"annotation""#, with: #""recordType":"nope""#),
            single.replacingOccurrences(of: #""clientID":"c","#, with: ""),
            deletion.replacingOccurrences(of: #""baseChangeTag":null,"#, with: "") + " x",
            #"{"clientID":"c","mutations":{}}"#, #"{"clientID":"c"}"#, "[]", "", "null",
        ]
        for body in nearMisses.map({ Data($0.utf8) }) {
            let (fast, decoded) = Self.bothWays(body)
            #expect(fast == nil || fast == decoded, "\(String(decoding: body, as: UTF8.self))")
            let platform = Result { () throws(JSONInputError) in try SyncPushRequest.read(from: body) }
            let reference = Result { () throws(JSONInputError) in
                try RealityJSON.decode(SyncPushRequest.self, from: body)
            }
            #expect((try? platform.get()) == (try? reference.get()))
            if case .failure(let refusal) = platform, case .failure(let expected) = reference {
                #expect(refusal == expected, "a refusal names the same field as RealityJSON's")
            }
        }
        #expect(Self.bothWays(Data(text.utf8)).fast == nil)
        #expect(Self.bothWays(Data(withRules.utf8)).fast == nil)
    }
}
