import Foundation
import RealityCore
import RealityStore
import RealityTestSupport
import Testing

/// Process-wide SQLite settings are made before any store opens; later they are refused and
/// change nothing, so a store in use is never disturbed.
@Suite struct SQLiteProcessSettingsTests {
    @Test func memoryStatistics_cannotBeTurnedOff_onceSQLiteIsInUse() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("settings-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try SQLiteServerStore.open(path: directory.appendingPathComponent("store.sqlite").path)
        let user = Samples.user("Ada")
        try await store.commit(ChangeSet(changes: [.saveUser(user)]))

        #expect(SQLiteProcessSettings.disableMemoryStatistics() == false)
        #expect(try await store.user(id: user.id) == user, "the open store still reads")
    }
}
