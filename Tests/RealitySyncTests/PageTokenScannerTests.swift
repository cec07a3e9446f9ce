import Foundation
import RealityAPI
import RealityCore
import Testing

@testable import RealitySync

/// The scan of a changes page for its token and `moreComing`, and the records' JSON the fast
/// decoder keeps.
@Suite struct PageTokenScannerTests {
    static let owner = UserID()
    static let layer = Layer(name: "Field {with} [brackets] and \"quotes\"", ownerID: owner)

    static func page(moreComing: Bool = true) -> SyncChangesPage {
        let tricky = Annotation(
            type: .text, content: AnnotationContent(text: #"a "quoted" \ backslash, {brace} [bracket] \u00e9 é 👍"#),
            title: "}]", position: SIMD3(1.5, -2, 0.25), layerID: layer.id, ownerID: owner)
        let plain = Annotation(
            type: .text, content: AnnotationContent(text: "plain"), position: .zero, layerID: layer.id, ownerID: owner)
        return SyncChangesPage(
            changes: [
                SyncChange(record: .layer(layer), changeTag: "1"),
                SyncChange(record: .annotation(tricky), changeTag: "2"),
                SyncChange(deletionOf: .annotation, recordID: UUID().uuidString),
                SyncChange(record: .annotation(plain), changeTag: "3"),
            ],
            token: "opaque.token-_123", moreComing: moreComing)
    }

    @Test(arguments: [false, true])
    func findsEachRecordAsTheServerWroteIt(pretty: Bool) throws {
        let page = Self.page()
        let body = try RealityJSON.encode(page, pretty: pretty)
        let found = try #require(PageTokenScanner.scan(body))
        #expect(found.token == page.token)
        #expect(found.moreComing == true)
        let records = try #require(FastPageDecoder.decode(body)?.records)
        #expect(records.count == page.changes.count)
        for (text, change) in zip(records, page.changes) {
            guard let record = change.record else {
                #expect(text == nil)
                continue
            }
            let json = try #require(text)
            #expect(try SyncRecord(type: change.recordType, json: json) == record)
            if !pretty { #expect(json == (try record.jsonData())) }
        }
    }

    @Test func readsTheLastPage() throws {
        let found = try #require(PageTokenScanner.scan(try RealityJSON.encode(Self.page(moreComing: false))))
        #expect(found.moreComing == false)
    }

    @Test func readsAnEmptyPage() throws {
        let body = try RealityJSON.encode(SyncChangesPage(changes: [], token: "t", moreComing: false))
        #expect(PageTokenScanner.scan(body) == PageTokenScanner.Findings(token: "t", moreComing: false))
        #expect(FastPageDecoder.decode(body)?.records == [])
    }

    @Test(arguments: [
        "", "[]", "{", #"{"changes": 5}"#, #"{"changes": [], "changes": []}"#,
        #"{"changes": [{"record": "unterminated}]}"#,
    ])
    func givesUpOnAnUnexpectedBody(text: String) {
        #expect(PageTokenScanner.scan(Data(text.utf8)) == nil)
        #expect(FastPageDecoder.decode(Data(text.utf8)) == nil)
    }

    /// Changes the scan skips whole; the decoder that keeps the records' text refuses them.
    @Test(arguments: [#"{"changes": [1]}"#, #"{"changes": [{"record": {}, "record": {}}]}"#])
    func keepsNoRecordsOfUnexpectedChanges(text: String) {
        #expect(FastPageDecoder.decode(Data(text.utf8)) == nil)
    }

    @Test func leavesAnEscapedTokenToTheDecoder() throws {
        let body = Data(#"{"changes": [], "token": "a\/b", "moreComing": true}"#.utf8)
        let found = try #require(PageTokenScanner.scan(body))
        #expect(found.token == nil)
        #expect(found.moreComing == true)
    }
}
