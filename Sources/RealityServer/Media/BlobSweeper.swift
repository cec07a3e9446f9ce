import Foundation
import Logging
import ServiceLifecycle

/// Collects blobs that no asset row names (``AssetFiles/collectOrphans(before:)``): left by a
/// crash between publishing a blob and writing its row, or by an account deletion, which removes
/// rows in its transaction and leaves the bytes to this. Every ``interval`` (an hour by default),
/// taking only blobs older than ``grace`` so that an upload between its two steps on another
/// instance is never collected; and resumable uploads left unfinished for a day. A
/// swift-service-lifecycle `Service`, until graceful shutdown.
struct BlobSweeper: Service {
    let files: AssetFiles
    let interval: TimeInterval
    let logger: Logger

    /// How old an unnamed blob must be to go.
    static var grace: TimeInterval { 3_600 }

    func run() async throws {
        await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                try? await Task.sleep(for: .seconds(interval))
                if Task.isCancelled { return }
                let abandoned = files.uploads.collect(before: Date().addingTimeInterval(-ResumableUploads.lifetime))
                if abandoned > 0 { logger.info("assets: removed \(abandoned) uploads left unfinished for a day") }
                do {
                    let removed = try await files.collectOrphans(before: Date().addingTimeInterval(-Self.grace))
                    if removed > 0 { logger.info("assets: collected \(removed) blobs no asset names") }
                } catch {
                    logger.warning("assets: collecting blobs failed", metadata: ["error": "\(error)"])
                }
            }
        }
    }
}
