import Hummingbird
import RealityAPI

/// A request's query, read by the parameters its route declares (``APIRoute/QueryParameter``), so
/// that a handler never spells a parameter's name.
///
/// In debug builds a read of a parameter the matched route does not declare throws
/// ``UndeclaredQueryParameter`` (a 500), so that any test driving the handler fails; release
/// builds read without the check. A request that reached its handler without the gateway (no
/// declaration known) is not checked.
struct DeclaredQuery: Sendable {
    /// The parsed query.
    let parameters: Parameters
    /// The parameters the matched route declares; nil when the gateway did not set them.
    let declared: [APIRoute.QueryParameter]?

    /// The first value of `parameter`, nil when absent.
    func callAsFunction(_ parameter: APIRoute.QueryParameter) throws -> String? {
        try check(parameter)
        return parameters.get(parameter.name)
    }

    /// Every value of `parameter`, in order (it may repeat).
    func all(_ parameter: APIRoute.QueryParameter) throws -> [String] {
        try check(parameter)
        return parameters.getAll(parameter.name)
    }

    @inline(__always) private func check(_ parameter: APIRoute.QueryParameter) throws {
        #if DEBUG
            if let declared, !declared.contains(parameter) { throw UndeclaredQueryParameter(parameter: parameter) }
        #endif
    }
}

/// A handler read a query parameter its route does not declare: a programming error, caught in
/// debug builds (``DeclaredQuery``).
struct UndeclaredQueryParameter: Error, CustomStringConvertible {
    /// The parameter read.
    let parameter: APIRoute.QueryParameter

    var description: String { "a handler read the query parameter \(parameter.name), which its route does not declare" }
}

extension APIRequestContext {
    /// `request`'s query, read by its route's declared parameters.
    func query(of request: Request) -> DeclaredQuery {
        DeclaredQuery(parameters: request.uri.queryParameters, declared: declaredQuery)
    }
}
