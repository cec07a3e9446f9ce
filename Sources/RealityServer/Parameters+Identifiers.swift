import Foundation
import Hummingbird
import RealityCore

extension APIRequestContext {
    /// The path parameter `name` as a typed ID; 400 when it is not a UUID.
    func pathID<Entity>(_ name: String = "id", as type: Identifier<Entity>.Type = Identifier<Entity>.self) throws
        -> Identifier<Entity>
    {
        guard let text = parameters.get(name), let id = Identifier<Entity>(uuidString: text) else {
            throw APIError.badParameter(name, "\(name) must be a UUID.")
        }
        return id
    }
}
