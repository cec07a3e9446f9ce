import Foundation
import HTTPTypes
import RealityCore

@testable import RealityServer

/// Holds each JSON response the server tests receive to the OpenAPI document's schema for its
/// operation and status (issue 18, part 3): every field sent must be documented, with its type,
/// and every field the document calls required must be sent. ``APIClient`` checks each response
/// it receives, so a drift between what the server says and what it does fails the test that
/// saw it, on whichever backend it ran.
enum SchemaConformance {
    /// The served document, read once.
    static let document = Document(OpenAPIDocument.build())

    /// What is wrong with `body`, sent as the answer `status` to `method path`; empty when it
    /// conforms, or when the document gives no JSON schema for it.
    static func violations(
        method: HTTPRequest.Method, path: String, status: Int, contentType: String?, body: Data
    ) -> [String] {
        guard contentType?.hasPrefix("application/json") == true, !body.isEmpty else { return [] }
        guard let schema = document.responseSchema(method: method.rawValue, path: path, status: status) else {
            return []
        }
        let value: JSONValue
        do { value = try JSONDecoder().decode(JSONValue.self, from: body) } catch {
            return ["\(method) \(path) \(status): the body is not JSON"]
        }
        var found: [String] = []
        document.validate(value, against: schema, at: "$", into: &found)
        return found.map { "\(method) \(path) \(status): \($0)" }
    }

    /// The OpenAPI document as plain JSON values, immutable once read.
    final class Document: @unchecked Sendable {
        private let schemas: [String: Any]
        private let responseSchemas: [ResponseKey: [String: Any]]
        /// Every status each operation documents, with a JSON schema or not.
        private let documented: Set<ResponseKey>
        private let templates: [(method: String, segments: [Substring], path: String)]

        private struct ResponseKey: Hashable {
            var method: String
            var path: String
            var status: String
        }

        init(_ root: [String: Any]) {
            let components = root["components"] as? [String: Any] ?? [:]
            schemas = components["schemas"] as? [String: Any] ?? [:]
            let sharedResponses = components["responses"] as? [String: Any] ?? [:]
            var responseSchemas: [ResponseKey: [String: Any]] = [:]
            var documented: Set<ResponseKey> = []
            var templates: [(String, [Substring], String)] = []
            for (path, operations) in root["paths"] as? [String: [String: Any]] ?? [:] {
                for (method, operation) in operations {
                    let method = method.uppercased()
                    templates.append((method, path.split(separator: "/"), path))
                    let responses = (operation as? [String: Any])?["responses"] as? [String: Any] ?? [:]
                    for (status, response) in responses {
                        documented.insert(ResponseKey(method: method, path: path, status: status))
                        var response = response as? [String: Any] ?? [:]
                        if let ref = response["$ref"] as? String, let name = ref.split(separator: "/").last {
                            response = sharedResponses[String(name)] as? [String: Any] ?? [:]
                        }
                        let content = response["content"] as? [String: Any]
                        let json = content?["application/json"] as? [String: Any]
                        if let schema = json?["schema"] as? [String: Any] {
                            responseSchemas[ResponseKey(method: method, path: path, status: status)] = schema
                        }
                    }
                }
            }
            self.responseSchemas = responseSchemas
            self.documented = documented
            // Literal segments before parameters, so that `/annotations/recent` is not read as an ID.
            self.templates = templates.sorted {
                $0.1.filter { $0.hasPrefix("{") }.count < $1.1.filter { $0.hasPrefix("{") }.count
            }
        }

        /// The schema of the answer `status` to `method path` (a concrete path, with a query or not).
        func responseSchema(method: String, path: String, status: Int) -> [String: Any]? {
            let segments = path.split(separator: "?", maxSplits: 1)[0].split(separator: "/")
            guard let template = templates.first(where: { $0.method == method && matches($0.segments, segments) })
            else {
                return nil
            }
            let exact = ResponseKey(method: method, path: template.path, status: String(status))
            // A documented status is held to its own schema (none, for bytes of any type), never to
            // the errors' default.
            if documented.contains(exact) { return responseSchemas[exact] }
            return responseSchemas[ResponseKey(method: method, path: template.path, status: "default")]
        }

        private func matches(_ template: [Substring], _ segments: [Substring]) -> Bool {
            template.count == segments.count
                && zip(template, segments).allSatisfy { $0.hasPrefix("{") || $0 == $1 }
        }

        /// Appends to `found` what in `value` breaks `schema`; objects are closed: a property the
        /// schema does not list is a violation unless it gives `additionalProperties`.
        func validate(
            _ value: JSONValue, against schema: [String: Any], at location: String, into found: inout [String]
        ) {
            if let ref = schema["$ref"] as? String {
                let name = String(ref.dropFirst("#/components/schemas/".count))
                guard let target = schemas[name] as? [String: Any] else {
                    found.append("\(location): $ref to a missing schema \(name)")
                    return
                }
                validate(value, against: target, at: location, into: &found)
                return
            }
            for key in ["oneOf", "anyOf"] {
                if let branches = schema[key] as? [[String: Any]] {
                    let failures = branches.map { branch in
                        var branchFound: [String] = []
                        validate(value, against: branch, at: location, into: &branchFound)
                        return branchFound
                    }
                    if !failures.contains(where: \.isEmpty), let nearest = failures.min(by: { $0.count < $1.count }) {
                        found.append("\(location): matches no branch of \(key); the nearest fails on \(nearest)")
                    }
                }
            }
            if let types = typeNames(of: schema), types.isDisjoint(with: value.typeNames) {
                found.append(
                    "\(location): a \(value.typeNames.sorted().last ?? "?") where the document says \(types.sorted())")
                return
            }
            if let allowed = schema["enum"] as? [String], case .string(let text) = value, !allowed.contains(text) {
                found.append("\(location): \"\(text)\" is not one of \(allowed)")
            }
            switch value {
            case .array(let items):
                if let itemSchema = schema["items"] as? [String: Any] {
                    for (index, item) in items.enumerated() {
                        validate(item, against: itemSchema, at: "\(location)[\(index)]", into: &found)
                    }
                }
            case .object(let fields):
                validateObject(fields, against: schema, at: location, into: &found)
            default:
                break
            }
        }

        private func validateObject(
            _ fields: [String: JSONValue], against schema: [String: Any], at location: String,
            into found: inout [String]
        ) {
            let properties = schema["properties"] as? [String: Any]
            for name in schema["required"] as? [String] ?? [] where fields[name] == nil {
                found.append("\(location): the required \(name) is missing")
            }
            let additional = schema["additionalProperties"]
            for (name, field) in fields.sorted(by: { $0.key < $1.key }) {
                if let property = properties?[name] as? [String: Any] {
                    validate(field, against: property, at: "\(location).\(name)", into: &found)
                } else if let additional = additional as? [String: Any] {
                    validate(field, against: additional, at: "\(location).\(name)", into: &found)
                } else if properties != nil, (additional as? Bool) != true {
                    found.append("\(location).\(name): sent but not in the document")
                }
            }
        }

        private func typeNames(of schema: [String: Any]) -> Set<String>? {
            if let single = schema["type"] as? String { return [single] }
            if let several = schema["type"] as? [String] { return Set(several) }
            return nil
        }
    }
}

extension JSONValue {
    /// The JSON Schema type names this value satisfies.
    var typeNames: Set<String> {
        switch self {
        case .null: ["null"]
        case .bool: ["boolean"]
        case .number(let number): number.rounded() == number ? ["number", "integer"] : ["number"]
        case .string: ["string"]
        case .array: ["array"]
        case .object: ["object"]
        }
    }
}
