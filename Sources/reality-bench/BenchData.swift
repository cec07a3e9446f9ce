import Foundation
import RealityCore
import RealityStore

/// The benchmark's world: one user's annotations spread over a city (5 km × 5 km, 30 m high), so
/// that a 10 m nearby search finds a handful, as it would in use. Texts are drawn from a
/// vocabulary; a rare term occurs in 5 rows and a common one in 2% of rows.
struct BenchData {
    static let extent: Float = 5_000
    static let height: Float = 30
    static let rareTerm = "zephyrquartz"
    static let commonTerm = "lantern"

    let owner: UserID
    let layers: [LayerID]
    let count: Int
    private let vocabulary: [String]
    /// Mixed into record IDs for an owner other than the default one, so that two owners' data
    /// in one database are different records (at the same places).
    private let salt: UInt64

    /// `count` annotations of `owner` (by default a fixed user, so that a store file is reused).
    /// The owner of the benchmarks that reuse a store file.
    static let defaultOwner = UserID(UUID(uuid: (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16)))

    init(count: Int, owner: UserID = defaultOwner) {
        self.count = count
        self.owner = owner
        salt =
            owner == Self.defaultOwner
            ? 0
            : owner.rawValue.uuidString.utf8.reduce(1_469_598_103_934_665_603) {
                ($0 ^ UInt64($1)) &* 1_099_511_628_211
            }
        var random = SplitMix64(seed: 42 ^ salt)
        layers = (0..<8).map { _ in LayerID(UUID.random(using: &random)) }
        let syllables = [
            "ka", "lo", "mi", "ra", "ne", "tu", "sa", "vo", "pe", "di", "go", "ze", "bu", "fi", "ho", "ju",
        ]
        vocabulary = (0..<4096).map { index in
            var word = ""
            var value = index + 17
            repeat {
                word += syllables[value % syllables.count]
                value /= syllables.count
            } while value > 0
            return word
        }
    }

    /// The annotation with index `index` (the same every run).
    func annotation(_ index: Int) -> Annotation {
        var random = SplitMix64(seed: UInt64(index) &* 2_654_435_761 &+ 7)
        let position = SIMD3<Float>(
            Float.random(in: 0..<Self.extent, using: &random),
            Float.random(in: 0..<Self.height, using: &random),
            Float.random(in: 0..<Self.extent, using: &random))
        var words = (0..<8).map { _ in vocabulary[Int(random.next() % UInt64(vocabulary.count))] }
        if index % 50 == 7 { words[3] = Self.commonTerm }
        if index % (count / 5 + 1) == 11 { words[5] = Self.rareTerm }
        let created = Timestamp.date(milliseconds: 1_767_225_600_000 + Int64(index) * 1_000)
        var ids = salt == 0 ? random : SplitMix64(seed: salt ^ UInt64(index))
        return Annotation(
            id: AnnotationID(UUID.timeOrdered(milliseconds: Timestamp.milliseconds(created), using: &ids)),
            type: .text,
            content: AnnotationContent(text: words.joined(separator: " ")), title: "Note \(index)",
            position: position, layerID: layers[index % layers.count], ownerID: owner, createdAt: created)
    }

    /// A query point inside the city.
    static func queryPoint(_ index: Int) -> SIMD3<Float> {
        var random = SplitMix64(seed: UInt64(index) &+ 1_000_003)
        return SIMD3(
            Float.random(in: 0..<extent, using: &random), Float.random(in: 0..<height, using: &random),
            Float.random(in: 0..<extent, using: &random))
    }

    /// The owner and layers, committed once before the annotations.
    func setup(_ store: some ChangeCommitting) async throws {
        var changes = ChangeSet(changes: [.saveUser(User(id: owner, displayName: "Bench", subscriptionTier: .pro))])
        for (index, id) in layers.enumerated() {
            changes.append(.saveLayer(Layer(id: id, name: "Layer \(index)", ownerID: owner)))
        }
        try await store.commit(changes)
    }
}

extension UUID {
    static func random(using random: inout SplitMix64) -> UUID {
        var bytes = (0..<16).map { _ in UInt8(truncatingIfNeeded: random.next()) }
        bytes[6] = (bytes[6] & 0x0F) | 0x40
        bytes[8] = (bytes[8] & 0x3F) | 0x80
        return UUID(
            uuid: (
                bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
            ))
    }
}
