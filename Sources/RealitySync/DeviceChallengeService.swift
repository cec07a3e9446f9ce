import Foundation
import OutOfBoxCore
import RealityAPI
import RealityCore
import RealityStore
import Synchronization

/// Out of Box on a signed-in device, online or not (issue 21). When the server answers, each call
/// goes to it, after the device has sent what it did offline, and the device keeps what the
/// server answered (assignments, preferences, the catalog). When the server cannot be reached,
/// the device answers from its copy: today's challenge is picked on the device by the same rule
/// (``DailyPick``) from its copy of the catalog and of the person's history, and completing,
/// skipping and rating are kept on the device, waiting, until a later call reaches the server,
/// which keeps or replaces them by ``OfflineAssignment``'s rule.
public struct DeviceChallengeService: ChallengeServiceProtocol {
    /// The device's store: its copy of the catalog and of the person's assignments.
    public let store: DeviceStore
    /// The signed-in person.
    public let userID: UUID
    /// The server's service, signed in as the person.
    public let server: ServerChallengeService
    /// False when the server could not be reached at ``connect(store:transport:notice:)``.
    public let isOnline: Bool
    /// Tells the person, once each, that an answer came from the device's copy, that a change
    /// waits for the server, that the server refused one made offline.
    let notices: Notices

    /// The service of the person signed in on `store`, after bringing the device's copy of the
    /// catalog up to date and sending what the device did offline, or offline when the server
    /// cannot be reached.
    public static func connect(
        store: DeviceStore, userID: UUID, transport: SyncTransport, notice: @escaping @Sendable (String) -> Void
    ) async throws -> DeviceChallengeService {
        let server = ServerChallengeService(transport: transport)
        do {
            try await ChallengeCatalogCopy.refresh(store, over: transport)
            let online = DeviceChallengeService(
                store: store, userID: userID, server: server, isOnline: true, notices: Notices(notice))
            try await online.sendOffline()
            return online
        } catch SyncError.network {
            return DeviceChallengeService(
                store: store, userID: userID, server: server, isOnline: false, notices: Notices(notice))
        }
    }

    /// The rule's service over the device's copy.
    var local: DefaultChallengeService<DeviceStore> {
        DefaultChallengeService(userID: userID, store: store, photos: DeviceChallengePhotos(store: store))
    }

    public func todaysChallenge(timeZone: String?) async throws -> AssignedChallenge {
        try await either(
            online: {
                try await refreshHistory()
                return try await kept($0.todaysChallenge(timeZone: timeZone))
            }, offline: { try await changedOffline($0.todaysChallenge(timeZone: timeZone)) })
    }

    public func availableChallenges(count: Int) async throws -> [Challenge] {
        try await either(online: { try await $0.availableChallenges(count: count) }) {
            try await $0.availableChallenges(count: count)
        }
    }

    public func challengeHistory(limit: Int, before day: LocalDay?) async throws -> [AssignedChallenge] {
        try await either(
            online: {
                let items = try await $0.challengeHistory(limit: limit, before: day)
                try await store.keepServerAssignments(items.map(\.assignment))
                return items
            }, offline: { try await $0.challengeHistory(limit: limit, before: day) })
    }

    public func searchChallenges(query: String, filters: ChallengeFilters, limit: Int) async throws -> [Challenge] {
        try await either(online: { try await $0.searchChallenges(query: query, filters: filters, limit: limit) }) {
            try await $0.searchChallenges(query: query, filters: filters, limit: limit)
        }
    }

    public func challenge(id: String) async throws -> Challenge {
        try await either(online: { try await $0.challenge(id: id) }) { try await $0.challenge(id: id) }
    }

    public func completeChallenge(_ challengeID: String, photoAssetID: String?, notes: String?) async throws
        -> AssignedChallenge
    {
        try await either(
            online: { server in
                if let photoAssetID { try await upload(photoAssetID) }
                return try await kept(server.completeChallenge(challengeID, photoAssetID: photoAssetID, notes: notes))
            },
            offline: {
                try await changedOffline($0.completeChallenge(challengeID, photoAssetID: photoAssetID, notes: notes))
            })
    }

    public func skipChallenge(_ challengeID: String, reason: SkipReason?) async throws -> AssignedChallenge {
        try await either(online: { try await kept($0.skipChallenge(challengeID, reason: reason)) }) {
            try await changedOffline($0.skipChallenge(challengeID, reason: reason))
        }
    }

    public func rateChallenge(_ challengeID: String, rating: Int) async throws -> AssignedChallenge {
        try await either(online: { try await kept($0.rateChallenge(challengeID, rating: rating)) }) {
            try await changedOffline($0.rateChallenge(challengeID, rating: rating))
        }
    }

    public func stats() async throws -> ChallengeStats {
        try await either(online: { try await $0.stats() }) { try await $0.stats() }
    }

    public func preferences() async throws -> UserPreferencesDTO {
        try await either(
            online: {
                let preferences = try await $0.preferences()
                try await store.saveChallengePreferences(preferences, of: userID)
                return preferences
            }, offline: { try await $0.preferences() })
    }

    /// Saves the preferences on the server (they are the person's on every device, so they need it).
    public func savePreferences(_ preferences: UserPreferencesDTO) async throws -> UserPreferencesDTO {
        guard isOnline else { throw SyncError.network("preferences are kept on the server, which cannot be reached") }
        let saved = try await server.savePreferences(preferences)
        try await store.saveChallengePreferences(saved, of: userID)
        return saved
    }

