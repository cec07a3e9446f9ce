import Foundation
import RealityCore
import RealityTestSupport
import Testing

@testable import RealityStore

/// Relevance searches first join only the best-ranked matches; when the viewer may see too few of
/// them, the store must fall back to joining every match, so nobody's visible results go missing.
@Suite struct RankedSearchTests {
    @Test(arguments: StoreKind.allCases)
    func hiddenBetterMatches_doNotCrowdOutWhatTheViewerMaySee(kind: StoreKind) async throws {
        try await withStore(kind, role: ServerRole.self) { store in
            let ana = Samples.user("Ana")
            let ben = Samples.user("Ben")
            let anasLayer = Samples.layer(owner: ana.id)
            let bensLayer = Samples.layer(owner: ben.id)
            // Ana's private notes say "lantern" many times and so rank above Ben's single mention.
            var changes = ChangeSet(changes: [
                .saveUser(ana), .saveUser(ben), .saveLayer(anasLayer), .saveLayer(bensLayer),
            ])
            for index in 0..<60 {
                changes.append(
                    .saveAnnotation(
                        Samples.note(
                            "lantern lantern lantern lantern \(index)", title: "Lantern", owner: ana.id,
                            layer: anasLayer.id)))
            }
            let bens = Samples.note("an old lantern in the shed", owner: ben.id, layer: bensLayer.id)
            changes.append(.saveAnnotation(bens))
            try await store.commit(changes)

            let asBen = try await store.annotations(
                matching: AnnotationQuery(viewer: ben.id, text: "lantern", order: .relevance, limit: 2))
            #expect(asBen.map(\.id) == [bens.id])
            let asAna = try await store.annotations(
                matching: AnnotationQuery(viewer: ana.id, text: "lantern", order: .relevance, limit: 5))
            #expect(asAna.count == 5 && asAna.allSatisfy { $0.ownerID == ana.id })
        }
    }
}
