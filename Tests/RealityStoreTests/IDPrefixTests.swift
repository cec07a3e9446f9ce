import Foundation
import GRDB
import RealityCore
import Testing

@_spi(Testing) @testable import RealityStore

/// IDs named by prefixes and shortened for tables (issue 16): every read is a range on an index,
/// and the short form of an ID is the shortest prefix no other ID of its kind shares.
@Suite struct IDPrefixTests {
    @Test(arguments: StoreKind.allCases)
    func everyKindsPrefixReads_searchAnIndex_neverScanATable(kind: StoreKind) async throws {
        try await withStore(kind) { store in
            for prefixKind in IDPrefixKind.allCases {
                for source in prefixKind.sources {
                    let statements: [(String, StatementArguments)] = [
                        (source.rangeSQL, ["0192", "0193", 11]),
                        (source.neighbourSQL(before: true), ["0192abcd"]),
                        (source.neighbourSQL(before: false), ["0192abcd"]),
                    ]
                    for (sql, arguments) in statements {
                        let plan = try await store.inspect { db in
                            try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + sql, arguments: arguments)
                                .map { $0["detail"] as String }
                        }
                        #expect(plan.contains { $0.hasPrefix("SEARCH") }, "\(prefixKind) in \(source.table): \(plan)")
                        #expect(!plan.contains { $0.hasPrefix("SCAN") }, "\(prefixKind) in \(source.table): \(plan)")
                    }
                }
            }
        }
    }

    @Test(arguments: StoreKind.allCases)
    func shortestUniquePrefix_isOneLongerThanWhatNeighboursShare_andResolvesBack(kind: StoreKind) async throws {
        try await withStore(kind) { store in
            let services = LazyServiceContainer(openStore: { store }, currentUser: { try await $0.localProfile() })
            let layer = try await services.layerService().defaultLayer().id
            let twins = [
                try #require(AnnotationID(uuidString: "abcdef01-23aa-4000-8000-000000000001")),
                try #require(AnnotationID(uuidString: "abcdef01-23bb-4000-8000-000000000002")),
            ]
            var ids = twins
            for id in twins {
                _ = try await services.annotationService().createAnnotation(
                    AnnotationDraft(
                        id: id, type: .text, content: AnnotationContent(text: "twin"), position: .zero, layerID: layer))
            }
            for _ in 0..<3 {
                ids.append(
                    try await services.annotationService().createAnnotation(
                        AnnotationDraft(
                            type: .text, content: AnnotationContent(text: "made now"), position: .zero, layerID: layer)
                    ).id)
            }
            let short = try await store.shortestUniquePrefixes(
                of: ids.map(\.uuidString), kind: .annotation, minimumLength: 8)
            #expect(short[twins[0].uuidString] == "abcdef01-23a" && short[twins[1].uuidString] == "abcdef01-23b")
            for id in ids {
                let prefix = try #require(short[id.uuidString])
                #expect(prefix.count >= 8 && !prefix.hasSuffix("-"), "\(prefix)")
                let matches = try await store.ids(of: .annotation, startingWith: prefix.uppercased(), limit: 2)
                #expect(matches.map(\.id) == [id.uuidString], "\(prefix) names \(id) alone")
            }
            let both = try await store.ids(of: .annotation, startingWith: "abcdef01", limit: 11)
            #expect(both.map(\.id) == twins.map(\.uuidString) && both.allSatisfy { $0.label == nil })
            #expect(DeviceStore.upperBound(of: "abcdef01-2") == "abcdef01-3")
        }
    }
}
