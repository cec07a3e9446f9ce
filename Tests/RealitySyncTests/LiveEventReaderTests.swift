import Foundation
import RealityAPI
import RealityCore
import Testing

@testable import RealitySync

/// The device's reading of live events must give what `JSONDecoder` gives, and read the common
/// events itself.
@Suite struct LiveEventReaderTests {
    /// Every event the server writes alike to many sockets: `ready` and a hint for each set of
    /// scopes, in the hub's order and in another.
    static var commonEvents: [LiveEvent] {
        let subsets = (0..<(1 << SyncScope.allCases.count)).map { mask in
            SyncScope.allCases.enumerated().filter { mask & (1 << $0.offset) != 0 }.map(\.element)
        }
        return [.ready] + subsets.map { .changes(scopes: $0) } + [.changes(scopes: SyncScope.allCases.reversed())]
    }

    @Test func theCommonEvents_areReadFromTheirBytes_asWritten() throws {
        for event in Self.commonEvents {
            let text = String(decoding: try RealityJSON.encode(event), as: UTF8.self)
            let fast = Array(text.utf8).withUnsafeBytes { LiveEventReader.readCommon($0) }
            #expect(fast == event, "\(text)")
            #expect(LiveEventReader.event(in: text) == event, "\(text)")
        }
    }

    @Test func aNotification_isReadByJSONDecoder() throws {
        let notification = AppNotification(
            recipientID: UserID(UUID()), type: .comment, title: "Ana commented", body: "Nice \"spot\" é",
            annotationID: AnnotationID(UUID()))
        let text = String(decoding: try RealityJSON.encode(LiveEvent.notification(notification)), as: UTF8.self)
        #expect(Array(text.utf8).withUnsafeBytes { LiveEventReader.readCommon($0) } == nil)
        #expect(LiveEventReader.event(in: text) == .notification(notification))
    }

    /// Text that is nearly an event, or not one at all: the reader answers what `JSONDecoder`
    /// answers (an event or nothing), whichever of the two reads it.
    @Test(arguments: [
        #"{"type":"ready"}"#, #" { "type" : "ready" } "#, "{\n\t\"type\":\"ready\"\r\n}",
        #"{"type":"changes","scopes":[]}"#, #"{"scopes":["public","private"],"type":"changes"}"#,
        #"{"type":"ready","scopes":["public"]}"#, #"{"type":"changes"}"#, #"{"type":"changes","scopes":null}"#,
        #"{"type":"changes","scopes":["everything"]}"#, #"{"type":"changes","scopes":["public",]}"#,
        #"{"type":"changes","scopes":"public"}"#, #"{"type":"ready","type":"changes","scopes":[]}"#,
        #"{"type":"ready","extra":1}"#, #"{"t\u0079pe":"ready"}"#, #"{"type":"re\u0061dy"}"#,
        #"{"type":"Ready"}"#, #"{"type":"unknown"}"#, #"{"type":1}"#, #"{"type":"ready"} x"#,
        #"{"type":"ready""#, #"{"type":"ready",}"#, #"["ready"]"#, "", " ", "null", "{}", #""ready""#,
        #"{"type":"changes","scopes":["public","public"]}"#, #"{"type":"changes","scopes":[["public"]]}"#,
        #"{"type":"notification"}"#, String(repeating: "[", count: 10_000),
        #"{"type":"changes","scopes":["# + String(repeating: #""shared","#, count: 5_000) + #""shared"]}"#,
    ])
    func nearlyAnEvent_isReadAsJSONDecoderReadsIt(text: String) {
        let decoded = try? RealityJSON.decode(LiveEvent.self, from: Data(text.utf8))
        #expect(LiveEventReader.event(in: text) == decoded, "\(text.prefix(80))")
    }
}
