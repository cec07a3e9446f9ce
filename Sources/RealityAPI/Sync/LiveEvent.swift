import Foundation
import RealityCore

/// A message of the events WebSocket (`GET /api/v1/events`, SPEC C6).
public enum LiveEvent: Hashable, Sendable {
    /// The socket is registered: hints from here on reach it. Sent once, first.
    case ready
    /// Records the caller may see changed in these scopes: pull them.
    case changes(scopes: [SyncScope])
    /// A notification for the caller committed.
    case notification(AppNotification)
}

extension LiveEvent: Codable {
    private enum CodingKeys: String, CodingKey {
        case type, scopes, notification
    }

    private enum Kind: String, Codable {
        case ready, changes, notification
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        switch try container.decode(Kind.self, forKey: .type) {
        case .ready: self = .ready
        case .changes: self = .changes(scopes: try container.decode([SyncScope].self, forKey: .scopes))
        case .notification:
            self = .notification(try container.decode(AppNotification.self, forKey: .notification))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .ready:
            try container.encode(Kind.ready, forKey: .type)
        case .changes(let scopes):
            try container.encode(Kind.changes, forKey: .type)
            try container.encode(scopes, forKey: .scopes)
        case .notification(let notification):
            try container.encode(Kind.notification, forKey: .type)
            try container.encode(notification, forKey: .notification)
        }
    }
}
