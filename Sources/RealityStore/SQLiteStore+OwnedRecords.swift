import Foundation
import GRDB
import RealityCore

extension SQLiteStore: OwnedRecordRepository {
    public func ownedRecord(_ type: RecordType, id: UUID) async throws -> AnyOwnedRecord? {
        try await read { db in
            try OwnedRecordTables.records(type, where: "r.id = ?", arguments: [id.lowercasedString], in: db).first?.0
        }
    }

    public func ownedRecords(_ type: RecordType, ownerID: UserID) async throws -> [AnyOwnedRecord] {
        try await read { db in
            try OwnedRecordTables.records(
                type, where: "r.ownerID = ? ORDER BY r.createdAt, r.id", arguments: [ownerID.uuidString], in: db
            ).map(\.0)
        }
    }
}
