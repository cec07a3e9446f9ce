import AsyncHTTPClient
import Foundation
import Hummingbird
import NIOCore
import NIOHTTP1
import _NIOFileSystem

/// Where an S3-compatible object store keeps a server's blobs, and how to sign for it
/// (`reality serve --assets s3://BUCKET`; issue 19). Objects are addressed path-style
/// (`ENDPOINT/BUCKET/blobs/SHA256`), which S3 and its compatible servers all take.
public struct S3Location: Sendable, Hashable {
    /// The bucket.
    public var bucket: String
    /// The store's address, e.g. `https://s3.eu-west-1.amazonaws.com` or `http://127.0.0.1:9000`.
    public var endpoint: URL
    /// The region to sign for.
    public var region: String
    /// The access key ID.
    public var accessKey: String
    /// The secret access key.
    public var secretKey: String

    /// A location with the given parts.
    public init(bucket: String, endpoint: URL, region: String = "us-east-1", accessKey: String, secretKey: String) {
        self.bucket = bucket
        self.endpoint = endpoint
        self.region = region
        self.accessKey = accessKey
        self.secretKey = secretKey
    }
}

/// Blobs as objects of an S3-compatible store, for servers on several machines (issue 19). An
/// upload is staged on local disk first (hashed and sniffed as it arrives, like
/// ``DiskBlobStore``), then sent in one `PUT` under its hash, so an object is whole or absent;
/// downloads stream from the store, ranges passed through.
struct S3BlobStore: BlobStore {
    let location: S3Location
    /// Where uploads wait until they are sent.
    let staging: DiskBlobStore
    let client: HTTPClient
    private var signer: S3Signer {
        S3Signer(accessKey: location.accessKey, secretKey: location.secretKey, region: location.region)
    }

    /// The key prefix of blobs.
    static let prefix = "blobs/"

    init(location: S3Location, staging: DiskBlobStore, client: HTTPClient = .shared) {
        self.location = location
        self.staging = staging
        self.client = client
    }

    func stage<Body: AsyncSequence>(_ body: Body, limit: Int) async throws -> StagedBlob
    where Body.Element == ByteBuffer {
        try await staging.stage(body, limit: limit)
    }

    func publish(_ staged: StagedBlob) async throws {
        defer { try? FileManager.default.removeItem(atPath: staged.location) }
        try await FileSystem.shared.withFileHandle(forReadingAt: FilePath(staged.location)) { handle in
            var request = request(.PUT, objectURL(staged.sha256), headers: ["content-type": staged.contentType])
            request.body = .stream(handle.readChunks(chunkLength: .mebibytes(1)), length: .known(staged.byteCount))
            let response = try await client.execute(request, timeout: .seconds(60 + staged.byteCount >> 20))
            try await Self.expect(response, [200], "PUT \(staged.sha256)")
        }
    }

    func discard(_ staged: StagedBlob) async {
        await staging.discard(staged)
    }

    func size(of sha256: String) async throws -> Int64? {
        let response = try await client.execute(request(.HEAD, objectURL(sha256)), timeout: .seconds(30))
        if response.status == .notFound { return nil }
        try await Self.expect(response, [200], "HEAD \(sha256)")
        return response.headers.first(name: "content-length").flatMap { Int64($0) }
    }

    func body(of sha256: String, range: ClosedRange<Int64>) -> ResponseBody {
        let request = request(
            .GET, objectURL(sha256), headers: ["range": "bytes=\(range.lowerBound)-\(range.upperBound)"])
        let client = client
        return ResponseBody(contentLength: Int(range.upperBound - range.lowerBound + 1)) { writer in
            let response = try await client.execute(request, timeout: .hours(1))
            try await Self.expect(response, [200, 206], "GET \(sha256)")
            for try await chunk in response.body { try await writer.write(chunk) }
            try await writer.finish(nil)
        }
    }

