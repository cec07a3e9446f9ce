import Foundation

/// The one form of a login email, so that addresses that look alike sign in to one account.
public enum EmailAddress {
    /// `text` normalized: Unicode default-ignorable characters (zero-width spaces and joiners,
    /// soft hyphens, direction marks) removed, compatibility forms composed (NFKC: full-width
    /// letters become ASCII, a decomposed `é` becomes the composed one), lowercased, and
    /// surrounding white space trimmed. Register and login both look accounts up by this form.
    public static func normalized(_ text: String) -> String {
        var visible = String.UnicodeScalarView()
        for scalar in text.unicodeScalars where !scalar.properties.isDefaultIgnorableCodePoint {
            visible.append(scalar)
        }
        // Lowercasing may leave a sequence NFKC composes differently, so normalize after it too.
        let folded = String(visible).precomposedStringWithCompatibilityMapping.lowercased()
        return folded.precomposedStringWithCompatibilityMapping.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
