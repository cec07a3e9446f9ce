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
        try await store.saveChallenges(challenges, catalogVersion: file.version)
        return CatalogImportReport(imported: challenges.count, catalogVersion: try await store.catalogVersion())
    }
}
