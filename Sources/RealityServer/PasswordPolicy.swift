import Foundation
import RealityAPI
import RealityCore

/// What a new password must be (at registration and on change): at least
/// ``CredentialLimits/minPasswordCharacters`` characters and at most
/// ``CredentialLimits/maxPasswordBytes`` bytes, and none of the passwords guessed first: one of
/// the ``CommonPasswords`` (alone or with digits and symbols around it), one character or one
/// short run repeated, an alphabet or number run (`abcdefghij`, `9876543210`), or the account's
/// email. Each refusal is a 400 naming the field.
enum PasswordPolicy {
    /// Throws a ``ValidationError`` naming `field` when `password` may not be used by the account
    /// with `email`.
    static func check(_ password: String, email: String, field: String = "password") throws {
        func refuse(_ expected: String) -> ValidationError {
            ValidationError(field: field, reason: .invalidFormat(expected: expected))
        }
        if password.count < CredentialLimits.minPasswordCharacters {
            throw refuse("at least \(CredentialLimits.minPasswordCharacters) characters long")
        }
        if password.utf8.count > CredentialLimits.maxPasswordBytes {
            throw ValidationError(field: field, reason: .tooLong(limit: CredentialLimits.maxPasswordBytes))
        }
        let lower = password.lowercased()
        let email = email.lowercased()
        if lower == email || lower == String(email.prefix { $0 != "@" }) {
            throw refuse("something other than your email")
        }
        let core = lower.trimmingCharacters(in: Self.padding)
        if CommonPasswords.all.contains(lower) || CommonPasswords.all.contains(core) {
            throw refuse("harder to guess: it is one of the most common passwords")
        }
        if isRepetition(lower) || isRun(lower) {
            throw refuse("harder to guess: not one character or run repeated, nor a run like abcdef or 12345")
        }
    }

    /// What people put around a common word: digits, punctuation, symbols and spaces.
    private static let padding = CharacterSet.decimalDigits.union(.punctuationCharacters).union(.symbols)
        .union(.whitespaces)

    /// Whether `text` is a run of at most half its length repeated (`aaaaaaaaaa`, `abcabcabcabc`).
    static func isRepetition(_ text: String) -> Bool {
        let characters = Array(text)
        guard characters.count > 1 else { return true }
        for unit in 1...(characters.count / 2) where characters.count % unit == 0 {
            if characters.indices.allSatisfy({ characters[$0] == characters[$0 % unit] }) { return true }
        }
        return false
    }

    /// Whether each character of `text` is the one after (or each the one before) the previous.
    static func isRun(_ text: String) -> Bool {
        let scalars = text.unicodeScalars.map(\.value)
        guard scalars.count > 1 else { return true }
        let steps = zip(scalars.dropFirst(), scalars).map { Int($0) - Int($1) }
        return steps.allSatisfy { $0 == 1 } || steps.allSatisfy { $0 == -1 }
    }
}
