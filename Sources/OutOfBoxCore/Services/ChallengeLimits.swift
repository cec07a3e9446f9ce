/// The limits of Out of Box's lists and searches, declared once: the service checks them, and
/// the route declarations (page sizes, the document) read them.
public enum ChallengeLimits {
    /// How many challenges a list, a search or a page of history may hold.
    public static let list = 1...100
    /// The longest search text, in bytes (the platform's search allows as much: a test holds them equal).
    public static let queryBytes = 500
}
