import Foundation

extension SyncJournal {
    /// A record a commit put where it now is: made it, or moved it to another layer or parent.
    ///
    /// The change log keeps, per layer, annotation and comment, the commit that made it
    /// (`createdSeq`) and the one that put it in its current place (`placedSeq`; a comment never
    /// moves). A feed that turns an access change into deletions sends them only for records that
    /// were already there before that change and that the device could have had (made before its
    /// token): a record added after a revoke is no one's business but the layer's owner's
    /// (issue 17: its ID must not reach the revoked user).
    public enum Placement: Hashable, Sendable {
        /// An annotation made (`created`) or moved by the commit.
        case annotation(AnnotationID, created: Bool)
        /// A layer made (`created`) or moved under another parent by the commit.
        case layer(LayerID, created: Bool)
        /// A comment made by the commit.
        case comment(CommentID)
    }

    /// The placements a commit of `changes` makes, given the state before it.
    public static func placements(for changes: ChangeSet, prior: Prior) -> Set<Placement> {
        var result: Set<Placement> = []
        for change in changes.changes {
            switch change {
            case .saveAnnotation(let annotation):
                if let before = prior.annotationLayers[annotation.id] {
                    if before != annotation.layerID { result.insert(.annotation(annotation.id, created: false)) }
                } else {
                    result.insert(.annotation(annotation.id, created: true))
                }
            case .saveLayer(let layer):
                if let before = prior.layers[layer.id] {
                    if before.parentLayerID != layer.parentLayerID { result.insert(.layer(layer.id, created: false)) }
                } else {
                    result.insert(.layer(layer.id, created: true))
                }
            case .saveComment(let comment):
                if !prior.existingComments.contains(comment.id) { result.insert(.comment(comment.id)) }
            default:
                break
            }
        }
        return result
    }
}
