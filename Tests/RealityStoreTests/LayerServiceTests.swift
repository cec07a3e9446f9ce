import Foundation
import RealityCore
import Testing

@testable import RealityStore

@Suite struct LayerServiceTests {
    @Test(arguments: StoreKind.allCases)
    func createNestFetchAndUpdate(kind: StoreKind) async throws {
        try await withHarness(kind) { h in
            let ana = try await h.user("Ana")
            let root = try await ana.layers.createLayer(name: "  Home  ", icon: "house", color: .red)
            #expect(root.name == "Home" && root.icon == "house" && root.color == .red && root.ownerID == ana.userID)
            #expect(root.parentLayerID == nil && !root.isPublic && root.isVisible)
            h.clock.advance(by: 1)
            let child = try await ana.layer("Kitchen", parent: root.id)
            h.clock.advance(by: 1)
            let grandchild = try await ana.layer("Drawer", parent: child.id)
            #expect(try await ana.layers.fetchLayer(id: child.id)?.myPermission == .owner)
            var mine = child
            mine.myPermission = .owner  // what a read tells its reader
            #expect(try await ana.layers.fetchLayer(id: child.id) == mine)
            #expect(try await ana.layers.fetchLayers().map(\.id) == [root.id, child.id, grandchild.id])
            #expect(try await ana.layers.childLayers(of: root.id) == [child])
            #expect(try await ana.layers.childLayers(of: child.id) == [grandchild])

            h.clock.advance(by: 1)
            var edit = child
            edit.name = " Pantry "
            edit.color = .yellow
            edit.icon = "cart"
            edit.autoExpireDays = 14
            edit.defaultPermission = .commenter
            edit.isPublic = true
            edit.ownerID = UserID()  // not editable: ignored
            try await ana.layers.updateLayer(edit)
            let updated = try #require(try await ana.layers.fetchLayer(id: child.id))
            #expect(updated.name == "Pantry" && updated.color == .yellow && updated.icon == "cart")
            #expect(updated.autoExpireDays == 14 && updated.defaultPermission == .commenter && updated.isPublic)
            #expect(updated.ownerID == ana.userID && updated.updatedAt == h.clock.now)

            var unnest = grandchild
            unnest.parentLayerID = nil
            try await ana.layers.updateLayer(unnest)
            #expect(try await ana.layers.childLayers(of: child.id).isEmpty)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func nestingALayerInsideItselfOrItsDescendants_isRefused(kind: StoreKind) async throws {
        try await withHarness(kind) { h in
            let ana = try await h.user("Ana")
            let root = try await ana.layer("Root")
            let child = try await ana.layer("Child", parent: root.id)
            let grandchild = try await ana.layer("Grandchild", parent: child.id)
            let before = try await h.store.snapshot()
            for parent in [root.id, grandchild.id] {
                var loop = root
                loop.parentLayerID = parent
                let error = await thrownError { try await ana.layers.updateLayer(loop) }
                #expect((error as? ValidationError)?.field == "parentLayerID")
            }
            #expect(try await h.store.snapshot() == before)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func deleteLayer_deletesNestedLayers_andMovesEveryAnnotationToTheOwnersDefaultLayer(kind: StoreKind) async throws {
        try await withHarness(kind) { h in
            let ana = try await h.user("Ana", preferences: UserPreferences(defaultLayerColor: .pink))
            let ben = try await h.user("Ben")
            let parent = try await ana.layer("Parent")
            let child = try await ana.layer("Child", parent: parent.id)
            let grandchild = try await ana.layer("Grandchild", parent: child.id)
            let kept = try await ana.layer("Kept")
            _ = try await ana.permissions.grantPermission(
                to: ben.userID, level: .editor, forLayer: parent.id, expiresAt: nil)
            let inParent = try await ana.note("p", in: parent.id)
            let inChild = try await ana.note("c", in: child.id)
            let bensInGrandchild = try await ben.note("g", in: grandchild.id)
            let inKept = try await ana.note("k", in: kept.id)
            let defaultID = LayerID.defaultLayer(of: ana.userID)
            #expect(try await h.store.layer(id: defaultID) == nil)

            h.clock.advance(by: 10)
            try await ana.layers.deleteLayer(id: parent.id)
            for gone in [parent, child, grandchild] {
                #expect(try await ana.layers.fetchLayer(id: gone.id) == nil)
                #expect(try await h.store.layer(id: gone.id)?.isDeleted == true)
            }
            let home = try #require(try await ana.layers.fetchLayer(id: defaultID))
            #expect(home.name == Layer.defaultName && home.ownerID == ana.userID && home.color == .pink)
            let moved = try await ana.annotations.fetchAnnotations(in: defaultID)
            #expect(Set(moved.map(\.id)) == [inParent.id, inChild.id, bensInGrandchild.id])
            #expect(moved.allSatisfy { $0.updatedAt == h.clock.now })
            #expect(try await ana.annotations.fetchAnnotations(in: kept.id).map(\.id) == [inKept.id])
            #expect(
                try await ben.annotations.fetchAnnotation(id: bensInGrandchild.id)?.layerID == defaultID,
                "Ben still owns his note")
            #expect(try await ana.layers.fetchLayers().map(\.id) == [kept.id, defaultID])

            // The default layer now exists: deleting another layer reuses it.
            h.clock.advance(by: 10)
            try await ana.layers.deleteLayer(id: kept.id)
            #expect(try await ana.annotations.fetchAnnotations(in: defaultID).count == 4)
            #expect(try await h.store.count("layers", where: "id = ?", [defaultID.uuidString]) == 1)

            let before = try await h.store.snapshot()
            await #expect(throws: ServiceError.self) { try await ana.layers.deleteLayer(id: defaultID) }
            await #expect(throws: ServiceError.notFound(.layer, id: parent.id.uuidString)) {
                try await ana.layers.deleteLayer(id: parent.id)
            }
            #expect(try await h.store.snapshot() == before)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func deletingAnEmptyLayer_createsNoDefaultLayer(kind: StoreKind) async throws {
        try await withHarness(kind) { h in
            let ana = try await h.user("Ana")
            let empty = try await ana.layer("Empty")
            try await ana.layers.deleteLayer(id: empty.id)
            #expect(try await h.store.layer(id: LayerID.defaultLayer(of: ana.userID)) == nil)
            #expect(try await ana.layers.fetchLayers().isEmpty)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func defaultLayer_isCreatedOnce_andCannotBeDeleted(kind: StoreKind) async throws {
        try await withHarness(kind) { h in
            let ana = try await h.user("Ana")
            let first = try await ana.layers.defaultLayer()
            let second = try await ana.layers.defaultLayer()
            #expect(first == second)
            #expect(first.id == LayerID.defaultLayer(of: ana.userID))
            #expect(LayerID.defaultLayer(of: ana.userID) != LayerID.defaultLayer(of: UserID()))
            let error = await thrownError { try await ana.layers.deleteLayer(id: first.id) }
            guard case .invalidOperation? = error as? ServiceError else {
                Issue.record("expected invalidOperation, got \(String(describing: error))")
                return
            }
            #expect(try await ana.layers.fetchLayer(id: first.id)?.isDeleted == false)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func deleteLayer_whenTheDefaultLayerIsNestedInside_keepsItAlive(kind: StoreKind) async throws {
        try await withHarness(kind) { h in
            let ana = try await h.user("Ana")
            let outer = try await ana.layer("Outer")
            var home = try await ana.layers.defaultLayer()
            home.parentLayerID = outer.id
            let nested = await thrownError { try await ana.layers.updateLayer(home) }
            let note = try await ana.note("n", in: outer.id)
            let alreadyHome = try await ana.note("home", in: home.id)
            try await ana.layers.deleteLayer(id: outer.id)
            #expect(try await ana.annotations.fetchAnnotation(id: alreadyHome.id)?.layerID == home.id)
            let after = try #require(try await ana.layers.fetchLayer(id: home.id), "the default layer survives")
            #expect(!after.isDeleted)
            #expect(try await ana.annotations.fetchAnnotation(id: note.id)?.layerID == home.id)
            if nested == nil { #expect(after.parentLayerID == nil, "and is no longer nested in a deleted layer") }
        }
    }

    @Test(arguments: StoreKind.allCases)
    func visibility_toggles_andActiveLayersFollow(kind: StoreKind) async throws {
        try await withHarness(kind) { h in
            let ana = try await h.user("Ana")
            let shown = try await ana.layer("Shown")
            h.clock.advance(by: 1)
            let hidden = try await ana.layer("Hidden")
            try await ana.layers.setLayerVisible(hidden.id, visible: false)
            #expect(try await ana.layers.getActiveLayers().map(\.id) == [shown.id])
            #expect(try await ana.layers.fetchLayers().map(\.id) == [shown.id, hidden.id])
            try await ana.layers.setLayerVisible(hidden.id, visible: false)
            try await ana.layers.setLayerVisible(hidden.id, visible: true)
            #expect(try await ana.layers.getActiveLayers().map(\.id) == [shown.id, hidden.id])
        }
    }

    @Test(arguments: StoreKind.allCases)
    func sharedAndPublicLayers_areListed_withWhatIsNestedInThem(kind: StoreKind) async throws {
        try await withHarness(kind) { h in
            let ana = try await h.user("Ana")
            let ben = try await h.user("Ben")
            let cy = try await h.user("Cy")
            let shared = try await ana.layer("Shared")
            let inside = try await ana.layer("Inside", parent: shared.id)
            let secret = try await ana.layer("Secret")
            var open = try await ana.layer("Open")
            open.isPublic = true
            try await ana.layers.updateLayer(open)
            _ = try await ana.permissions.grantPermission(
                to: ben.userID, level: .viewer, forLayer: shared.id, expiresAt: nil)
            #expect(Set(try await ben.layers.fetchLayers().map(\.id)) == [shared.id, inside.id, open.id])
            #expect(try await cy.layers.fetchLayers().map(\.id) == [open.id])
            #expect(try await ben.layers.fetchLayer(id: secret.id) == nil)
            #expect(try await ben.layers.childLayers(of: shared.id).map(\.id) == [inside.id])
            await #expect(throws: ServiceError.notFound(.layer, id: secret.id.uuidString)) {
                _ = try await ben.layers.childLayers(of: secret.id)
            }
        }
    }

    @Test(arguments: StoreKind.allCases)
    func layerRights_followTheUsersLevel(kind: StoreKind) async throws {
        try await withHarness(kind) { h in
            let ana = try await h.user("Ana")
            let ben = try await h.user("Ben")
            let cy = try await h.user("Cy")
            let layer = try await ana.layer("Team")
            let other = try await ana.layer("Other")
            _ = try await ana.permissions.grantPermission(
                to: ben.userID, level: .editor, forLayer: layer.id, expiresAt: nil)
            _ = try await ana.permissions.grantPermission(
                to: cy.userID, level: .viewer, forLayer: layer.id, expiresAt: nil)

            var rename = layer
            rename.name = "Team B"
            try await ben.layers.updateLayer(rename)
            #expect(try await ana.layers.fetchLayer(id: layer.id)?.name == "Team B")
            let bensChild = try await ben.layer("Ben's corner", parent: layer.id)
            #expect(bensChild.ownerID == ben.userID)

            let before = try await h.store.snapshot()
            var publish = try #require(try await ben.layers.fetchLayer(id: layer.id))
            publish.isPublic = true
            await #expect(throws: PermissionError.notOwner) { try await ben.layers.updateLayer(publish) }
            var renest = try #require(try await ben.layers.fetchLayer(id: layer.id))
            renest.parentLayerID = other.id
            await #expect(throws: PermissionError.notOwner) { try await ben.layers.updateLayer(renest) }
            await #expect(throws: PermissionError.cannotDelete) { try await ben.layers.deleteLayer(id: layer.id) }
            await #expect(throws: PermissionError.cannotEdit) {
                try await cy.layers.setLayerVisible(layer.id, visible: false)
            }
            await #expect(throws: PermissionError.cannotEdit) { _ = try await cy.layer("Nope", parent: layer.id) }
            await #expect(throws: ServiceError.notFound(.layer, id: other.id.uuidString)) {
                try await cy.layers.deleteLayer(id: other.id)
            }
            #expect(try await h.store.snapshot() == before)

            // The owner of a parent layer owns what is nested in it.
            try await ana.layers.deleteLayer(id: bensChild.id)
            #expect(try await ben.layers.fetchLayer(id: bensChild.id) == nil)
        }
    }
}