    func withLocalFile<T: Sendable>(_ sha256: String, _ body: (String) async throws -> T) async throws -> T {
        let response = try await client.execute(request(.GET, objectURL(sha256)), timeout: .hours(1))
        try await Self.expect(response, [200], "GET \(sha256)")
        let copy = try await staging.stage(response.body, limit: .max)
        do {
            let result = try await body(copy.location)
            await staging.discard(copy)
            return result
        } catch {
            await staging.discard(copy)
            throw error
        }
    }

    func remove(_ sha256: String) async throws {
        let response = try await client.execute(request(.DELETE, objectURL(sha256)), timeout: .seconds(30))
        try await Self.expect(response, [200, 204, 404], "DELETE \(sha256)")
    }

    func published(before date: Date) async throws -> [String] {
        var found: [String] = []
        var token: String?
        repeat {
            var query = "list-type=2&prefix=\(S3Signer.encode(Self.prefix))"
            if let token { query += "&continuation-token=\(S3Signer.encode(token))" }
            let url = URL(string: bucketURL.absoluteString + "?" + query)!
            let response = try await client.execute(request(.GET, url), timeout: .seconds(60))
            let body = try await response.body.collect(upTo: 16 << 20)
            guard response.status == .ok else { throw S3Error(operation: "LIST", status: response.status.code) }
            let listing = S3Listing(String(buffer: body))
            found += listing.objects.filter { $0.lastModified < date }.map {
                String($0.key.dropFirst(Self.prefix.count))
            }
            token = listing.nextToken
        } while token != nil
        return found
    }

    /// Creates the bucket unless it exists (for a new deployment and the tests).
    func createBucket() async throws {
        let response = try await client.execute(request(.PUT, bucketURL), timeout: .seconds(30))
        try await Self.expect(response, [200, 409], "PUT bucket \(location.bucket)")
    }

    private var bucketURL: URL { location.endpoint.appendingPathComponent(location.bucket) }

    private func objectURL(_ sha256: String) -> URL {
        bucketURL.appendingPathComponent(Self.prefix + sha256)
    }

    /// A request signed for the store.
    private func request(_ method: HTTPMethod, _ url: URL, headers: [String: String] = [:]) -> HTTPClientRequest {
        var request = HTTPClientRequest(url: url.absoluteString)
        request.method = method
        for (name, value) in signer.headers(method: method.rawValue, url: url, headers: headers) {
            request.headers.add(name: name, value: value)
        }
        return request
    }

    private static func expect(_ response: HTTPClientResponse, _ statuses: [UInt], _ operation: String) async throws {
        guard statuses.contains(response.status.code) else {
            _ = try? await response.body.collect(upTo: 1 << 20)
            throw S3Error(operation: operation, status: response.status.code)
        }
    }
}

/// A request the object store refused.
struct S3Error: Error, CustomStringConvertible {
    let operation: String
    let status: UInt

    var description: String { "object store: \(operation) answered \(status)" }
}

/// The parts of a `ListObjectsV2` answer the sweep reads: each object's key and last change, and
/// the token of the next page. Keys here are `blobs/` and hex digits, so no entity decoding.
struct S3Listing {
    var objects: [(key: String, lastModified: Date)] = []
    var nextToken: String?

    init(_ xml: String) {
        let dates = ISO8601DateFormatter()
        dates.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        let plainDates = ISO8601DateFormatter()
        for entry in xml.components(separatedBy: "<Contents>").dropFirst() {
            guard let key = Self.value("Key", in: entry), let modified = Self.value("LastModified", in: entry),
                let date = dates.date(from: modified) ?? plainDates.date(from: modified)
            else { continue }
            objects.append((key, date))
        }
        if Self.value("IsTruncated", in: xml) == "true" { nextToken = Self.value("NextContinuationToken", in: xml) }
    }

    private static func value(_ tag: String, in text: String) -> String? {
        guard let start = text.range(of: "<\(tag)>"),
            let end = text.range(of: "</\(tag)>", range: start.upperBound..<text.endIndex)
        else { return nil }
        return String(text[start.upperBound..<end.lowerBound])
    }
}
