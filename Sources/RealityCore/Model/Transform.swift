import Foundation

/// A 4×4 affine transform in column-major order, the portable stand-in for `simd_float4x4`.
///
/// JSON form: the 16 numbers column by column, as ARKit lays them out in memory.
public struct Transform: Hashable, Sendable, Codable {
    /// The four columns; the last column holds the translation.
    public private(set) var columns: [SIMD4<Float>]

    /// A transform from four columns.
    public init(columns: (SIMD4<Float>, SIMD4<Float>, SIMD4<Float>, SIMD4<Float>)) {
        self.columns = [columns.0, columns.1, columns.2, columns.3]
    }

    /// The transform that rotates by `rotation` and then moves by `translation`.
    public init(rotation: Quaternion = .identity, translation: SIMD3<Float> = .zero) {
        let q = rotation.normalized
        let (x, y, z, w) = (q.x, q.y, q.z, q.w)
        self.init(
            columns: (
                SIMD4(1 - 2 * (y * y + z * z), 2 * (x * y + z * w), 2 * (x * z - y * w), 0),
                SIMD4(2 * (x * y - z * w), 1 - 2 * (x * x + z * z), 2 * (y * z + x * w), 0),
                SIMD4(2 * (x * z + y * w), 2 * (y * z - x * w), 1 - 2 * (x * x + y * y), 0),
                SIMD4(translation.x, translation.y, translation.z, 1)
            ))
    }

    /// The transform that changes nothing.
    public static let identity = Transform()

    /// The translation part (the position of an anchor).
    public var translation: SIMD3<Float> {
        SIMD3(columns[3].x, columns[3].y, columns[3].z)
    }

    /// The element at `row`, `column` (both 0...3).
    public subscript(row: Int, column: Int) -> Float {
        columns[column][row]
    }

    /// True when every element is a finite number.
    public var isFinite: Bool {
        columns.allSatisfy { $0.x.isFinite && $0.y.isFinite && $0.z.isFinite && $0.w.isFinite }
    }

    /// True when the bottom row is `0 0 0 1`, as it is for every rigid or scaled placement.
    public var isAffine: Bool {
        columns[0].w == 0 && columns[1].w == 0 && columns[2].w == 0 && columns[3].w == 1
    }

    /// The composition `lhs · rhs`: applying `rhs` first.
    public static func * (lhs: Transform, rhs: Transform) -> Transform {
        func column(_ c: SIMD4<Float>) -> SIMD4<Float> {
            lhs.columns[0] * c.x + lhs.columns[1] * c.y + lhs.columns[2] * c.z + lhs.columns[3] * c.w
        }
        return Transform(
            columns: (
                column(rhs.columns[0]), column(rhs.columns[1]), column(rhs.columns[2]), column(rhs.columns[3])
            ))
    }

    /// Applies the transform to a point (w = 1).
    public func apply(to point: SIMD3<Float>) -> SIMD3<Float> {
        let r = columns[0] * point.x + columns[1] * point.y + columns[2] * point.z + columns[3]
        return SIMD3(r.x, r.y, r.z)
    }

    public init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        if let count = container.count, count != 16 {
            // Not `dataCorruptedError(in: container)`, which would blame element 0.
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: decoder.codingPath,
                    debugDescription: "Expected a 4×4 transform of 16 numbers, found \(count)."))
        }
        var values: [Float] = []
        values.reserveCapacity(16)
        for _ in 0..<16 { values.append(try container.decode(Float.self)) }
        self.columns = (0..<4).map { c in
            SIMD4(values[c * 4], values[c * 4 + 1], values[c * 4 + 2], values[c * 4 + 3])
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        for column in columns {
            try container.encode(contentsOf: [column.x, column.y, column.z, column.w])
        }
    }
}
