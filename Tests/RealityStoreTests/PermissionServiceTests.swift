import Foundation
import RealityCore
import RealityTestSupport
import Testing

@testable import RealityStore

/// Levels and shares through the services: Ana owns, Ben gets a grant, Cy has nothing.
@Suite struct PermissionServiceTests {
    /// What a user with a direct grant of `level` on Ana's note may do, and what each refusal is.
    @Test(arguments: StoreKind.allCases, PermissionLevel.allCases.filter { $0 != .owner })
    func grantedLevel_allowsExactlyItsCapabilities(kind: StoreKind, level: PermissionLevel) async throws {
        try await withHarness(kind) { h in
            let ana = try await h.user("Ana")
            let ben = try await h.user("Ben")
            let layer = try await ana.layer()
            let note = try await ana.note("shared note", in: layer.id)
            _ = try await ana.permissions.grantPermission(to: ben.userID, level: level, for: note.id, expiresAt: nil)
            let seen = try #require(try await ben.annotations.fetchAnnotation(id: note.id))
            #expect(try await ben.permissions.level(on: seen) == level)
            #expect(try await ben.permissions.canView(seen))
            #expect(try await ben.permissions.canComment(seen) == (level >= .commenter))
            #expect(try await ben.permissions.canEdit(seen) == (level >= .editor))
            #expect(try await ben.permissions.canShare(seen) == (level >= .editor))
            #expect(try await !ben.permissions.canDelete(seen))

            let commented = await thrownError { _ = try await ben.collaboration.addComment(to: note.id, text: "hi") }
            #expect(commented as? PermissionError == (level >= .commenter ? nil : .cannotComment))
            var edit = seen
            edit.title = "edited by Ben"
            let edited = await thrownError { try await ben.annotations.updateAnnotation(edit) }
            #expect(edited as? PermissionError == (level >= .editor ? nil : .cannotEdit))
            let before = try await h.store.snapshot()
            await #expect(throws: PermissionError.cannotDelete) {
                try await ben.annotations.deleteAnnotation(id: note.id)
            }
            #expect(try await h.store.snapshot() == before)
            try await ana.annotations.deleteAnnotation(id: note.id)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func levels_comeFromOwnershipGrantsParentLayersAndPublicLayers(kind: StoreKind) async throws {
        try await withHarness(kind) { h in
            let ana = try await h.user("Ana")
            let ben = try await h.user("Ben")
            let cy = try await h.user("Cy")
            let parent = try await ana.layer("Parent")
            let child = try await ana.layer("Child", parent: parent.id)
            let note = try await ana.note("deep", in: child.id)
            #expect(try await ana.permissions.level(on: note) == .owner)
            #expect(try await ben.permissions.level(on: note) == nil)
            _ = try await ana.permissions.grantPermission(
                to: ben.userID, level: .commenter, forLayer: parent.id, expiresAt: nil)
            #expect(try await ben.permissions.level(on: note) == .commenter, "inherited from the parent layer")
            #expect(try await ben.permissions.level(onLayer: child.id) == .commenter)
            _ = try await ana.permissions.grantPermission(to: ben.userID, level: .editor, for: note.id, expiresAt: nil)
            #expect(try await ben.permissions.level(on: note) == .editor, "the best grant wins")
            #expect(try await ana.permissions.getPermissionLevel(for: ben.userID, annotation: note) == .editor)

            var open = parent
            open.isPublic = true
            try await ana.layers.updateLayer(open)
            #expect(try await cy.permissions.level(on: note) == .viewer, "public layers give everyone viewer")
            #expect(try await cy.annotations.fetchAnnotation(id: note.id)?.id == note.id)
            await #expect(throws: PermissionError.cannotComment) {
                _ = try await cy.collaboration.addComment(to: note.id, text: "x")
            }
        }
    }

