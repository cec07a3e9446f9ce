import Foundation
import PostgresNIO
import RealityCore
import RealityTestSupport
import Testing

@testable import RealityPostgres

/// The arrays batch writes bind one per column (``PostgresColumnArray``), read back by a real
/// PostgreSQL: every type, NULL elements, odd text and bytes, and no elements at all.
@Suite struct PostgresColumnArrayTests {
    /// A row of every column type, and a row of NULLs.
    struct Row {
        var text: StoredValue
        var integer: StoredValue
        var real: StoredValue
        var flag: StoredValue
        var id: StoredValue
        var bytes: StoredValue
        var json: StoredValue
    }

    static let rows = [
        Row(
            text: .text("naïve 🌍 'quoted' \\ ?"), integer: .integer(.min), real: .real(-0.5),
            flag: .boolean(true), id: .uuid(UUID(uuidString: "0F1E2D3C-4B5A-6978-8796-A5B4C3D2E1F0")!),
            bytes: .blob(Data([0, 255, 1, 254])), json: .json(Data(#"{"a":[1,"b"]}"#.utf8))),
        Row(text: .null, integer: .null, real: .null, flag: .null, id: .null, bytes: .null, json: .null),
        Row(
            text: .text(""), integer: .integer(.max), real: .integer(3), flag: .boolean(false),
            id: .uuid(UUID(uuidString: "00000000-0000-0000-0000-000000000001")!), bytes: .blob(Data()),
            json: .json(Data("[]".utf8))),
    ]

    /// The rows as the statement reads them back, one column at a time in text.
    private func readBack(_ rows: [Row], store: PostgresStore) async throws -> [[String?]] {
        var query = PostgresQueryBuilder()
        let columns = try [
            query.bind(column: .init(.text, rows) { $0.text }),
            query.bind(column: .init(.integer, rows) { $0.integer }),
            query.bind(column: .init(.real, rows) { $0.real }),
            query.bind(column: .init(.boolean, rows) { $0.flag }),
            query.bind(column: .init(.uuid, rows) { $0.id }),
            query.bind(column: .init(.blob, rows) { $0.bytes }),
            query.bind(column: .init(.json, rows) { $0.json }),
        ]
        let sql = """
            SELECT t, i::text, r::text, f::text, u::text, encode(b, 'hex'), j::jsonb::text
            FROM unnest(\(columns.joined(separator: ", "))) WITH ORDINALITY AS x(t, i, r, f, u, b, j, n) ORDER BY n
            """
        var read: [[String?]] = []
        for try await row in try await store.client.query(query.query(sql), logger: store.logger) {
            let (t, i, r, f, u, b, j) = try row.decode(
                (String?, String?, String?, String?, String?, String?, String?).self)
            read.append([t, i, r, f, u, b, j])
        }
        return read
    }

    @Test func everyType_andNulls_readBackAsBound() async throws {
        try await withPostgresStore { store in
            let read = try await readBack(Self.rows, store: store)
            #expect(
                read == [
                    [
                        "naïve 🌍 'quoted' \\ ?", "-9223372036854775808", "-0.5", "true",
                        "0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0", "00ff01fe", #"{"a": [1, "b"]}"#,
                    ],
                    [nil, nil, nil, nil, nil, nil, nil],
                    ["", "9223372036854775807", "3", "false", "00000000-0000-0000-0000-000000000001", "", "[]"],
                ])
        }
    }

    @Test func noRows_readBackAsNone() async throws {
        try await withPostgresStore { store in
            let read = try await readBack([], store: store)
            #expect(read.isEmpty)
        }
    }

    @Test func aValueOfAnotherType_isRefused() {
        #expect(throws: StoreError.self) { try PostgresColumnArray(.integer, [1]) { _ in .text("1") } }
        #expect(throws: StoreError.self) { try PostgresColumnArray(.uuid, [1]) { _ in .blob(Data(count: 16)) } }
    }
}
