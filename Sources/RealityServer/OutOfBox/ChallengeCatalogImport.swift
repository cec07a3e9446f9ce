import Foundation
import OutOfBoxCore
import RealityAPI

/// An administrator's catalog import: each challenge of the file added or replaced (a challenge
/// kept by its ID keeps its creation date; `isActive: false` retires one), and the file's version
/// recorded when it gives one.
struct ChallengeCatalogImport<Store: ChallengeRepository>: Sendable {
    let store: Store

    func run(_ file: CatalogFile, now: Date = Date()) async throws -> CatalogImportReport {
        let challenges = try file.validatedChallenges(at: now)
        try ChallengeIDRule.check(challenges)
        try await store.saveChallenges(challenges, catalogVersion: file.version)
        return CatalogImportReport(imported: challenges.count, catalogVersion: try await store.catalogVersion())
    }
}

/// The IDs no challenge may have: the words of the API's own paths under `/api/v1/challenges/`
/// (`today`, `search`, `history`), read from the route declarations, which a challenge's
/// `/api/v1/challenges/{id}` would never reach.
enum ChallengeIDRule {
    static let reservedIDs: Set<String> = {
        let prefix = APIRoute.challenge.path.replacingOccurrences(of: "{id}", with: "")
        return Set(
            APIRoute.all.compactMap { route in
                guard route.path.hasPrefix(prefix) else { return nil }
                let word = route.path.dropFirst(prefix.count).split(separator: "/").first.map(String.init)
                return word.flatMap { $0.hasPrefix("{") ? nil : $0 }
            })
    }()

    /// Throws for the first challenge whose ID is reserved.
    static func check(_ challenges: [Challenge]) throws(ChallengeError) {
        if let index = challenges.firstIndex(where: { reservedIDs.contains($0.id) }) {
            throw .invalid(field: "challenges[\(index)].id", reason: "is a word of the API's paths")
        }
    }
}
