import Foundation
import OutOfBoxCore
import RealityCore

/// Out of Box's social notices on the server: each is a ``NotificationType/social`` entry in its
/// recipient's inbox, committed as any notification is, so that it reaches their devices over the
/// live-events socket.
struct ServerSocialNotifier<Store: ServerStore>: SocialNotifier {
    let store: Store

    func notify(_ recipientID: UUID, actor actorID: UUID?, title: String, body: String) async throws {
        var changes = ChangeSet()
        changes.append(
            .addNotification(
                AppNotification(
                    recipientID: UserID(recipientID), type: .social, title: title, body: body,
                    actorID: actorID.map(UserID.init))))
        try await store.commit(changes, applying: [])
    }
}
