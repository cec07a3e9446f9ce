import Foundation
import Testing

@testable import RealityCore

/// `Annotation.isVisible(at:viewerPosition:ownerTimeZone:)` feeds the annotation's own state.
@Suite struct VisibilityAnnotationTests {
    typealias F = VisibilityFixture

    static let now = F.at("2026-05-01T12:00:00Z")

    private func annotation(rules: VisibilityRules?, deleted: Bool = false, views: Int = 0) -> Annotation {
        Annotation(
            type: .text, content: AnnotationContent(text: "hi"), position: [10, 0, 0],
            layerID: LayerID(), ownerID: UserID(), visibilityRules: rules,
            isDeleted: deleted, viewCount: views)
    }

    @Test func withoutRules_isVisibleUnlessDeleted() {
        #expect(annotation(rules: nil).isVisible(at: Self.now, viewerPosition: nil, ownerTimeZone: nil))
        #expect(!annotation(rules: nil, deleted: true).isVisible(at: Self.now, viewerPosition: nil, ownerTimeZone: nil))
        #expect(
            !annotation(rules: VisibilityRules(), deleted: true)
                .isVisible(at: Self.now, viewerPosition: nil, ownerTimeZone: nil))
    }

    @Test func usesItsPositionViewCountAndTheOwnersZone() {
        let near = annotation(rules: VisibilityRules(locationRules: [LocationRule(type: .proximity, radiusMeters: 2)]))
        #expect(near.isVisible(at: Self.now, viewerPosition: [11, 0, 0], ownerTimeZone: nil))
        #expect(!near.isVisible(at: Self.now, viewerPosition: [0, 0, 0], ownerTimeZone: nil))

        let limited = VisibilityRules(expiresAfterViews: 3)
        #expect(annotation(rules: limited, views: 2).isVisible(at: Self.now, viewerPosition: nil, ownerTimeZone: nil))
        #expect(!annotation(rules: limited, views: 3).isVisible(at: Self.now, viewerPosition: nil, ownerTimeZone: nil))

        let noon = annotation(rules: VisibilityRules(timeRules: [F.recurring(.daily, window: F.window(12, 0, 13, 0))]))
        #expect(noon.isVisible(at: Self.now, viewerPosition: nil, ownerTimeZone: nil))
        #expect(!noon.isVisible(at: Self.now, viewerPosition: nil, ownerTimeZone: F.zone("Asia/Tokyo")))
        #expect(
            noon.isVisible(
                at: F.at("2026-05-01T12:30:00+09:00"), viewerPosition: nil, ownerTimeZone: F.zone("Asia/Tokyo")))
    }
}
