import NIOCore
import NIOWebSocket
import RealityAPI
import RealityCore
import Synchronization

/// The WebSocket text frames of live events. The events every socket is sent in the same words
/// (`ready`, and `changes` for a set of scopes) are encoded once and their bytes shared by every
/// socket they go to: a commit's hint reaches a thousand listening users as one encoding, not a
/// thousand (issue 24). A notification is its user's own and is encoded each time.
enum LiveFrames {
    /// Shared encodings, by event. Few can exist: `ready` and one per set of scopes.
    private static let shared = Mutex<[LiveEvent: ByteBuffer]>([:])

    /// The most shared encodings kept: `changes` lists scopes in the hub's one order, so there
    /// is at most one per subset of ``SyncScope``, and `ready`.
    private static var sharedLimit: Int { (1 << SyncScope.allCases.count) + 1 }

    /// The text frame that carries `event`.
    static func frame(for event: LiveEvent) throws -> WebSocketFrame {
        WebSocketFrame(fin: true, opcode: .text, data: try bytes(of: event))
    }

    /// `event` as JSON.
    private static func bytes(of event: LiveEvent) throws -> ByteBuffer {
        if case .notification = event { return ByteBuffer(bytes: try RealityJSON.encode(event)) }
        if let bytes = shared.withLock({ $0[event] }) { return bytes }
        let bytes = ByteBuffer(bytes: try RealityJSON.encode(event))
        shared.withLock { encoded in
            if encoded.count < sharedLimit { encoded[event] = bytes }
        }
        return bytes
    }
}