    @Test(arguments: StoreKind.allCases)
    func levels_judgeTheStoredAnnotation_notTheCallersCopy(kind: StoreKind) async throws {
        try await withHarness(kind) { h in
            let ana = try await h.user("Ana")
            let ben = try await h.user("Ben")
            let cy = try await h.user("Cy")
            let layer = try await ana.layer()
            let note = try await ana.note("note", in: layer.id)
            var forged = note
            forged.permissions = [Samples.grant(.owner, to: cy.userID, by: cy.userID)]
            forged.ownerID = cy.userID
            #expect(try await cy.permissions.level(on: forged) == nil)
            #expect(try await !cy.permissions.canDelete(forged))
            await #expect(throws: ServiceError.notFound(.annotation, id: note.id.uuidString)) {
                try await cy.permissions.checkCanEdit(forged)
            }
            _ = try await ana.permissions.grantPermission(to: ben.userID, level: .editor, for: note.id, expiresAt: nil)
            #expect(
                try await ben.permissions.level(on: note) == .editor,
                "a copy read before the grant still gets today's answer")
            try await ben.permissions.checkCanEdit(note)
            await #expect(throws: PermissionError.cannotDelete) { try await ben.permissions.checkCanDelete(note) }
        }
    }

    @Test(arguments: StoreKind.allCases)
    func freeTierCannotShare_plusTierCan(kind: StoreKind) async throws {
        try await withHarness(kind) { h in
            let free = try await h.user("Fay", tier: .free)
            let ben = try await h.user("Ben")
            let layer = try await free.layer()
            let note = try await free.note("mine", in: layer.id)
            let before = try await h.store.snapshot()
            await #expect(throws: PermissionError.sharingNotAllowedOnTier(.free)) {
                _ = try await free.permissions.grantPermission(
                    to: ben.userID, level: .viewer, for: note.id, expiresAt: nil)
            }
            await #expect(throws: PermissionError.sharingNotAllowedOnTier(.free)) {
                _ = try await free.permissions.grantPermission(
                    to: ben.userID, level: nil, forLayer: layer.id, expiresAt: nil)
            }
            #expect(try await h.store.snapshot() == before)

            try await free.users.upgradeSubscription(to: .plus)
            let grant = try await free.permissions.grantPermission(
                to: ben.userID, level: .viewer, for: note.id, expiresAt: nil)
            #expect(grant.userID == ben.userID && grant.grantedBy == free.userID && grant.grantedAt == h.clock.now)
            #expect(try await ben.annotations.fetchAnnotation(id: note.id)?.permissions == [grant])
        }
    }

    @Test(arguments: StoreKind.allCases)
    func grantingAboveOnesOwnLevel_toOneself_orToTheOwner_isRefused(kind: StoreKind) async throws {
        try await withHarness(kind) { h in
            let ana = try await h.user("Ana")
            let ben = try await h.user("Ben")
            let cy = try await h.user("Cy")
            let layer = try await ana.layer()
            let note = try await ana.note("note", in: layer.id)
            _ = try await ana.permissions.grantPermission(to: ben.userID, level: .editor, for: note.id, expiresAt: nil)
            let before = try await h.store.snapshot()
            await #expect(throws: PermissionError.cannotGrantAboveOwnLevel(.editor)) {
                _ = try await ben.permissions.grantPermission(
                    to: cy.userID, level: .owner, for: note.id, expiresAt: nil)
            }
            await #expect(throws: PermissionError.cannotGrantToSelf) {
                _ = try await ben.permissions.grantPermission(
                    to: ben.userID, level: .viewer, for: note.id, expiresAt: nil)
            }
            await #expect(throws: PermissionError.cannotGrantToOwner) {
                _ = try await ben.permissions.grantPermission(
                    to: ana.userID, level: .viewer, for: note.id, expiresAt: nil)
            }
            let ghost = UserID()
            await #expect(throws: ServiceError.notFound(.user, id: ghost.uuidString)) {
                _ = try await ana.permissions.grantPermission(to: ghost, level: .viewer, for: note.id, expiresAt: nil)
            }
            #expect(try await h.store.snapshot() == before)
            // An editor may share at or below their own level.
            _ = try await ben.permissions.grantPermission(
                to: cy.userID, level: .commenter, for: note.id, expiresAt: nil)
            #expect(try await cy.permissions.level(on: note) == .commenter)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func revoke_removesAccess_onAnnotationsAndLayers(kind: StoreKind) async throws {
        try await withHarness(kind) { h in
            let ana = try await h.user("Ana")
            let ben = try await h.user("Ben")
            let layer = try await ana.layer()
            let inLayer = try await ana.note("in layer", in: layer.id)
            let other = try await ana.layer("Other")
            let direct = try await ana.note("direct", in: other.id)
            _ = try await ana.permissions.grantPermission(
                to: ben.userID, level: .viewer, forLayer: layer.id, expiresAt: nil)
            _ = try await ana.permissions.grantPermission(
                to: ben.userID, level: .viewer, for: direct.id, expiresAt: nil)
            #expect(Set(try await ben.search.getRecent(limit: 10).map(\.id)) == [inLayer.id, direct.id])

            try await ana.permissions.revokePermission(from: ben.userID, forLayer: layer.id)
            try await ana.permissions.revokePermission(from: ben.userID, for: direct.id)
            #expect(try await ben.search.getRecent(limit: 10).isEmpty)
            #expect(try await ben.annotations.fetchAnnotation(id: inLayer.id) == nil)
            #expect(try await ben.layers.fetchLayer(id: layer.id) == nil)
            await #expect(throws: ServiceError.notFound(.grant, id: ben.userID.uuidString)) {
                try await ana.permissions.revokePermission(from: ben.userID, for: direct.id)
            }
        }
    }

    @Test(arguments: StoreKind.allCases)
    func aGrantee_mayLeaveAShare(kind: StoreKind) async throws {
        try await withHarness(kind) { h in
            let ana = try await h.user("Ana")
            let ben = try await h.user("Ben")
            let layer = try await ana.layer()
            let note = try await ana.note("note", in: layer.id)
            _ = try await ana.permissions.grantPermission(to: ben.userID, level: .viewer, for: note.id, expiresAt: nil)
            try await ben.permissions.revokePermission(from: ben.userID, for: note.id)
            #expect(try await ben.annotations.fetchAnnotation(id: note.id) == nil)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func anExpiredGrant_givesNoAccess(kind: StoreKind) async throws {
        try await withHarness(kind) { h in
            let ana = try await h.user("Ana")
            let ben = try await h.user("Ben")
            let layer = try await ana.layer()
            let viaLayer = try await ana.note("via layer", in: layer.id)
            let other = try await ana.layer("Other")
            let direct = try await ana.note("direct", in: other.id)
            let expiry = h.clock.now.addingTimeInterval(3_600)
            _ = try await ana.permissions.grantPermission(
                to: ben.userID, level: .editor, forLayer: layer.id, expiresAt: expiry)
            _ = try await ana.permissions.grantPermission(
                to: ben.userID, level: .editor, for: direct.id, expiresAt: expiry)
            #expect(try await ben.search.getRecent(limit: 10).count == 2)

            h.clock.set(expiry)
            #expect(try await ben.search.getRecent(limit: 10).isEmpty, "expiry is exclusive")
            #expect(try await ben.annotations.fetchAnnotation(id: viaLayer.id) == nil)
            #expect(try await ben.annotations.fetchAnnotation(id: direct.id) == nil)
            #expect(try await ben.layers.fetchLayers().isEmpty)
            #expect(try await ben.annotations.fetchNearby(position: .zero, radius: 100).isEmpty)
            #expect(try await ben.search.search(query: "via").isEmpty)
            let before = try await h.store.snapshot()
            var edit = direct
            edit.title = "too late"
            await #expect(throws: ServiceError.notFound(.annotation, id: direct.id.uuidString)) {
                try await ben.annotations.updateAnnotation(edit)
            }
            #expect(try await h.store.snapshot() == before)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func someoneElsesAnnotation_isNotFound_andNothingChanges(kind: StoreKind) async throws {
        try await withHarness(kind) { h in
            let ana = try await h.user("Ana")
            let cy = try await h.user("Cy")
            let layer = try await ana.layer()
            let note = try await ana.note("private", in: layer.id)
            let cysLayer = try await cy.layer()
            let before = try await h.store.snapshot()
            let notFound = ServiceError.notFound(.annotation, id: note.id.uuidString)
            #expect(try await cy.annotations.fetchAnnotation(id: note.id) == nil)
            var edit = note
            edit.title = "hijacked"
            await #expect(throws: notFound) { try await cy.annotations.updateAnnotation(edit) }
            await #expect(throws: notFound) { try await cy.annotations.deleteAnnotation(id: note.id) }
            await #expect(throws: notFound) { try await cy.annotations.moveAnnotation(id: note.id, to: cysLayer.id) }
            await #expect(throws: notFound) { try await cy.annotations.recordView(id: note.id) }
            await #expect(throws: notFound) {
                _ = try await cy.permissions.grantPermission(to: cy.userID, level: .owner, for: note.id, expiresAt: nil)
            }
            await #expect(throws: notFound) {
                try await cy.permissions.revokePermission(from: ana.userID, for: note.id)
            }
            await #expect(throws: notFound) { try await cy.permissions.checkCanEdit(note) }
            await #expect(throws: notFound) { _ = try await cy.collaboration.addComment(to: note.id, text: "hi") }
            await #expect(throws: notFound) { try await cy.collaboration.addReaction(to: note.id, emoji: "👍") }
            await #expect(throws: notFound) { try await cy.collaboration.removeReaction(from: note.id, emoji: "👍") }
            await #expect(throws: notFound) { try await cy.collaboration.markAsResolved(note.id) }
            await #expect(throws: notFound) { _ = try await cy.collaboration.getComments(for: note.id) }
            await #expect(throws: notFound) { try await cy.search.markAsRead(note.id) }
            await #expect(throws: notFound) { try await cy.search.setStarred(note.id, starred: true) }
            await #expect(throws: ServiceError.notFound(.layer, id: layer.id.uuidString)) {
                _ = try await cy.note("intruder", in: layer.id)
            }
            await #expect(throws: ServiceError.notFound(.layer, id: layer.id.uuidString)) {
                _ = try await cy.permissions.grantPermission(
                    to: cy.userID, level: .viewer, forLayer: layer.id, expiresAt: nil)
            }
            #expect(try await cy.permissions.canView(note) == false)
            #expect(try await h.store.snapshot() == before)
        }
    }
}
