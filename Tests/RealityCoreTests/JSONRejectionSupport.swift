import Foundation
import Testing

@testable import RealityCore

/// A fixture document edited into bad input, and the error it must produce.
struct JSONRejection: Sendable, CustomTestStringConvertible {
    /// The fixture type the document decodes as.
    enum Root: String, Sendable {
        case annotation, layer, user, worldMap

        /// The fully populated fixture, encoded.
        func document() throws -> Data {
            switch self {
            case .annotation: try RealityJSON.encode(Fixtures.annotation())
            case .layer: try RealityJSON.encode(Fixtures.layer())
            case .user: try RealityJSON.encode(Fixtures.user())
            case .worldMap: try RealityJSON.encode(Fixtures.worldMap())
            }
        }

        /// Decodes `data` as this root's type.
        func decode(_ data: Data) throws(JSONInputError) {
            switch self {
            case .annotation: _ = try RealityJSON.decode(Annotation.self, from: data)
            case .layer: _ = try RealityJSON.decode(Layer.self, from: data)
            case .user: _ = try RealityJSON.decode(User.self, from: data)
            case .worldMap: _ = try RealityJSON.decode(WorldMap.self, from: data)
            }
        }
    }

    /// How the fixture document is spoiled.
    enum Edit: Sendable {
        /// The whole body replaced by this text.
        case body(String)
        /// The document cut after this many bytes.
        case truncate(Int)
        /// The value at a path (`a.b[0].c`) replaced by this JSON text, which need not be valid.
        case set(String, String)
        /// The key at a path removed.
        case remove(String)
    }

    var root: Root = .annotation
    var edit: Edit
    /// The field the error must name.
    var field: String?
    /// The reason the error must give.
    var reason: JSONInputError.Reason

    var testDescription: String {
        switch edit {
        case .body(let text): "\(root) body \(text.debugDescription) → \(reason)"
        case .truncate(let count): "\(root) cut at \(count) → \(reason)"
        case .set(let path, let text): "\(root).\(path) = \(text) → \(reason)"
        case .remove(let path): "\(root) without \(path) → \(reason)"
        }
    }

    /// The spoiled document.
    func body() throws -> Data {
        let original = try root.document()
        switch edit {
        case .body(let text): return Data(text.utf8)
        case .truncate(let count): return original.prefix(count)
        case .set(let path, let text):
            let marker = "@@REPLACED@@"
            let edited = try Self.edit(
                JSONSerialization.jsonObject(with: original), at: Self.parse(path)[...], to: marker)
            let json = String(decoding: try JSONSerialization.data(withJSONObject: edited), as: UTF8.self)
            return Data(json.replacingOccurrences(of: "\"\(marker)\"", with: text).utf8)
        case .remove(let path):
            return try JSONSerialization.data(
                withJSONObject: Self.edit(
                    JSONSerialization.jsonObject(with: original), at: Self.parse(path)[...], to: nil))
        }
    }

    private enum Step {
        case key(String)
        case index(Int)
    }

    /// `a.b[0].c` as keys and indices.
    private static func parse(_ path: String) -> [Step] {
        path.split(separator: ".").flatMap { part -> [Step] in
            let pieces = part.split(separator: "[")
            return [.key(String(pieces[0]))] + pieces.dropFirst().compactMap { Int($0.dropLast()).map(Step.index) }
        }
    }

    /// `tree` with the value at `path` replaced by `value`, or removed when `value` is nil.
    private static func edit(_ tree: Any, at path: ArraySlice<Step>, to value: Any?) -> Any {
        guard let step = path.first else { return value ?? NSNull() }
        let rest = path.dropFirst()
        switch step {
        case .key(let key):
            var object = tree as? [String: Any] ?? [:]
            if rest.isEmpty, value == nil {
                object[key] = nil
            } else {
                object[key] = edit(object[key] ?? NSNull(), at: rest, to: value)
            }
            return object
        case .index(let index):
            var array = tree as? [Any] ?? []
            if rest.isEmpty, value == nil {
                array.remove(at: index)
            } else {
                array[index] = edit(array[index], at: rest, to: value)
            }
            return array
        }
    }
}
