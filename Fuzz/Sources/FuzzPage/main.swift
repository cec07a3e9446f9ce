import Foundation
import FuzzCheck
import RealityAPI
import RealityCore

/// Fuzzes the device's readers of a `GET /api/v1/sync/changes` page against Foundation's
/// `JSONDecoder`, which the device falls back to:
/// - ``FastPageDecoder`` answers a page only when `JSONDecoder` reads the same page, and each
///   record text it hands back decodes to that change's record;
/// - ``PageTokenScanner`` never finds a token or `moreComing` other than the page's.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPage(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let body = Data(fuzzInput(start, count))
    // Decoded only when a fast reader found something to compare: most mutated inputs are not pages.
    lazy var reference = try? RealityJSON.decoder().decode(SyncChangesPage.self, from: body)
    if let (page, records) = FastPageDecoder.decode(body) {
        require(page == reference, "FastPageDecoder read \(page), JSONDecoder \(String(describing: reference))")
        require(records.count == page.changes.count, "\(records.count) record texts for \(page.changes.count) changes")
        for (change, text) in zip(page.changes, records) {
            if let text {
                let record = try? SyncRecord(type: change.recordType, json: text)
                require(
                    record == change.record,
                    "record text \(String(decoding: text, as: UTF8.self)) reads \(String(describing: record))")
            } else {
                require(change.deleted, "no record text for \(change)")
            }
        }
    }
    if let findings = PageTokenScanner.scan(body), findings.token != nil || findings.moreComing != nil,
        let reference
    {
        require(
            findings.token == nil || findings.token == reference.token,
            "scanned token \(findings), page \(reference.token)")
        require(
            findings.moreComing == nil || findings.moreComing == reference.moreComing,
            "scanned \(findings), page moreComing \(reference.moreComing)")
    }
    return 0
}
