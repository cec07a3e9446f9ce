import Foundation

/// A rotation quaternion `(x, y, z, w)`, the portable stand-in for `simd_quatf`.
///
/// JSON form: `[x, y, z, w]`.
public struct Quaternion: Hashable, Sendable, Codable {
    /// The vector (imaginary) part.
    public var vector: SIMD3<Float>
    /// The scalar (real) part.
    public var real: Float

    /// The quaternion with the given components.
    public init(x: Float, y: Float, z: Float, w: Float) {
        self.vector = SIMD3(x, y, z)
        self.real = w
    }

    /// The rotation by `angle` radians about `axis` (normalised here; a zero axis gives identity).
    public init(angle: Float, axis: SIMD3<Float>) {
        let length = (axis * axis).sum().squareRoot()
        guard length > 0 else {
            self = .identity
            return
        }
        let half = angle / 2
        self.vector = axis / length * sin(half)
        self.real = cos(half)
    }

    /// The rotation that does nothing; the seed's default orientation.
    public static let identity = Quaternion(x: 0, y: 0, z: 0, w: 1)

    /// The x component.
    public var x: Float { vector.x }
    /// The y component.
    public var y: Float { vector.y }
    /// The z component.
    public var z: Float { vector.z }
    /// The w (real) component.
    public var w: Float { real }

    /// The Euclidean norm; 1 for a rotation.
    public var length: Float { ((vector * vector).sum() + real * real).squareRoot() }

    /// True when every component is a finite number.
    public var isFinite: Bool { x.isFinite && y.isFinite && z.isFinite && w.isFinite }

    /// This quaternion scaled to unit length (identity when its length is zero).
    public var normalized: Quaternion {
        let norm = length
        guard norm > 0, norm.isFinite else { return .identity }
        return Quaternion(x: x / norm, y: y / norm, z: z / norm, w: w / norm)
    }

    /// The inverse rotation of a unit quaternion.
    public var conjugate: Quaternion { Quaternion(x: -x, y: -y, z: -z, w: w) }

    /// The Hamilton product: applying `rhs` first, then `lhs`.
    public static func * (lhs: Quaternion, rhs: Quaternion) -> Quaternion {
        let v = lhs.real * rhs.vector + rhs.real * lhs.vector + cross(lhs.vector, rhs.vector)
        let w = lhs.real * rhs.real - (lhs.vector * rhs.vector).sum()
        return Quaternion(x: v.x, y: v.y, z: v.z, w: w)
    }

    /// Rotates a vector by this (unit) quaternion.
    public func act(_ point: SIMD3<Float>) -> SIMD3<Float> {
        let t = 2 * cross(vector, point)
        return point + real * t + cross(vector, t)
    }

    public init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        if let count = container.count, count != 4 {
            // Not `dataCorruptedError(in: container)`, which would blame element 0.
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: decoder.codingPath,
                    debugDescription: "Expected an orientation [x, y, z, w], found \(count) numbers."))
        }
        let x = try container.decode(Float.self)
        let y = try container.decode(Float.self)
        let z = try container.decode(Float.self)
        let w = try container.decode(Float.self)
        self.init(x: x, y: y, z: z, w: w)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        try container.encode(contentsOf: [x, y, z, w])
    }
}

/// The cross product of two 3-vectors.
func cross(_ a: SIMD3<Float>, _ b: SIMD3<Float>) -> SIMD3<Float> {
    SIMD3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x)
}
