import Foundation
import Testing

@testable import RealityCore

/// True when every component of `a` is within `tolerance` of `b`'s.
func isClose(_ a: SIMD3<Float>, _ b: SIMD3<Float>, tolerance: Float = 1e-5) -> Bool {
    let d = a - b
    return abs(d.x) <= tolerance && abs(d.y) <= tolerance && abs(d.z) <= tolerance
}

/// True when two quaternions are componentwise within `tolerance`.
func isClose(_ a: Quaternion, _ b: Quaternion, tolerance: Float = 1e-5) -> Bool {
    isClose(a.vector, b.vector, tolerance: tolerance) && abs(a.real - b.real) <= tolerance
}

@Suite struct QuaternionTests {
    static let x = SIMD3<Float>(1, 0, 0)
    static let y = SIMD3<Float>(0, 1, 0)
    static let z = SIMD3<Float>(0, 0, 1)
    static let quarter = Float.pi / 2

    @Test func identity_leavesVectorsAlone_andHasUnitLength() {
        let v = SIMD3<Float>(1.5, -2, 3)
        #expect(Quaternion.identity.act(v) == v)
        #expect(Quaternion.identity.length == 1)
        #expect(
            (Quaternion.identity.x, Quaternion.identity.y, Quaternion.identity.z, Quaternion.identity.w) == (0, 0, 0, 1)
        )
    }

    /// A quarter turn about each axis, right-handed: x → y about z, y → z about x, z → x about y.
    @Test(arguments: [(z, x, y), (x, y, z), (y, z, x)])
    func quarterTurn_rotatesRightHanded(axis: SIMD3<Float>, from: SIMD3<Float>, to: SIMD3<Float>) {
        let q = Quaternion(angle: Self.quarter, axis: axis)
        #expect(isClose(q.act(from), to))
        #expect(isClose(q.act(axis), axis))
    }

    @Test func angleAxis_hasHalfAngleComponents_andNormalisesTheAxis() {
        let q = Quaternion(angle: Self.quarter, axis: SIMD3(0, 0, 5))
        let half = Self.quarter / 2
        #expect(isClose(q, Quaternion(x: 0, y: 0, z: sin(half), w: cos(half))))
        #expect(abs(q.length - 1) < 1e-6)
    }

    @Test func angleAxis_withZeroAxis_isIdentity() {
        #expect(Quaternion(angle: 1.2, axis: .zero) == .identity)
    }

    @Test func product_appliesRightOperandFirst() {
        let a = Quaternion(angle: Self.quarter, axis: Self.z)
        let b = Quaternion(angle: Self.quarter, axis: Self.x)
        let v = SIMD3<Float>(0.3, -1.2, 2)
        #expect(isClose((a * b).act(v), a.act(b.act(v))))
        // Quarter turn about x sends y to z; about z, z stays: y → z. The other order: y → -x → -x.
        #expect(isClose((a * b).act(Self.y), Self.z))
        #expect(isClose((b * a).act(Self.y), SIMD3(-1, 0, 0)))
    }

    @Test func twoQuarterTurns_makeAHalfTurn() {
        let quarter = Quaternion(angle: Self.quarter, axis: Self.y)
        #expect(isClose(quarter * quarter, Quaternion(angle: .pi, axis: Self.y)))
        #expect(isClose((quarter * quarter).act(Self.x), SIMD3(-1, 0, 0)))
    }

    @Test func identity_isNeutralForTheProduct() {
        let q = Quaternion(angle: 0.7, axis: SIMD3(1, 2, 3))
        #expect(isClose(q * .identity, q))
        #expect(isClose(.identity * q, q))
    }

    @Test func conjugate_undoesTheRotation() {
        let q = Quaternion(angle: 1.1, axis: SIMD3(-1, 2, 0.5))
        let v = SIMD3<Float>(4, -1, 2)
        #expect(isClose(q.conjugate.act(q.act(v)), v, tolerance: 1e-4))
        #expect(isClose(q * q.conjugate, .identity))
        #expect(q.conjugate == Quaternion(x: -q.x, y: -q.y, z: -q.z, w: q.w))
    }

    @Test func act_preservesLength() {
        let q = Quaternion(angle: 2.3, axis: SIMD3(0.2, -0.4, 1))
        let v = SIMD3<Float>(3, 4, 12)
        let rotated = q.act(v)
        #expect(abs((rotated * rotated).sum().squareRoot() - 13) < 1e-4)
    }

    @Test(arguments: [
        Quaternion(x: 0, y: 0, z: 0, w: 2), Quaternion(x: 1, y: 2, z: 3, w: 4), Quaternion(x: -0.1, y: 0, z: 0, w: 0),
    ])
    func normalized_hasUnitLength_andKeepsTheDirection(q: Quaternion) {
        let n = q.normalized
        #expect(abs(n.length - 1) < 1e-6)
        #expect(isClose(n, Quaternion(x: q.x / q.length, y: q.y / q.length, z: q.z / q.length, w: q.w / q.length)))
    }

    @Test(arguments: [
        Quaternion(x: 0, y: 0, z: 0, w: 0), Quaternion(x: .nan, y: 0, z: 0, w: 1),
        Quaternion(x: .infinity, y: 0, z: 0, w: 1),
    ])
    func normalized_ofZeroOrNonFinite_isIdentity(q: Quaternion) {
        #expect(q.normalized == .identity)
    }

    @Test func isFinite_detectsNaNAndInfinity() {
        #expect(Quaternion.identity.isFinite)
        #expect(!Quaternion(x: .nan, y: 0, z: 0, w: 1).isFinite)
        #expect(!Quaternion(x: 0, y: 0, z: 0, w: -.infinity).isFinite)
    }
}
