import Foundation
import NIOCore
import RealityAPI
import RealityCore
import Testing

@testable import RealityServer

/// The frames the hub writes say what encoding each event says, shared or not.
@Suite struct LiveFramesTests {
    @Test func everyEvent_isWrittenAsItsJSON_againAndAgain() throws {
        let notification = AppNotification(
            recipientID: UserID(UUID()), type: .comment, title: "Ana commented", body: "on your note")
        let events: [LiveEvent] =
            [.ready, .notification(notification), .changes(scopes: [])]
            + SyncScope.allCases.map { .changes(scopes: [$0]) } + [.changes(scopes: SyncScope.allCases)]
        for event in events {
            for _ in 0..<3 {
                let frame = try LiveFrames.frame(for: event)
                #expect(frame.fin && frame.opcode == .text)
                #expect(Data(frame.data.readableBytesView) == (try RealityJSON.encode(event)))
                #expect(try RealityJSON.decode(LiveEvent.self, from: Data(frame.data.readableBytesView)) == event)
            }
        }
    }
}
