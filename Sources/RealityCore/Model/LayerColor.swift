/// The eight layer colours, with the seed's hex values (seed 001 §2.1).
public enum LayerColor: String, Codable, Hashable, Sendable, CaseIterable {
    case red, orange, yellow, green, blue, purple, pink, gray

    /// The colour as `#RRGGBB`, the system colours the seed names.
    public var rgbHex: String {
        switch self {
        case .red: "#FF3B30"
        case .orange: "#FF9500"
        case .yellow: "#FFCC00"
        case .green: "#34C759"
        case .blue: "#007AFF"
        case .purple: "#AF52DE"
        case .pink: "#FF2D55"
        case .gray: "#8E8E93"
        }
    }
}
