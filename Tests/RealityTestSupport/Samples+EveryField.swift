import Foundation
import RealityCore

extension Samples {
    /// An annotation with every field set, each unlike the declaration's blank record (the
    /// declaration tests check that it is), so that a field any path drops shows up. A field added
    /// to ``Annotation`` gets a value here.
    public static func everyField(owner: UserID, layer: LayerID, friend: UserID = UserID()) -> Annotation {
        var annotation = fullAnnotation(owner: owner, layer: layer)
        annotation.permissions = [grant(.editor, to: friend, by: owner, expiresAt: at(86_400), grantedAt: at(1))]
        annotation.isDeleted = true
        annotation.comments = [
            Comment(
                text: "Fresh paint", authorID: friend, authorName: "Ben", annotationID: annotation.id,
                createdAt: at(20))
        ]
        annotation.reactions = [Reaction(emoji: "👍", userID: friend, createdAt: at(10))]
        annotation.viewedBy = [friend]
        annotation.viewCount = 3
        annotation.fieldStamps = FieldStamps(["title": Int64(Timestamp.milliseconds(at(1800)))])
        annotation.myPermission = .editor
        return annotation
    }

    /// `annotation` with every field the declaration marks editable changed to another value a
    /// service accepts, moved to `layer` (the declaration tests check that each one differs).
    public static func everyFieldEdit(of annotation: Annotation, movedTo layer: LayerID) -> Annotation {
        var edit = annotation
        edit.type = .drawing
        edit.status = .resolved
        edit.title = "Second"
        edit.content = AnnotationContent(text: "Second text", drawingData: Data([9, 9]))
        edit.position = SIMD3(7, 8, 9)
        edit.orientation = Quaternion(x: 0.6, y: 0, z: 0, w: 0.8)
        edit.scale = 2
        edit.anchorID = AnchorID()
        edit.layerID = layer
        edit.visibilityRules = nil
        edit.attachments = [Attachment(fileName: "second.txt", fileType: "text/plain", fileSize: 1)]
        return edit
    }
}

extension Samples {
    /// A layer with every field set, each unlike the declaration's blank record, under `parent`.
    public static func everyFieldLayer(owner: UserID, parent: LayerID, friend: UserID = UserID()) -> Layer {
        var layer = Layer(
            name: "Everything", icon: "star.fill", color: .purple, parentLayerID: parent, ownerID: owner,
            permissions: [grant(.commenter, to: friend, by: owner, grantedAt: at(2))], isPublic: true, isVisible: true,
            autoExpireDays: 30, defaultPermission: .editor, createdAt: start, updatedAt: at(60), isDeleted: true,
            fieldStamps: FieldStamps(["name": Int64(Timestamp.milliseconds(at(30)))]))
        layer.myPermission = .commenter
        return layer
    }
}

extension Samples {
    /// A reply with every field set, each unlike the declaration's blank comment, by `author` on
    /// `annotation`.
    public static func everyFieldComment(author: UserID, annotation: AnnotationID) -> Comment {
        Comment(
            text: "Every field", authorID: author, authorName: "Ana", annotationID: annotation,
            parentCommentID: CommentID(), createdAt: at(5), updatedAt: at(50), isDeleted: true, isEdited: true)
    }

    /// A world map with every field set, each unlike the declaration's blank map, owned by `owner`.
    public static func everyFieldWorldMap(owner: UserID, friend: UserID = UserID()) -> WorldMap {
        WorldMap(
            worldMapAssetID: assetID,
            anchors: [
                WorldAnchor(transform: .identity, annotationID: AnnotationID()), WorldAnchor(transform: .identity),
            ],
            locationName: "Kitchen", locationDescription: "By the window",
            thumbnailAssetID: String(repeating: "ab", count: 32), ownerID: owner, isShared: true, sharedWith: [friend],
            createdAt: at(3), updatedAt: at(60), lastUsedAt: at(70))
    }
}
