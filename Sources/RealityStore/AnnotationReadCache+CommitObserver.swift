import GRDB
import RealityCore

extension AnnotationReadCache {
    /// Empties a cache after every commit on the connection it observes (the store's writer).
    final class CommitObserver: TransactionObserver {
        private let cache: AnnotationReadCache

        init(_ cache: AnnotationReadCache) {
            self.cache = cache
        }

        // Only whole transactions matter, not their changes.
        func observes(eventsOfKind eventKind: DatabaseEventKind) -> Bool { false }
        func databaseDidChange(with event: DatabaseEvent) {}
        func databaseDidCommit(_ db: Database) { cache.invalidate() }
        func databaseDidRollback(_ db: Database) {}
    }
}