    /// Sends the assignments made or changed on this device while offline and keeps what the
    /// server answered for their days; one the server refuses is dropped from the device (the
    /// server's own comes with the history) and the person is told why. Answers how many went.
    @discardableResult
    public func sendOffline() async throws -> Int {
        var waiting = try await store.pendingAssignments(of: userID)
        guard !waiting.isEmpty else { return 0 }
        // Their photos first; one the server refuses (a quota reached, a file changed) drops its day.
        for photo in Set(waiting.compactMap(\.photoAssetID)) {
            do {
                try await upload(photo)
            } catch SyncError.refused(_, let detail) {
                for item in waiting where item.photoAssetID == photo { try await drop(item, detail) }
                waiting.removeAll { $0.photoAssetID == photo }
            }
        }
        var sent = 0
        let size = ChallengeLimits.list.upperBound
        for start in stride(from: 0, to: waiting.count, by: size) {
            let batch = Array(waiting[start..<min(start + size, waiting.count)])
            do {
                try await store.keepServerAssignments(try await server.keepOfflineAssignments(batch).map(\.assignment))
                sent += batch.count
            } catch SyncError.refused(_, _) where batch.count > 1 {
                // Find the one refused: each alone.
                for item in batch { sent += try await sendAlone(item) }
            } catch SyncError.refused(_, let detail) {
                try await drop(batch[0], detail)
            }
        }
        return sent
    }

    // MARK: - Parts

    /// Runs `online` on the server while it answers, else `offline` on the device's copy (saying so).
    func either<T>(
        online: (ServerChallengeService) async throws -> T,
        offline: (DefaultChallengeService<DeviceStore>) async throws -> T
    ) async throws -> T {
        if isOnline {
            do {
                return try await online(server)
            } catch SyncError.network {
                // Gone since the connection: the device's copy answers.
            }
        }
        guard try await !store.challenges(includingRetired: true).isEmpty else {
            throw SyncError.network("the server cannot be reached, and this device has no copy of the catalog yet")
        }
        notice("offline: from this device's copy")
        return try await offline(local)
    }

    /// `answer` after keeping its assignment as the device's copy of its day.
    private func kept(_ answer: AssignedChallenge) async throws -> AssignedChallenge {
        try await store.keepServerAssignments([answer.assignment])
        return answer
    }

    /// `answer`, made on the device, after telling the person when it waits for the server.
    private func changedOffline(_ answer: AssignedChallenge) async throws -> AssignedChallenge {
        if try await store.pendingAssignments(of: userID).contains(where: { $0.localDay == answer.assignment.localDay })
        {
            notice("kept on this device until the server can be reached")
        }
        return answer
    }

    private func notice(_ text: String) { notices.say(text) }

    private func sendAlone(_ item: UserChallenge) async throws -> Int {
        do {
            try await store.keepServerAssignments(try await server.keepOfflineAssignments([item]).map(\.assignment))
            return 1
        } catch SyncError.refused(_, let detail) {
            try await drop(item, detail)
            return 0
        }
    }

    private func drop(_ item: UserChallenge, _ detail: APIErrorBody.Detail) async throws {
        try await store.forgetAssignment(of: userID, on: item.localDay)
        notice("the server refused what you did offline on \(item.localDay) (\(detail.message)); it is dropped")
    }

    /// Uploads the photo `sha256` from this device unless the server holds it.
    private func upload(_ sha256: String) async throws {
        guard let media = try await store.media(sha256: sha256), !media.isUploaded, let path = media.path else {
            return
        }
        let answer = try await server.transport.uploadAsset(path: path, sha256: sha256)
        guard answer.sha256 == sha256 else {
            throw ChallengeError.photoSaveFailed("the file \(path) changed since it was chosen")
        }
        try await store.markMediaUploaded(sha256: sha256)
    }

    /// Brings the device's copy of the person's history and preferences up to the server's, once
    /// a day: the newest page, and older ones until a day the copy already held.
    private func refreshHistory() async throws {
        let key = "outofbox.history.\(userID.uuidString.lowercased())"
        let today = LocalDay(Date(), in: .gmt)
        guard try await store.metadata(key) != today.description else { return }
        let held = try await store.assignments(of: userID, before: nil, limit: 1).first?.localDay
        var before: LocalDay?
        let size = ChallengeLimits.list.upperBound
        while true {
            let page = try await server.challengeHistory(limit: size, before: before)
            try await store.keepServerAssignments(page.map(\.assignment))
            guard page.count == size, let oldest = page.last?.assignment.localDay, held.map({ oldest > $0 }) ?? true
            else { break }
            before = oldest
        }
        try await store.saveChallengePreferences(try await server.preferences(), of: userID)
        try await store.setMetadata(key, to: today.description)
    }
}

/// What a ``DeviceChallengeService`` tells the person, each thing once.
final class Notices: Sendable {
    private let said = Mutex<Set<String>>([])
    private let tell: @Sendable (String) -> Void

    init(_ tell: @escaping @Sendable (String) -> Void) { self.tell = tell }

    func say(_ text: String) {
        guard said.withLock({ $0.insert(text).inserted }) else { return }
        tell(text)
    }
}

/// A completion photo on the device: a file the person chose, registered as the device's media
/// and uploaded before the completion goes to the server.
struct DeviceChallengePhotos: ChallengePhotoCheck {
    let store: DeviceStore

    func photo(_ assetID: String, of userID: UUID) async throws -> PhotoMetadata {
        guard let media = try await store.media(sha256: assetID) else {
            throw ChallengeError.invalid(field: "photoAssetID", reason: "is not a file on this device")
        }
        guard media.contentType.hasPrefix("image/") else {
            throw ChallengeError.photoSaveFailed("the file is \(media.contentType), not an image")
        }
        return PhotoMetadata(
            assetID: assetID, contentType: media.contentType, fileSize: media.byteCount, width: nil, height: nil,
            createdAt: Date())
    }
}
