import Foundation

/// ``AnnotationService`` over a ``DataStore``: validation, permissions and plan limits before
/// every write, access filtering inside every query.
public struct DefaultAnnotationService<Store: DataStore>: AnnotationService, StoreBackedService {
    /// The store the service reads and writes.
    public let store: Store
    let context: ServiceContext
    let anchors: any AnchorManager
    private var access: AccessControl<Store> { AccessControl(store: store, context: context) }
    private var references: ReferenceCheck<Store> { ReferenceCheck(store: store, context: context) }

    /// A service acting for `context.userID`.
    public init(store: Store, context: ServiceContext, anchors: any AnchorManager) {
        self.store = store
        self.context = context
        self.anchors = anchors
    }

    public var serviceIdentifier: String { "annotations" }

    public func createAnnotation(
        content: AnnotationContent, type: AnnotationType, position: SIMD3<Float>, layerID: LayerID
    ) async throws -> Annotation {
        try await createAnnotation(AnnotationDraft(type: type, content: content, position: position, layerID: layerID))
    }

    public func createAnnotation(_ draft: AnnotationDraft) async throws -> Annotation {
        let now = context.now
        let (layer, _) = try await access.layer(draft.layerID, for: .edit)
        if let id = draft.id { try await access.requireUnused(id) }
        let annotation = try await annotation(from: draft, in: layer.id, at: now)
        let tier = try await access.currentPlan().tier(at: now)
        // Checked again inside the write: two creates with one client-chosen ID may race, and the
        // second would otherwise overwrite the first (whoever made it).
        var changes = ChangeSet(preconditions: [.annotationAbsent(annotation.id)])
        if let limit = tier.limits.maxAnnotations {
            changes.require(.annotationCountBelow(owner: context.userID, limit: limit, tier: tier))
        }
        changes.append(.saveAnnotation(annotation))
        changes.append(
            .addActivity(
                Activity(
                    kind: .annotationCreated, actorID: context.userID, annotationID: annotation.id, layerID: layer.id,
                    summary: "created \(annotation.title ?? annotation.type.rawValue)", createdAt: now)))
        try await store.commit(changes, applying: context.pushing)
        return annotation
    }

    /// Creates every draft in one commit, or none: the same rules as ``createAnnotation(_:)``,
    /// each layer's permission checked once and the plan's limit counted for the whole run. For a
    /// device's offline creates pushed by sync; a caller that needs to know which draft a rule
    /// refused creates them one at a time.
    public func createAnnotations(_ drafts: [AnnotationDraft]) async throws -> [Annotation] {
        guard !drafts.isEmpty else { return [] }
        let now = context.now
        var layers: [LayerID: Layer] = [:]
        var annotations: [Annotation] = []
        annotations.reserveCapacity(drafts.count)
        for draft in drafts {
            if layers[draft.layerID] == nil {
                layers[draft.layerID] = try await access.layer(draft.layerID, for: .edit).0
            }
            annotations.append(try await annotation(from: draft, in: draft.layerID, at: now, checkingAnchor: false))
        }
        try await references.anchors(of: zip(drafts, annotations).filter { $0.0.anchorID != nil }.map(\.1))
        guard Set(annotations.map(\.id)).count == annotations.count else {
            throw ServiceError.invalidOperation(reason: "Two drafts have the same ID.")
        }
        let tier = try await access.currentPlan().tier(at: now)
        var changes = ChangeSet(preconditions: [.annotationsAbsent(annotations.map(\.id))])
        let limit = tier.limits.maxAnnotations
        if let limit {
            // Fewer than `limit - count + 1` now means room for all `count`.
            changes.require(
                .annotationCountBelow(owner: context.userID, limit: limit - annotations.count + 1, tier: tier))
        }
        // Saves first, in one run, so that the store writes them together; then the activity.
        changes.changes += annotations.map(Change.saveAnnotation)
        changes.changes += annotations.map { annotation in
            .addActivity(
                Activity(
                    kind: .annotationCreated, actorID: context.userID, annotationID: annotation.id,
                    layerID: annotation.layerID, summary: "created \(annotation.title ?? annotation.type.rawValue)",
                    createdAt: now))
        }
        do {
            try await store.commit(changes, applying: context.pushing)
        } catch TierLimitError.annotationLimitReached where limit != nil {
            throw TierLimitError.annotationLimitReached(limit: limit ?? 0, tier: tier)
        }
        return annotations
    }

