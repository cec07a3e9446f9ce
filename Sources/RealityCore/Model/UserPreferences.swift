/// A user's settings (seed 001 §2.1).
///
/// `timeZone` is ours: the seed evaluated recurring visibility in the machine's zone, which gives
/// different answers on a server and on each device. Rules without a zone of their own use this.
public struct UserPreferences: Codable, Hashable, Sendable {
    /// Colour for new layers.
    public var defaultLayerColor: LayerColor
    /// Whether annotations show as soon as the app starts.
    public var showAnnotationsOnStartup: Bool
    /// Whether the user receives notifications at all.
    public var enableNotifications: Bool
    /// How far away annotations are shown, metres; also the default radius of nearby searches.
    public var annotationDisplayDistance: Float
    /// Appearance.
    public var theme: Theme
    /// The user's IANA time zone ("America/New_York"); nil means UTC.
    public var timeZone: String?

    /// Preferences with the seed's defaults.
    public init(
        defaultLayerColor: LayerColor = .blue,
        showAnnotationsOnStartup: Bool = true,
        enableNotifications: Bool = true,
        annotationDisplayDistance: Float = 10,
        theme: Theme = .auto,
        timeZone: String? = nil
    ) {
        self.defaultLayerColor = defaultLayerColor
        self.showAnnotationsOnStartup = showAnnotationsOnStartup
        self.enableNotifications = enableNotifications
        self.annotationDisplayDistance = annotationDisplayDistance
        self.theme = theme
        self.timeZone = timeZone
    }
}

/// Light, dark, or following the system.
public enum Theme: String, Codable, Hashable, Sendable, CaseIterable {
    case light
    case dark
    case auto
}
