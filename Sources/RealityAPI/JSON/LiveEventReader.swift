import Foundation
import RealityCore

/// Reads a live event from its WebSocket text. The events a device hears most, `ready` and a
/// `changes` hint, are read straight from the text's bytes (``JSONCursor``); anything else (a
/// notification, or text that only nearly matches, such as a repeated or unknown key) is left
/// to `JSONDecoder`, so what is accepted is what `LiveEvent`'s `Decodable` accepts. A hint is
/// a few dozen bytes, and `JSONDecoder`'s set-up per call cost more than the rest of hearing it.
package enum LiveEventReader {
    private enum Key: String, JSONObjectKey {
        case type, scopes
        static let table = JSONKeyTable<Key>()
    }

    /// The event `text` holds; nil when it is not one.
    package static func event(in text: String) -> LiveEvent? {
        var text = text
        if let event = text.withUTF8({ readCommon(UnsafeRawBufferPointer($0)) }) { return event }
        return try? RealityJSON.decode(LiveEvent.self, from: Data(text.utf8))
    }

    /// `ready` or `changes` read from `bytes`; nil for anything else, which ``event(in:)`` then
    /// leaves to `JSONDecoder`.
    package static func readCommon(_ bytes: UnsafeRawBufferPointer) -> LiveEvent? {
        var cursor = JSONCursor(bytes: bytes)
        var kind: String?
        var scopes: [SyncScope]?
        let read = cursor.object(of: Key.self) { key, cursor in
            switch key {
            case .type:
                kind = cursor.readString()
                return kind != nil
            case .scopes:
                var list: [SyncScope] = []
                let wellFormed = cursor.array { cursor in
                    guard let name = cursor.readString(), let scope = SyncScope(rawValue: name) else { return false }
                    list.append(scope)
                    return true
                }
                scopes = list
                return wellFormed
            }
        }
        guard read, cursor.isAtEnd() else { return nil }
        switch (kind, scopes) {
        case ("ready", nil): return .ready
        case ("changes", let scopes?): return .changes(scopes: scopes)
        default: return nil
        }
    }
}
