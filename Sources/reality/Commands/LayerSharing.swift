import Foundation
import RealityCore

/// How `reality layer show` describes a layer: what it is, who owns it, whether it is public,
/// the grants the caller may see (whom by name, what level, until when) and the caller's level.
enum LayerSharing {
    static func describe(_ layer: Layer, level: PermissionLevel?, on device: Device) async throws -> String {
        let zone = try await device.timeZone()
        let now = Timestamp.now()
        let labels = try await TableLabels.load(
            device, users: [layer.ownerID] + layer.permissions.map(\.userID),
            layers: layer.parentLayerID.map { [$0] } ?? [])
        var lines = [
            "\(layer.name)  (\(layer.id))",
            "color \(layer.color.rawValue) \(layer.color.rgbHex), icon \(layer.icon), "
                + (layer.isVisible ? "visible" : "hidden")
                + (layer.parentLayerID.map { ", in \(labels.layer($0))" } ?? ""),
            "owner \(labels.user(layer.ownerID)), created \(Show.when(layer.createdAt, in: zone))",
            layer.isPublic ? "public: anyone may view it" : "not public",
            "new shares default to \(layer.defaultPermission.rawValue)"
                + (layer.autoExpireDays.map { "; annotations expire after \($0) day\($0 == 1 ? "" : "s")" } ?? ""),
        ]
        let grants = layer.permissions.sorted { labels.user($0.userID) < labels.user($1.userID) }
        if grants.isEmpty {
            lines.append("shared with nobody")
        } else {
            lines.append("shared with:")
            for grant in grants {
                let until: String
                if let expiry = grant.expiresAt {
                    until =
                        expiry <= now
                        ? ", expired \(Show.when(expiry, in: zone))" : ", until \(Show.when(expiry, in: zone))"
                } else {
                    until = ""
                }
                lines.append("  \(labels.user(grant.userID))  \(grant.level.rawValue)\(until)")
            }
        }
        lines.append("your level \(level?.rawValue ?? "none")")
        return lines.joined(separator: "\n")
    }
}
