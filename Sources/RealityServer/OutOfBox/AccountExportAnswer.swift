import OutOfBoxCore
import RealityCore

/// `GET /api/v1/me/export`'s answer: the platform's ``AccountExport`` with the person's Out of
/// Box data beside it under `outOfBox`, in one JSON object (RealityCore's export knows nothing of
/// the second app, so the server joins them here).
struct AccountExportAnswer: Encodable {
    var account: AccountExport
    var outOfBox: OutOfBoxExport

    private enum CodingKeys: String, CodingKey { case outOfBox }

    func encode(to encoder: any Encoder) throws {
        try account.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(outOfBox, forKey: .outOfBox)
    }
}
