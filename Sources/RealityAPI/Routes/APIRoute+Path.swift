import Foundation
import RealityCore

/// A segment of a route's path template.
enum PathSegment: Sendable, Hashable {
    /// Text matched as is.
    case literal(String)
    /// A `{name}` parameter.
    case parameter(String)

    /// The segments of `template` (`/api/v1/annotations/{id}`).
    static func split(_ template: String) -> [PathSegment] {
        template.split(separator: "/").map { segment in
            segment.hasPrefix("{") && segment.hasSuffix("}")
                ? .parameter(String(segment.dropFirst().dropLast())) : .literal(String(segment))
        }
    }
}

extension APIRoute: Hashable {
    /// Two declarations are the same route when they have the same method and path template.
    public static func == (lhs: APIRoute, rhs: APIRoute) -> Bool {
        lhs.method == rhs.method && lhs.path == rhs.path
    }

    /// Hashes the method and the path template.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(method)
        hasher.combine(path)
    }
}

// MARK: - Filling the template

extension APIRoute {
    /// The path of a route without parameters, with `query` (in the order given; nil values left
    /// out) appended. Each parameter must be one the route declares.
    public func path(query: KeyValuePairs<QueryParameter, String?> = [:]) -> String {
        filled([:], query: query)
    }

    /// The path with `{id}` filled in (a UUID, a typed identifier, or an asset's SHA-256), then
    /// `query`.
    public func path(id: some PathValue, query: KeyValuePairs<QueryParameter, String?> = [:]) -> String {
        filled(["id": id.pathText], query: query)
    }

    /// The path with `{userID}` filled in.
    public func path(userID: some PathValue) -> String {
        filled(["userID": userID.pathText], query: [:])
    }

    /// The path with `{id}` and `{userID}` filled in.
    public func path(id: some PathValue, userID: some PathValue) -> String {
        filled(["id": id.pathText, "userID": userID.pathText], query: [:])
    }

    /// The path with `{id}` and the free-text `{emoji}` filled in (percent-encoded).
    public func path(id: some PathValue, emoji: String) -> String {
        filled(["id": id.pathText, "emoji": emoji], query: [:])
    }

    /// Whether the route reads `parameter` (``query`` lists it).
    public func declares(_ parameter: QueryParameter) -> Bool {
        query.contains(parameter)
    }

    /// Whether `path` (a concrete path, with a query or not) fits this route's template: the
    /// same literal segments, and one segment for each parameter.
    public func matches(_ path: String) -> Bool {
        let concrete = path.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)[0]
            .split(separator: "/")
        guard concrete.count == segments.count else { return false }
        return zip(segments, concrete).allSatisfy { segment, text in
            if case .literal(let literal) = segment { literal == text } else { !text.isEmpty }
        }
    }

    /// The template with each `{name}` replaced by `parameters[name]`, percent-encoded, then the
    /// query. A missing or extra parameter, or an undeclared query name, is a programming error.
    private func filled(_ parameters: [String: String], query: KeyValuePairs<QueryParameter, String?>) -> String {
        precondition(
            Set(parameters.keys) == Set(pathParameters),
            "\(self) takes \(pathParameters), not \(parameters.keys.sorted())")
        var path = ""
        for segment in segments {
            path += "/"
            switch segment {
            case .literal(let text): path += text
            case .parameter(let name):
                let value = parameters[name]!
                path += value.addingPercentEncoding(withAllowedCharacters: .urlPathSegmentAllowed) ?? value
            }
        }
        var separator = "?"
        for (parameter, value) in query {
            precondition(declares(parameter), "\(self) declares no query parameter \(parameter.name)")
            guard let value else { continue }
            let encoded = value.addingPercentEncoding(withAllowedCharacters: .urlQueryValueAllowed) ?? value
            path += separator + parameter.name + "=" + encoded
            separator = "&"
        }
        return path
    }
}

/// A value that fills a `{name}` of a route's path template.
public protocol PathValue {
    /// The text that stands in the path, before percent-encoding.
    var pathText: String { get }
}

extension UUID: PathValue {
    /// The UUID's canonical text.
    public var pathText: String { uuidString }
}

extension Identifier: PathValue {
    /// The identifier's UUID, as text.
    public var pathText: String { rawValue.uuidString }
}

extension String: PathValue {
    /// The text itself.
    public var pathText: String { self }
}

extension CharacterSet {
    /// Characters that may stand unescaped in one path segment.
    static let urlPathSegmentAllowed: CharacterSet = {
        var set = CharacterSet.urlPathAllowed
        set.remove(charactersIn: "/;?#")
        return set
    }()

    /// Characters that may stand unescaped in a query value.
    static let urlQueryValueAllowed: CharacterSet = {
        var set = CharacterSet.urlQueryAllowed
        set.remove(charactersIn: "&+=?#")
        return set
    }()
}
