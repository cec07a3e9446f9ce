import ArgumentParser
import Foundation
import RealityCore

/// A point given as `X,Y,Z` on the command line.
struct Point: ExpressibleByArgument {
    let value: SIMD3<Float>

    init?(argument: String) {
        let parts = argument.split(separator: ",", omittingEmptySubsequences: false)
            .map { Float($0.trimmingCharacters(in: .whitespaces)) }
        guard parts.count == 3, let x = parts[0], let y = parts[1], let z = parts[2],
              x.isFinite, y.isFinite, z.isFinite
        else { return nil }
        value = SIMD3(x, y, z)
    }

    static var defaultValueDescription: String { "X,Y,Z" }
}

/// An identifier given on the command line.
struct ArgumentID<Entity>: ExpressibleByArgument {
    let value: Identifier<Entity>

    init?(argument: String) {
        guard let id = Identifier<Entity>(uuidString: argument) else { return nil }
        value = id
    }
}

/// A date given as ISO 8601 (`2026-11-21T12:00:00Z`) or a day (`2026-11-21`, UTC midnight).
struct ArgumentDate: ExpressibleByArgument {
    let value: Date

    init?(argument: String) {
        if let date = Timestamp.parse(argument) {
            value = date
        } else if let date = Timestamp.parse(argument + "T00:00:00Z") {
            value = date
        } else {
            return nil
        }
    }
}

extension AnnotationType: ExpressibleByArgument {}
extension AnnotationStatus: ExpressibleByArgument {}
extension LayerColor: ExpressibleByArgument {}
extension PermissionLevel: ExpressibleByArgument {}
