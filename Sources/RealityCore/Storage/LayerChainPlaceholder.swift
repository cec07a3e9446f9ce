import Foundation
// Placeholder until the permissions branch lands; not committed.
public struct LayerChain: Hashable, Sendable {
    public var layers: [Layer]
    public init(_ layers: [Layer]) { self.layers = layers }
}
extension LayerChain { public static let maxDepth = 32 }
public enum PermissionResolver {
    public static func level(of user: UserID, on annotation: Annotation, in chain: LayerChain, at date: Date) -> PermissionLevel? { nil }
    public static func level(of user: UserID, onLayerIn chain: LayerChain, at date: Date) -> PermissionLevel? { nil }
}
public enum PermissionError: Error, Hashable, Sendable { case notFound, cannotComment, cannotEdit, cannotDelete, cannotShare, notOwner, cannotGrantAboveOwnLevel(PermissionLevel), cannotGrantToOwner, sharingNotAllowedOnTier(SubscriptionTier) }
public enum SharingRules {
    public static func checkGrant(granter: UserID, granterLevel: PermissionLevel?, grantee: UserID, level: PermissionLevel, ownerID: UserID, tier: SubscriptionTier) throws(PermissionError) {}
}
extension Annotation { func validate() throws(ValidationError) {} }
extension Layer { func validate() throws(ValidationError) {} }
extension Comment { func validate() throws(ValidationError) {} }
extension Reaction { func validate() throws(ValidationError) {} }
extension User { func validate() throws(ValidationError) {} }
extension UserPreferences { func validate() throws(ValidationError) {} }
extension WorldMap { func validate() throws(ValidationError) {} }
extension Permission { func validate() throws(ValidationError) {} }
