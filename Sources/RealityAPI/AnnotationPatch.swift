import Foundation
import RealityCore

/// `PATCH /api/v1/annotations/{id}`: the fields ``Annotation/declaration`` marks patchable;
/// absent fields stay as they are; `null` clears `title` and `visibilityRules`; `null` for a
/// field that cannot be empty is a wrong type.
public typealias AnnotationPatch = RecordPatch<Annotation>
