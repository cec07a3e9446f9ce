import Foundation
import RealityCore

/// An owned kind (``OwnedRecord``) as the tests drive it: every owned kind conforms, and
/// `OwnedKindTests` fails for one that does not, so a new kind is held to the declaration,
/// store, sync and REST checks without tests of its own.
public protocol OwnedRecordSample: OwnedRecord {
    /// A record of `owner` with every field set, each unlike the declaration's blank record.
    static func everyField(owner: UserID) -> Self
    /// `self` changed so that saving it takes the update path: a field edited, optional ones cleared.
    func edited() -> Self
    /// `self` changed so that its kind refuses it, and the field the refusal names.
    var refused: (record: Self, field: String) { get }
}

/// The samples of the owned kinds.
public enum OwnedRecordSamples {
    /// Every owned kind that has a sample, in ``RecordType`` order.
    public static let kinds: [any OwnedRecordSample.Type] = RecordType.ownedKinds.compactMap {
        $0 as? any OwnedRecordSample.Type
    }
}

extension SavedSearch: OwnedRecordSample {
    public static func everyField(owner: UserID) -> SavedSearch {
        SavedSearch(
            ownerID: owner, name: "Cafés", query: "coffee", layerIDs: [LayerID(), LayerID()], types: [.text, .photo],
            creatorID: UserID(), from: Samples.at(1), to: Samples.at(90), createdAt: Samples.at(5),
            updatedAt: Samples.at(50))
    }

    public func edited() -> SavedSearch {
        var edited = self
        edited.name = "Edited"
        edited.query = nil
        edited.creatorID = nil
        edited.from = nil
        edited.layerIDs = []
        return edited
    }

    public var refused: (record: SavedSearch, field: String) {
        var refused = self
        refused.name = " \t "
        return (refused, "name")
    }
}
