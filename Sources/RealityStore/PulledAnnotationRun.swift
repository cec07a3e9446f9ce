import Foundation
import GRDB
import RealityCore

/// Consecutive pulled annotations that the device has no pending edit or open conflict on, stored
/// together exactly as ``SyncReconciler`` stores each of them (as `applied`): the rows with their
/// grants and engagement, then their sync metadata (synced, the server's tag and JSON as base),
/// several to a statement. A first sync is all such runs.
struct PulledAnnotationRun {
    let scope: SyncScope
    private var annotations: [Annotation] = []
    private var metadata: [(type: RecordType, id: String, entry: SyncMetadataRecord.Entry)] = []
    private var ids: Set<String> = []

    init(scope: SyncScope) {
        self.scope = scope
    }

    /// True when the run already holds the annotation `id` (it must be stored before another
    /// version of it).
    func contains(_ id: String) -> Bool {
        ids.contains(id)
    }

    /// Adds `annotation`, which came down as `change`.
    mutating func append(_ annotation: Annotation, change: PulledChange) throws {
        let id = annotation.id.uuidString
        let json = try change.recordJSON ?? SyncRecord.annotation(annotation).jsonData()
        annotations.append(annotation)
        metadata.append(
            (
                .annotation, id,
                SyncMetadataRecord.Entry(
                    changeTag: change.changeTag, scope: scope.rawValue, baseVersion: json, syncStatus: .synced,
                    conflictVersion: nil)
            ))
        ids.insert(id)
    }

    /// Stores the run and empties it; returns how many annotations it stored.
    mutating func store(at date: Date, in db: Database) throws -> Int {
        guard !annotations.isEmpty else { return 0 }
        try LocalSyncRecords.write(annotations: annotations, in: db)
        try SyncMetadataRecord.save(metadata, at: date, in: db)
        defer {
            annotations.removeAll(keepingCapacity: true)
            metadata.removeAll(keepingCapacity: true)
            ids.removeAll(keepingCapacity: true)
        }
        return annotations.count
    }
}
