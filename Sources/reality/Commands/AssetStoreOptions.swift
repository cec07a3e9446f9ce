import ArgumentParser
import Foundation
import RealityServer

/// `reality serve`'s options for where assets' bytes live (``AssetStoreLocation``); each falls
/// back to its environment variable. Credentials are best given in the environment, where `ps`
/// does not show them.
struct AssetStoreOptions: ParsableArguments {
    @Option(
        help: """
            Where assets' bytes live: data (files under --data, the default) or s3://BUCKET \
            (an S3-compatible store, for servers on several machines).
            """)
    var assets: String?
    @Option(help: "The S3-compatible store's address, e.g. https://s3.eu-west-1.amazonaws.com.") var s3Endpoint: String?
    @Option(help: "The region to sign S3 requests for (default us-east-1).") var s3Region: String?
    @Option(help: "The S3 access key ID (better: REALITY_S3_ACCESS_KEY_ID).") var s3AccessKey: String?
    @Option(help: "The S3 secret access key (better: REALITY_S3_SECRET_ACCESS_KEY).") var s3SecretKey: String?

    /// Where these options and `environment` put the assets; a missing or malformed part is a
    /// ValidationError naming its option.
    func location(environment: [String: String]) throws -> AssetStoreLocation {
        let target = assets ?? environment["REALITY_ASSETS"] ?? "data"
        if target == "data" { return .dataDirectory }
        guard target.hasPrefix("s3://"), case let bucket = String(target.dropFirst(5)), !bucket.isEmpty,
            !bucket.contains("/")
        else { throw ValidationError("assets must be data or s3://BUCKET, not \(target)") }
        guard let endpointText = s3Endpoint ?? environment["REALITY_S3_ENDPOINT"] else {
            throw ValidationError("--assets s3://… needs --s3-endpoint (or REALITY_S3_ENDPOINT)")
        }
        guard let endpoint = URL(string: endpointText), ["http", "https"].contains(endpoint.scheme ?? ""),
            endpoint.host != nil
        else { throw ValidationError("s3-endpoint must be an http:// or https:// address, not \(endpointText)") }
        guard let accessKey = s3AccessKey ?? environment["REALITY_S3_ACCESS_KEY_ID"], !accessKey.isEmpty,
            let secretKey = s3SecretKey ?? environment["REALITY_S3_SECRET_ACCESS_KEY"], !secretKey.isEmpty
        else {
            throw ValidationError(
                "--assets s3://… needs REALITY_S3_ACCESS_KEY_ID and REALITY_S3_SECRET_ACCESS_KEY (or their flags)")
        }
        return .s3(
            S3Location(
                bucket: bucket, endpoint: endpoint, region: s3Region ?? environment["REALITY_S3_REGION"] ?? "us-east-1",
                accessKey: accessKey, secretKey: secretKey))
    }
}
