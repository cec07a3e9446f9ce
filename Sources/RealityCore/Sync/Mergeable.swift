import Foundation

/// A record a device can edit offline and merge with the server's version field by field.
public protocol Mergeable: Sendable, Hashable {
    /// `merge`'s result: server-kept fields from the remote, sets and counters merged, and each
    /// editable field settled as `merge.policy` says.
    static func merged(_ merge: FieldMerge<Self>) -> Self
    /// When the record last changed; orders edits made on both sides.
    var updatedAt: Date { get set }
    /// `self` with the parts not merged field by field taken from `other`.
    func withUnmergedParts(from other: Self) -> Self
}

extension Mergeable {
    /// The three-way merge of `local` and `remote` from `base` with `policy`.
    public static func merge(
        base: Self?, local: Self, remote: Self, policy: FieldMerge<Self>.Policy = .laterEdit
    ) -> Self {
        merged(FieldMerge(base: base, local: local, remote: remote, updatedAt: \.updatedAt, policy: policy))
    }

    /// True when `self` has an edit that `remote` lacks, so the device must push it.
    public func hasEdits(beyond remote: Self) -> Bool {
        withUnmergedParts(from: remote) != remote
    }
}

extension Annotation: StampedRecord {
    /// The fields a person edits, each with the name it has in JSON and in ``FieldStamps``: those
    /// ``declaration`` merges last-writer-wins.
    public static var editableFields: [EditableField<Annotation>] { declaration.editableFields }
}

extension Layer: StampedRecord {
    /// The fields a person edits, each with the name it has in JSON and in ``FieldStamps``: those
    /// ``declaration`` merges last-writer-wins.
    public static var editableFields: [EditableField<Layer>] { declaration.editableFields }
}

extension Annotation: Mergeable {
    /// Each field as ``declaration`` says: owner, grants and creation date are the server's; each
    /// editable field takes the later edit of it (its stamp), a deletion wins; reactions and
    /// viewers merge as sets, the view count as a counter; comments (not part of the synced
    /// record) stay local.
    public static func merged(_ merge: FieldMerge<Annotation>) -> Annotation {
        declaration.merged(merge)
    }
}

extension Layer: Mergeable {
    /// Each field as ``declaration`` says: owner, grants and creation date are the server's; each
    /// editable field takes the later edit of it (its stamp), a deletion wins.
    public static func merged(_ merge: FieldMerge<Layer>) -> Layer {
        declaration.merged(merge)
    }
}

extension Comment: Mergeable {
    /// Each field as ``declaration`` says: author, annotation and creation date are the server's;
    /// text, parent and flags merge three-way; the later date.
    public static func merged(_ merge: FieldMerge<Comment>) -> Comment {
        declaration.merged(merge)
    }
}

extension Annotation {
    /// `self` with every part that is not merged field by field taken from `other` (as
    /// ``declaration`` says): server-kept fields, sets, counters, dates, edit stamps and
    /// local-only parts. Equal to `other` exactly when the editable fields agree.
    public func withUnmergedParts(from other: Annotation) -> Annotation {
        Self.declaration.withUnmergedParts(self, from: other)
    }
}

extension Layer {
    /// `self` with the server-kept fields, dates and edit stamps taken from `other` (as
    /// ``declaration`` says).
    public func withUnmergedParts(from other: Layer) -> Layer {
        Self.declaration.withUnmergedParts(self, from: other)
    }
}

extension Comment {
    /// `self` with the server-kept fields and dates taken from `other` (as ``declaration`` says).
    public func withUnmergedParts(from other: Comment) -> Comment {
        Self.declaration.withUnmergedParts(self, from: other)
    }
}
