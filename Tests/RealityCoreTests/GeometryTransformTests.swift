import Foundation
import Testing

@testable import RealityCore

@Suite struct TransformTests {
    @Test func identity_leavesPointsAlone() {
        let p = SIMD3<Float>(1, -2, 3.5)
        #expect(Transform.identity.apply(to: p) == p)
        #expect(Transform.identity.translation == .zero)
        for row in 0..<4 {
            for column in 0..<4 { #expect(Transform.identity[row, column] == (row == column ? 1 : 0)) }
        }
    }

    @Test func rotationThenTranslation_isAppliedToPoints() {
        let t = Transform(rotation: Quaternion(angle: .pi / 2, axis: SIMD3(0, 0, 1)), translation: SIMD3(1, 2, 3))
        #expect(isClose(t.apply(to: SIMD3(1, 0, 0)), SIMD3(1, 3, 3)))
        #expect(isClose(t.apply(to: .zero), SIMD3(1, 2, 3)))
        #expect(t.translation == SIMD3(1, 2, 3))
    }

    @Test func rotationPart_agreesWithTheQuaternion() {
        let q = Quaternion(angle: 0.9, axis: SIMD3(1, -2, 0.5))
        let t = Transform(rotation: q)
        for v in [SIMD3<Float>(1, 0, 0), SIMD3(0, 1, 0), SIMD3(0, 0, 1), SIMD3(2, -3, 4)] {
            #expect(isClose(t.apply(to: v), q.act(v), tolerance: 1e-4))
        }
    }

    @Test func rotation_isNormalisedFirst() {
        let unit = Quaternion(angle: 0.4, axis: SIMD3(0, 1, 0))
        let scaled = Quaternion(x: unit.x * 3, y: unit.y * 3, z: unit.z * 3, w: unit.w * 3)
        #expect(isClose(Transform(rotation: scaled).apply(to: SIMD3(1, 1, 1)), unit.act(SIMD3(1, 1, 1))))
    }

    @Test func composition_appliesRightOperandFirst() {
        let a = Transform(rotation: Quaternion(angle: .pi / 2, axis: SIMD3(0, 0, 1)), translation: SIMD3(5, 0, 0))
        let b = Transform(rotation: Quaternion(angle: .pi / 3, axis: SIMD3(1, 0, 0)), translation: SIMD3(0, 1, -2))
        let p = SIMD3<Float>(0.5, -1, 2)
        #expect(isClose((a * b).apply(to: p), a.apply(to: b.apply(to: p)), tolerance: 1e-4))
        #expect(isClose((a * b).translation, a.apply(to: b.translation), tolerance: 1e-5))
        #expect((a * .identity) == a)
        #expect((.identity * b) == b)
        #expect((a * b).isAffine)
    }

    @Test func subscript_readsRowThenColumn() {
        let t = Transform(translation: SIMD3(7, 8, 9))
        #expect(t[0, 3] == 7 && t[1, 3] == 8 && t[2, 3] == 9 && t[3, 3] == 1)
        #expect(t[3, 0] == 0)
    }

    @Test func isFiniteAndIsAffine_inspectEveryElement() {
        var columns = (
            SIMD4<Float>(1, 0, 0, 0), SIMD4<Float>(0, 1, 0, 0), SIMD4<Float>(0, 0, 1, 0), SIMD4<Float>(0, 0, 0, 1)
        )
        #expect(Transform(columns: columns).isFinite && Transform(columns: columns).isAffine)
        columns.2.y = .nan
        #expect(!Transform(columns: columns).isFinite)
        columns.2.y = 0
        columns.0.w = 0.5
        #expect(!Transform(columns: columns).isAffine)
    }

    @Test func json_isSixteenNumbersColumnByColumn() throws {
        let t = Transform(rotation: Quaternion(angle: .pi / 2, axis: SIMD3(0, 0, 1)), translation: SIMD3(1, 2, 3))
        let numbers = try #require(try JSONSerialization.jsonObject(with: RealityJSON.encode(t)) as? [Double])
        #expect(numbers.count == 16)
        let expected: [Double] = [0, 1, 0, 0, -1, 0, 0, 0, 0, 0, 1, 0, 1, 2, 3, 1]
        for (value, wanted) in zip(numbers, expected) { #expect(abs(value - wanted) < 1e-6) }
        #expect(try RealityJSON.decode(Transform.self, from: RealityJSON.encode(t)) == t)
    }

    @Test func json_readsColumnsInOrder() throws {
        let text = "[1,0,0,0, 0,1,0,0, 0,0,1,0, 4,5,6,1]"
        let t = try RealityJSON.decode(Transform.self, from: Data(text.utf8))
        #expect(t.translation == SIMD3(4, 5, 6))
        #expect(t.apply(to: SIMD3(1, 1, 1)) == SIMD3(5, 6, 7))
    }

    @Test(arguments: ["[]", "[1,0,0,0, 0,1,0,0, 0,0,1,0, 4,5,6]", "[1,0,0,0, 0,1,0,0, 0,0,1,0, 4,5,6,1,0]"])
    func json_ofAnyOtherLength_isRejected(text: String) {
        #expect(throws: JSONInputError.self) { try RealityJSON.decode(Transform.self, from: Data(text.utf8)) }
    }
}
