import Foundation

/// Composes the notifications an event causes, as changes to commit with the event itself
/// (SPEC S7): never to the actor, only to users who exist here and have notifications on.
struct Notifier<Store: DataStore>: Sendable {
    let store: Store
    let context: ServiceContext

    /// Notifications for a new comment: the annotation's owner and the thread's participants get
    /// a `comment`; people named with `@displayName` or `@email` who may see the annotation get a
    /// `mention` instead.
    func commented(_ comment: Comment, on annotation: Annotation) async throws -> [Change] {
        var mentioned: [UserID] = []
        for mention in MentionParser.mentions(in: comment.text) {
            // The longest name that is someone's: `@Ana Silva` is Ana Silva before it is Ana.
            var users: [User] = []
            for name in mention where users.isEmpty { users = try await store.users(matchingHandle: name) }
            for user in users where !mentioned.contains(user.id) {
                let chain = try await store.layerChain(startingAt: annotation.layerID)
                if PermissionResolver.level(of: user.id, on: annotation, in: chain, at: context.now) != nil {
                    mentioned.append(user.id)
                }
            }
        }
        var changes: [Change] = []
        let subject = annotation.title ?? "an annotation"
        for userID in mentioned {
            changes += try await notify(
                userID, type: .mention, title: "You were mentioned",
                body: "\(await actorName()) mentioned you on \(subject).", annotationID: annotation.id,
                commentID: comment.id)
        }
        var recipients = [annotation.ownerID] + (try await store.commentAuthors(on: annotation.id))
        recipients.removeAll { mentioned.contains($0) }
        var seen: Set<UserID> = []
        let chain = try await store.layerChain(startingAt: annotation.layerID)
        for userID in recipients where seen.insert(userID).inserted {
            // A participant who has lost access must not hear about the annotation any more.
            guard PermissionResolver.level(of: userID, on: annotation, in: chain, at: context.now) != nil else {
                continue
            }
            changes += try await notify(
                userID, type: .comment, title: "New comment",
                body: "\(await actorName()) commented on \(subject).", annotationID: annotation.id,
                commentID: comment.id)
        }
        return changes
    }

    /// A `reaction` notification to the annotation's owner.
    func reacted(_ emoji: String, to annotation: Annotation) async throws -> [Change] {
        try await notify(
            annotation.ownerID, type: .reaction, title: "New reaction",
            body: "\(await actorName()) reacted \(emoji) to \(annotation.title ?? "your annotation").",
            annotationID: annotation.id)
    }

    /// A `statusChange` notification to the annotation's owner.
    func statusChanged(_ annotation: Annotation) async throws -> [Change] {
        try await notify(
            annotation.ownerID, type: .statusChange, title: "Status changed",
            body: "\(await actorName()) set \(annotation.title ?? "your annotation") to \(annotation.status.rawValue).",
            annotationID: annotation.id)
    }

    /// A `shared` notification to the grantee.
    func shared(
        with userID: UserID, level: PermissionLevel, annotationID: AnnotationID?, layerID: LayerID?, name: String
    )
        async throws -> [Change]
    {
        try await notify(
            userID, type: .shared, title: "Shared with you",
            body: "\(await actorName()) shared \(name) with you as \(level.rawValue).", annotationID: annotationID,
            layerID: layerID)
    }

    /// A `shared` notification to a user a world map is newly shared with.
    func sharedWorldMap(_ map: WorldMap, with userID: UserID) async throws -> [Change] {
        try await notify(
            userID, type: .shared, title: "World map shared with you",
            body: "\(await actorName()) shared the world map \(map.locationName ?? "of a place") with you.")
    }

