import HTTPTypes

/// One route of the API, declared once (issue 18, part 2): its method and path template, who may
/// call it, the limits the gateway holds it to, what it reads and answers, and how the OpenAPI
/// document describes it. The server registers its handler by this value, the gateway reads its
/// access rule and body limit from it, the OpenAPI document is built from ``APIRoute/all``, and
/// the device's transport and the benchmarks build their requests with ``path()`` and its
/// siblings, so that a request is built by the same declaration that routes it.
public struct APIRoute: Sendable {
    /// Who may call a route.
    public enum Access: Sendable, Hashable {
        /// Anyone, signed in or not.
        case anonymous
        /// A signed-in user (`Authorization: Bearer TOKEN` of a live session).
        case user
        /// The server's admin token, not a user's.
        case admin
    }

    /// Which limit a route's request body is held to.
    public enum BodyLimit: Sendable, Hashable {
        /// The server's JSON body limit.
        case json
        /// The server's asset size limit.
        case asset
        /// The sync protocol's published push limit (``SyncLimits/server``).
        case syncPush
    }

    /// The name of a schema of the OpenAPI document: a wire type's Swift name, or a name of its own
    /// for a type the shared module does not hold.
    public struct SchemaName: Sendable, Hashable, ExpressibleByStringLiteral, CustomStringConvertible {
        /// The name under `#/components/schemas/`.
        public let description: String

        /// The schema of the Swift type `type`: the name it gives itself (``NamedSchema``), else
        /// its Swift name.
        public init(_ type: Any.Type) {
            description = (type as? any NamedSchema.Type)?.schemaName ?? String(describing: type)
        }

        /// A schema named `value`.
        public init(stringLiteral value: String) { description = value }
    }

    /// What a request carries.
    public enum Body: Sendable, Hashable {
        /// A JSON document of the named schema.
        case json(SchemaName)
        /// Raw bytes, typed by `Content-Type`.
        case raw

        /// A JSON document of `type`.
        public static func json(_ type: Any.Type) -> Self { .json(SchemaName(type)) }
    }

    /// What a success answers.
    public enum Answer: Sendable, Hashable {
        /// JSON of the named schema.
        case json(SchemaName)
        /// A ``Page`` of the named schema.
        case page(SchemaName)
        /// Raw bytes (assets), in the media type they show; with ranges (206, 416) and 304.
        case raw
        /// Plain text (metrics).
        case text
        /// No body.
        case empty
        /// A WebSocket (101) whose text frames are JSON of the named schema.
        case webSocket(SchemaName)
        /// A file of the web app: HTML, JavaScript or CSS.
        case webApp

        /// JSON of `type`.
        public static func json(_ type: Any.Type) -> Self { .json(SchemaName(type)) }
        /// A ``Page`` of `type`.
        public static func page(_ type: Any.Type) -> Self { .page(SchemaName(type)) }
        /// A WebSocket of `type` messages.
        public static func webSocket(_ type: Any.Type) -> Self { .webSocket(SchemaName(type)) }
    }

    /// A query parameter a route reads.
    public struct QueryParameter: Sendable, Hashable {
        /// Its name in the query.
        public var name: String
        /// Its JSON Schema type (`string`, `integer`, `number`, `boolean`).
        public var type: String
        /// What it does, for the document.
        public var description: String
        /// Its JSON Schema format, if any (`uuid`, `date-time`).
        public var format: String?
        /// The whole numbers it may be and the one its absence means, for a page size.
        public var pageSize: PageSize?

        /// A parameter `name` of `type`.
        public init(name: String, type: String, description: String, format: String? = nil, pageSize: PageSize? = nil) {
            self.name = name
            self.type = type
            self.description = description
            self.format = format
            self.pageSize = pageSize
        }
    }

    /// How many items a page may hold (``QueryParameter/pageSize``): the handler refuses a
    /// `limit` outside `range`, and the document states the range and the default.
    public struct PageSize: Sendable, Hashable {
        /// The sizes a caller may ask for.
        public var range: ClosedRange<Int>
        /// The size of a page when the caller names none.
        public var defaultValue: Int

        /// Pages of `range` items, `defaultValue` when not asked.
        public init(_ range: ClosedRange<Int>, default defaultValue: Int) {
            precondition(range.contains(defaultValue))
            self.range = range
            self.defaultValue = defaultValue
        }
    }

    /// The method.
    public let method: HTTPRequest.Method
    /// The path template, in OpenAPI's and Hummingbird's form: `/api/v1/annotations/{id}`.
    public let path: String
    /// One line for the document.
    public let summary: String
    /// The document's tag (group).
    public let tag: String
    /// Who may call it.
    public let access: Access
    /// Whether the caller's rate limit applies; health and metrics are exempt, so that monitoring
    /// is never refused.
    public let isRateLimited: Bool
    /// The limit its body is held to.
    public let bodyLimit: BodyLimit
    /// The query parameters it reads.
    public let query: [QueryParameter]
    /// What the request carries, if anything.
    public let body: Body?
    /// The status of a success.
    public let status: Int
    /// What a success answers.
    public let answer: Answer
    /// Error statuses whose body has a schema of its own; the others answer the `Error` schema.
    public let errors: [Int: SchemaName]
    /// The path parameters that are free text rather than UUIDs (an emoji, an asset's SHA-256).
    public let textParameters: Set<String>
    /// The template's segments, split once.
    let segments: [PathSegment]

    /// Declares a route; see the properties for each argument.
    public init(
        _ method: HTTPRequest.Method, _ path: String, summary: String, tag: String, access: Access = .user,
        isRateLimited: Bool = true, bodyLimit: BodyLimit = .json, query: [QueryParameter] = [], body: Body? = nil,
        status: Int = 200, answer: Answer, errors: [Int: SchemaName] = [:], textParameters: Set<String> = []
    ) {
        self.method = method
        self.path = path
        self.summary = summary
        self.tag = tag
        self.access = access
        self.isRateLimited = isRateLimited
        self.bodyLimit = bodyLimit
        self.query = query
        self.body = body
        self.status = status
        self.answer = answer
        self.errors = errors
        self.textParameters = textParameters
        self.segments = PathSegment.split(path)
    }

    /// The names of the template's `{name}` parameters, in order.
    public var pathParameters: [String] {
        segments.compactMap { if case .parameter(let name) = $0 { name } else { nil } }
    }
}

extension APIRoute {
    /// Where the versioned API's paths start; only health and metrics stand outside it.
    public static let versionPrefix = "/api/v1"
}

extension APIRoute: CustomStringConvertible {
    /// `METHOD /path/{template}`.
    public var description: String { "\(method.rawValue) \(path)" }
}

/// A wire type whose schema in the OpenAPI document is not named after its Swift name (a generic
/// type, whose Swift name is not a valid component name).
public protocol NamedSchema {
    /// The name under `#/components/schemas/`.
    static var schemaName: String { get }
}