    /// The caller's new annotation from `draft`, anchored and validated (its given anchor checked
    /// unless `checkingAnchor` is false: the caller checks a run's anchors together).
    private func annotation(
        from draft: AnnotationDraft, in layerID: LayerID, at now: Date, checkingAnchor: Bool = true
    ) async throws -> Annotation {
        let anchorID: AnchorID
        if let given = draft.anchorID {
            anchorID = given
        } else {
            anchorID = try await anchors.anchorFor(position: draft.position)
        }
        var annotation = Annotation(
            id: draft.id ?? AnnotationID(), type: draft.type, content: draft.content, title: draft.title,
            position: draft.position, orientation: draft.orientation, scale: draft.scale, anchorID: anchorID,
            layerID: layerID, ownerID: context.userID, visibilityRules: draft.visibilityRules,
            createdAt: FieldStamps.creationDate(draft.createdAt, now: now), status: draft.status,
            attachments: draft.attachments,
            fieldStamps: draft.fieldStamps?.accepted(for: Annotation.self, now: now).nonEmpty)
        if let record = draft.record {
            for field in Annotation.editableFields { field.copy(record, &annotation) }
            (annotation.anchorID, annotation.layerID) = (anchorID, layerID)
        }
        try annotation.validate()
        try await references.assets(of: annotation, replacing: nil)
        if checkingAnchor, draft.anchorID != nil { try await references.anchor(of: annotation, replacing: nil) }
        return try await references.withServerFacts(annotation)
    }

    public func fetchAnnotations(in layerID: LayerID) async throws -> [Annotation] {
        _ = try await access.visibleLayer(layerID)
        return try await access.disclosingGrants(
            store.allAnnotations(matching: query(layerIDs: [layerID], limit: AnnotationQuery.maxLimit)))
    }

    public func fetchAnnotation(id: AnnotationID) async throws -> Annotation? {
        do {
            let (found, chain, level) = try await access.visibleAnnotation(id, comments: true)
            var annotation = found
            let writing = try await access.writingLevel(level, on: found, in: chain)
            annotation.permissions = GrantDisclosure.shown(
                annotation.permissions, to: context.userID, seen: level, writes: writing == level)
            annotation.myPermission = writing
            return annotation
        } catch ServiceError.notFound {
            return nil
        }
    }

    public func fetchAnnotations(matching query: AnnotationQuery) async throws -> [Annotation] {
        var scoped = query
        scoped.viewer = context.userID
        scoped.at = context.now
        scoped.limit = min(max(query.limit, 1), AnnotationQuery.maxLimit)
        return try await access.disclosingGrants(store.annotations(matching: scoped))
    }

    public func updateAnnotation(_ annotation: Annotation) async throws {
        let (current, level) = try await access.annotation(annotation.id, for: .edit)
        if annotation.layerID != current.layerID {
            let (target, _) = try await access.layer(annotation.layerID, for: .edit)
            try await access.requireMove(current, level: level, to: target)
        }
        var updated = current
        for field in Annotation.editableFields { field.copy(annotation, &updated) }
        updated.fieldStamps = annotation.fieldStamps
        updated = updated.stamped(editing: current, at: context.now)
        updated.updatedAt = max(context.now, current.updatedAt)
        try updated.validate()
        try await references.assets(of: updated, replacing: current)
        try await references.anchor(of: updated, replacing: current)
        updated = try await references.withServerFacts(updated)
        var changes = ChangeSet(preconditions: [.annotationUnchanged(current.id, updatedAt: current.updatedAt)])
        changes.append(.saveAnnotation(updated))
        changes.append(
            .addActivity(
                Activity(
                    kind: .annotationUpdated, actorID: context.userID, annotationID: updated.id,
                    layerID: updated.layerID,
                    summary: "edited", createdAt: updated.updatedAt)))
        if current.status != updated.status {
            changes.changes += try await Notifier(store: store, context: context).statusChanged(updated)
        }
        try await store.commit(changes, applying: context.pushing)
    }

    public func deleteAnnotation(id: AnnotationID) async throws {
        var (annotation, _) = try await access.annotation(id, for: .delete)
        annotation.isDeleted = true
        annotation.updatedAt = max(context.now, annotation.updatedAt)
        try await store.commit(
            ChangeSet(changes: [
                .saveAnnotation(annotation),
                .addActivity(
                    Activity(
                        kind: .annotationDeleted, actorID: context.userID, annotationID: id,
                        layerID: annotation.layerID,
                        summary: "deleted", createdAt: annotation.updatedAt)),
            ]), applying: context.pushing)
    }

