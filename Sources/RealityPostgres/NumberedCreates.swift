import Foundation
import RealityCore

/// The new annotations a commit writes with its number, in the statement that takes it
/// (``PostgresSyncLog/record(_:prior:at:creating:announcing:)``), instead of writing them first
/// and then stamping them.
///
/// Stamping rewrites a row: `changeSeq` is indexed, so the UPDATE is never HOT, and each new
/// row took a second entry in every index of `annotations` (the text search's GIN and the
/// position's SP-GiST among them) while the commit held the clock. Inserting the rows with their
/// number writes each once; the INSERT then runs while the commit holds the clock, where the
/// UPDATE ran before, and costs about half as much.
///
/// Only rows no other transaction can be writing qualify, so that the commit never waits on
/// another's row while it holds the clock: an annotation whose ID the commit requires absent
/// (``Precondition/annotationAbsent(_:)``, ``Precondition/annotationsAbsent(_:)``) is locked by
/// its ID's advisory lock before the check, and the check found no row. A commit that purges an
/// annotation writes every row first as before: releasing a purged note's asset looks for the
/// owner's other annotations that still hold it, new ones included.
struct NumberedCreates {
    /// The commit's writes, less the saves of ``annotations``.
    let writes: [Change]
    /// The annotations written with the commit's number, in the order they were saved.
    let annotations: [Annotation]

    init(_ changes: ChangeSet) {
        var absent = changes.annotationsRequiredAbsent
        var saves: [AnnotationID: Int] = [:]
        for change in changes.changes {
            switch change {
            case .saveAnnotation(let annotation): saves[annotation.id, default: 0] += 1
            case .purgeAnnotation: absent = []
            default: break
            }
        }
        // A note saved twice in one commit is written in order, as before.
        let numbered = absent.filter { saves[$0] == 1 }
        guard !numbered.isEmpty else {
            (writes, annotations) = (changes.changes, [])
            return
        }
        var writes: [Change] = []
        var annotations: [Annotation] = []
        for change in changes.changes {
            if case .saveAnnotation(let annotation) = change, numbered.contains(annotation.id) {
                annotations.append(annotation)
            } else {
                writes.append(change)
            }
        }
        (self.writes, self.annotations) = (writes, annotations)
    }
}
