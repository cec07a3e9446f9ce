import Foundation
import GRDB
import RealityCore
import RealityTestSupport
import Synchronization
import Testing

@_spi(Testing) @testable import RealityStore

/// The two kinds of store every store test runs on, as GRDB's own tests run one body on a
/// `DatabaseQueue` in memory and a `DatabasePool` on disk.
enum StoreKind: String, CaseIterable, Sendable, CustomTestStringConvertible {
    /// `SQLiteStore.inMemory`: a `DatabaseQueue`.
    case inMemory
    /// `DeviceStore.open(path:)`: a `DatabasePool` in WAL mode on a temporary file.
    case onDisk

    var testDescription: String { rawValue }
}

/// A directory under the system's temporary directory, removed by ``remove()``.
struct TemporaryDirectory: Sendable {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("reality-store-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// The path of a file in the directory.
    func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    func remove() { try? FileManager.default.removeItem(at: url) }
}

/// Runs `body` on a fresh device store of `kind`, removing its files afterwards; `cacheLifetime`
/// as for `SQLiteStore.open(path:cacheLifetime:)`.
func withStore<T>(
    _ kind: StoreKind, cacheLifetime: Duration? = nil, _ body: (DeviceStore) async throws -> T
) async throws -> T {
    try await withStore(kind, role: DeviceRole.self, cacheLifetime: cacheLifetime, body)
}

/// Runs `body` on a fresh store of `kind` on the side `role` names (``DeviceStore`` or
/// ``SQLiteServerStore``), removing its files afterwards.
func withStore<Role: SQLiteStoreRole, T>(
    _ kind: StoreKind, role: Role.Type, cacheLifetime: Duration? = nil, _ body: (SQLiteStore<Role>) async throws -> T
) async throws -> T {
    switch kind {
    case .inMemory:
        return try await body(try SQLiteStore<Role>.inMemory(cacheLifetime: cacheLifetime))
    case .onDisk:
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        return try await body(
            try SQLiteStore<Role>.open(path: directory.path("store.sqlite"), cacheLifetime: cacheLifetime))
    }
}

// MARK: - Clock

/// A clock tests move by hand; it hands out whole milliseconds like `Timestamp.now()`.
final class TestClock: Sendable {
    private let current: Mutex<Date>

    init(_ start: Date = Samples.start) {
        current = Mutex(start)
    }

    /// The current instant.
    var now: Date { current.withLock { $0 } }

    /// Moves the clock forward.
    func advance(by seconds: TimeInterval) {
        current.withLock { $0 = Timestamp.date(milliseconds: Timestamp.milliseconds($0.addingTimeInterval(seconds))) }
    }

    /// Sets the clock.
    func set(_ date: Date) {
        current.withLock { $0 = date }
    }

    /// The clock as a service context wants it.
    var function: @Sendable () -> Date { { [self] in self.now } }
}

// MARK: - Harness

/// The services of one user, made by a ``LazyServiceContainer`` over a shared store.
struct UserServices: Sendable {
    let userID: UserID
    let container: LazyServiceContainer<DeviceStore>
    let annotations: DefaultAnnotationService<DeviceStore>
    let layers: DefaultLayerService<DeviceStore>
    let permissions: DefaultPermissionService<DeviceStore>
    let search: DefaultSearchService<DeviceStore>
    let collaboration: DefaultCollaborationService<DeviceStore>
    let users: DefaultUserService<DeviceStore>
    let notifications: DefaultNotificationService<DeviceStore>
    let anchors: DefaultAnchorManager<DeviceStore>
}

/// A store with users in it, each with services through their own composition root and one
/// clock that the test controls.
struct Harness: Sendable {
    let store: DeviceStore
    let clock: TestClock

    init(store: DeviceStore, clock: TestClock = TestClock()) {
        self.store = store
        self.clock = clock
    }

    /// Saves a new user and returns their services.
    func user(
        _ name: String, tier: SubscriptionTier = .plus, email: String? = nil,
        preferences: UserPreferences = UserPreferences()
    ) async throws -> UserServices {
        let user = User(
            displayName: name, email: email ?? "\(name.lowercased())@example.com", preferences: preferences,
            subscriptionTier: tier, createdAt: clock.now)
        try await store.commit(ChangeSet(changes: [.saveUser(user)]))
        return try await services(for: user.id)
    }

    /// The services of an existing user, through a new ``LazyServiceContainer``.
    func services(for userID: UserID, worldMap: WorldMapID? = nil) async throws -> UserServices {
        let store = self.store
        let container = LazyServiceContainer<DeviceStore>(
            currentWorldMapID: worldMap, clock: clock.function, openStore: { store }, currentUser: { _ in userID })
        return UserServices(
            userID: userID, container: container,
            annotations: try await container.annotationService(),
            layers: try await container.layerService(),
            permissions: try await container.permissionService(),
            search: try await container.searchService(),
            collaboration: try await container.collaborationService(),
            users: try await container.userService(),
            notifications: try await container.notificationService(),
            anchors: try await container.anchorManager())
    }
}

/// Runs `body` with a harness on a fresh store of `kind`.
func withHarness<T>(_ kind: StoreKind, _ body: (Harness) async throws -> T) async throws -> T {
    try await withStore(kind) { store in try await body(Harness(store: store)) }
}

extension UserServices {
    /// A layer of this user's.
    func layer(_ name: String = "Layer", parent: LayerID? = nil) async throws -> Layer {
        try await layers.createLayer(name: name, icon: "tag.fill", color: .green, parentLayerID: parent)
    }

    /// A text note in `layerID`.
    func note(
        _ text: String, in layerID: LayerID, at position: SIMD3<Float> = .zero, title: String? = nil,
        type: AnnotationType = .text, rules: VisibilityRules? = nil
    ) async throws -> Annotation {
        let media = type.isMedia ? URL(string: "file:///media/\(UUID().uuidString).bin") : nil
        return try await annotations.createAnnotation(
            AnnotationDraft(
                type: type, content: AnnotationContent(text: text, mediaURL: media), title: title, position: position,
                layerID: layerID, visibilityRules: rules))
    }
}

// MARK: - Looking inside the store

extension SQLiteStore {
    /// Rows in `table` (optionally only those matching `condition`).
    func count(_ table: String, where condition: String = "1", _ arguments: StatementArguments = []) async throws -> Int
    {
        try await inspect { db in
            try Int.fetchOne(db, sql: "SELECT count(*) FROM \(table) WHERE \(condition)", arguments: arguments) ?? 0
        }
    }

    /// Every row of every table (virtual tables included, their shadow tables left out), as text,
    /// for checking that a refused write changed nothing at all.
    func snapshot() async throws -> [String: [String]] {
        try await inspect { db in
            let tables = try String.fetchAll(
                db,
                sql: """
                    SELECT name FROM sqlite_master
                    WHERE type = 'table' AND name NOT LIKE 'sqlite_%'
                      AND name NOT LIKE 'annotation_fts_%' AND name NOT LIKE 'annotation_rtree_%'
                    ORDER BY name
                    """)
            var result: [String: [String]] = [:]
            for table in tables {
                let rowid = ["annotation_fts", "annotation_rtree", "annotations"].contains(table) ? "rowid, " : ""
                result[table] = try Row.fetchAll(db, sql: "SELECT \(rowid)* FROM \(table)")
                    .map(\.description).sorted()
            }
            return result
        }
    }
}

/// The error `body` throws, or nil when it succeeds.
func thrownError(_ body: () async throws -> Void) async -> (any Error)? {
    do {
        try await body()
        return nil
    } catch {
        return error
    }
}