    public func moveAnnotation(id: AnnotationID, to layerID: LayerID) async throws {
        let (found, level) = try await access.annotation(id, for: .edit)
        var annotation = found
        let (target, _) = try await access.layer(layerID, for: .edit)
        guard target.id != annotation.layerID else { return }
        try await access.requireMove(annotation, level: level, to: target)
        let previous = annotation.updatedAt
        let before = annotation
        annotation.layerID = target.id
        annotation = annotation.stamped(editing: before, at: context.now)
        annotation.updatedAt = max(context.now, previous)
        try await store.commit(
            ChangeSet(
                preconditions: [.annotationUnchanged(id, updatedAt: previous)],
                changes: [
                    .saveAnnotation(annotation),
                    .addActivity(
                        Activity(
                            kind: .annotationMoved, actorID: context.userID, annotationID: id, layerID: target.id,
                            summary: "moved to \(target.name)", createdAt: annotation.updatedAt)),
                ]), applying: context.pushing)
    }

    public func fetchNearby(position: SIMD3<Float>, radius: Float) async throws -> [Annotation] {
        try Self.checkProximity(position: position, radius: radius)
        var nearby = query(limit: AnnotationQuery.maxLimit)
        nearby.near = AnnotationQuery.Proximity(center: position, radius: radius)
        nearby.order = .nearestFirst
        return try await access.disclosingGrants(store.annotations(matching: nearby))
    }

    public func fetchVisible(at date: Date, viewerPosition: SIMD3<Float>?) async throws -> [Annotation] {
        var visible = query(limit: AnnotationQuery.maxLimit)
        visible.visibleAt = date
        let candidates = try await store.allAnnotations(matching: visible)
        return try await access.disclosingGrants(filterVisible(candidates, at: date, viewerPosition: viewerPosition))
    }

    /// The annotations among `candidates` whose visibility rules allow them at `date` for a viewer
    /// at `viewerPosition`, each judged in its rule's or its owner's time zone (for paged reads).
    public func filterVisible(
        _ candidates: [Annotation], at date: Date, viewerPosition: SIMD3<Float>?
    ) async throws -> [Annotation] {
        var zones: [UserID: TimeZone?] = [:]
        var result: [Annotation] = []
        for annotation in candidates {
            guard annotation.visibilityRules != nil else {
                result.append(annotation)
                continue
            }
            if zones[annotation.ownerID] == nil {
                let owner = try await store.user(id: annotation.ownerID)
                zones[annotation.ownerID] = owner?.preferences.timeZone.flatMap(TimeZone.init(identifier:))
            }
            let zone = zones[annotation.ownerID] ?? nil
            if annotation.isVisible(at: date, viewerPosition: viewerPosition, ownerTimeZone: zone) {
                result.append(annotation)
            }
        }
        return result
    }

    public func recordView(id: AnnotationID) async throws {
        _ = try await access.visibleAnnotation(id)
        try await store.commit(
            ChangeSet(changes: [.recordView(annotationID: id, userID: context.userID, at: context.now)]),
            applying: context.pushing)
    }

    public func watchAnnotations(in layerID: LayerID) -> AsyncStream<[Annotation]> {
        let commits = store.commits()
        let service = self
        return AsyncStream { continuation in
            let task = Task {
                var shown: Set<AnnotationID> = []
                if let annotations = try? await service.fetchAnnotations(in: layerID) {
                    shown = Set(annotations.map(\.id))
                    continuation.yield(annotations)
                }
                for await event in commits
                where event.layers.contains(layerID) || !event.annotations.isDisjoint(with: shown) {
                    if Task.isCancelled { break }
                    if let annotations = try? await service.fetchAnnotations(in: layerID) {
                        shown = Set(annotations.map(\.id))
                        continuation.yield(annotations)
                    }
                }
                continuation.finish()
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    private func query(layerIDs: [LayerID]? = nil, limit: Int) -> AnnotationQuery {
        AnnotationQuery(viewer: context.userID, at: context.now, layerIDs: layerIDs, limit: limit)
    }

    /// Nearby searches take a finite centre and a radius of up to 10 km.
    static func checkProximity(position: SIMD3<Float>, radius: Float) throws {
        try AnnotationQuery.Proximity(center: position, radius: radius).validate()
    }

    /// The largest radius a nearby search may ask for, metres.
    public static var maxNearbyRadius: Float { AnnotationQuery.Proximity.maxRadius }
}

/// A service whose health is its store's: healthy while the store answers.
public protocol StoreBackedService: ServiceProtocol {
    /// The storage the service works on.
    associatedtype Store: DataStore
    /// The store.
    var store: Store { get }
}

extension StoreBackedService {
    /// The store, and nothing else.
    public var dependencies: [HealthDependency] { [.store(store)] }
}
