import Foundation
import FuzzCheck
import RealityAPI
import RealityCore

/// Fuzzes how the server reads `POST /api/v1/sync/push` (`SyncPushRequest.read(from:)`: the fast
/// reader of annotation saves and deletes, else `RealityJSON.decode`, with the hand-written
/// `SyncMutation` decoding and the number diagnosis behind its errors) against
/// Foundation's `JSONDecoder` and `JSONSerialization`:
/// - both accept or both refuse, and accept the same request;
/// - an accepted request encodes and decodes back to itself;
/// - a body `JSONSerialization` parses is never refused as "malformed" (one it cannot parse may
///   be refused for the first wrong field `JSONDecoder` meets, as `JSONDecoder` reads lazily).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPush(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let body = Data(fuzzInput(start, count))
    let reference = Result { try RealityJSON.decoder().decode(SyncPushRequest.self, from: body) }
    let platform = Result { () throws(JSONInputError) in try SyncPushRequest.read(from: body) }
    switch (reference, platform) {
    case (.success(let expected), .success(let request)):
        require(request == expected, "SyncPushRequest.read read \(request), JSONDecoder \(expected)")
        let again = Result { try RealityJSON.decode(SyncPushRequest.self, from: RealityJSON.encode(request)) }
        require((try? again.get()) == request, "\(request) did not survive encoding: \(again)")
    case (.failure(let error), .failure(let refusal)):
        let parses = (try? JSONSerialization.jsonObject(with: body, options: .fragmentsAllowed)) != nil
        require(
            !parses || refusal.reason != .malformed,
            "refusal \(refusal) of a body JSONSerialization parses; JSONDecoder: \(error)")
    case (.success(let expected), .failure(let refusal)):
        require(false, "SyncPushRequest.read refused \(refusal) what JSONDecoder read: \(expected)")
    case (.failure(let error), .success(let request)):
        require(false, "SyncPushRequest.read read \(request) where JSONDecoder failed: \(error)")
    }
    return 0
}