    /// A notification to `userID`, or nothing when that is the actor, an unknown user, or a user
    /// who turned notifications off.
    func notify(
        _ userID: UserID, type: NotificationType, title: String, body: String, annotationID: AnnotationID? = nil,
        layerID: LayerID? = nil, commentID: CommentID? = nil
    ) async throws -> [Change] {
        guard userID != context.userID, let recipient = try await store.user(id: userID),
            recipient.preferences.enableNotifications
        else { return [] }
        return [
            .addNotification(
                AppNotification(
                    recipientID: userID, type: type, title: title, body: body, actorID: context.userID,
                    annotationID: annotationID, layerID: layerID, commentID: commentID, createdAt: context.now))
        ]
    }

    private func actorName() async -> String {
        let actor = try? await store.user(id: context.userID)
        return actor?.displayName ?? actor?.email ?? "Someone"
    }
}

/// Finds `@mentions` in comment text.
public enum MentionParser {
    /// The handles mentioned in `text`, without the `@`, in order and without repeats: a mention
    /// is `@` at the start or after white space or punctuation, followed by letters, digits and
    /// `._-+@` (so `@ana`, `@ana.silva` and `@ana@example.com` all work), or a name in quotes
    /// (`@"Ana Silva"`). Trailing dots are dropped. Each mention's shortest reading; see
    /// ``mentions(in:)`` for the names with spaces it may also mean.
    public static func handles(in text: String) -> [String] {
        var handles: [String] = []
        for mention in mentions(in: text) {
            guard let handle = mention.last, !handles.contains(handle) else { continue }
            handles.append(handle)
        }
        return Array(handles.prefix(maxMentions))
    }

    /// Each mention in `text` as the names it may mean, longest first: `@Ana Silva, hi` may be
    /// `Ana Silva` or `Ana` (up to ``maxNameWords`` words, for display names with spaces);
    /// `@"Ana Silva"` is only that name; an email or a handle cut by punctuation is only itself.
    /// Repeats are dropped, and at most ``maxMentions`` are returned.
    public static func mentions(in text: String) -> [[String]] {
        var mentions: [[String]] = []
        var previous: Character = " "
        var index = text.startIndex
        while index < text.endIndex, mentions.count < maxMentions {
            let character = text[index]
            guard character == "@", previous.isWhitespace || previous.isPunctuation && previous != "@" else {
                previous = character
                index = text.index(after: index)
                continue
            }
            let start = text.index(after: index)
            var end = start
            var names: [String] = []
            if start < text.endIndex, text[start] == "\"",
                let close = text[text.index(after: start)...].firstIndex(of: "\"")
            {
                let name = text[text.index(after: start)..<close].trimmingCharacters(in: .whitespaces)
                if !name.isEmpty, name.count <= 254 { names = [name] }
                end = text.index(after: close)
            } else {
                while end < text.endIndex, isHandleCharacter(text[end]) { end = text.index(after: end) }
                var handle = String(text[start..<end])
                while handle.last == "." || handle.last == "-" { handle.removeLast() }
                if !handle.isEmpty, handle.count <= 254 {
                    names = [handle]
                    if handle.count == text.distance(from: start, to: end), !handle.contains("@") {
                        names = longerNames(handle, followedBy: text[end...]) + names
                    }
                }
            }
            if !names.isEmpty, !mentions.contains(names) { mentions.append(names) }
            previous = character
            index = end
        }
        return mentions
    }

    /// At most this many people are notified from one comment.
    public static let maxMentions = 20

    /// The most words a mention without quotes may take for a display name with spaces.
    public static let maxNameWords = 3

    /// `handle` with the next one and two words of `rest`, longest first.
    private static func longerNames(_ handle: String, followedBy rest: Substring) -> [String] {
        var names: [String] = []
        var name = handle
        var rest = rest
        for _ in 1..<maxNameWords {
            guard rest.first == " " else { break }
            let word = rest.dropFirst().prefix { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "'" }
            guard !word.isEmpty else { break }
            name += " " + word
            names.insert(name, at: 0)
            rest = rest.dropFirst(1 + word.count)
        }
        return names
    }

    private static func isHandleCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || "._-+@".contains(character)
    }
}
