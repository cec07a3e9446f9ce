import Foundation
import RealityAPI
import RealityCore

/// One benchmark user on the pro tier with a layer of their own, set up over HTTP; creates
/// annotations as that user through the sync push or one REST request each.
struct BenchUser: Sendable {
    /// The password of every benchmark user.
    static let password = "correct horse battery"
    let client: BenchHTTP
    let email: String
    let token: String
    let layerID: LayerID
    let user: User

    var userID: UserID { user.id }

    /// Registers `name`, raises them to pro through the admin route and creates their layer.
    static func make(_ client: BenchHTTP, admin: String, name: String) async throws -> BenchUser {
        let email = "\(name)@example.com"
        let (status, body) = try await client.send(
            .register, body: RegisterRequest(email: email, password: password, displayName: name))
        guard status == 201 else { throw BenchError("register answered \(status)") }
        let auth = try RealityJSON.decode(AuthResponse.self, from: body)
        let (tier, _) = try await client.send(
            .setTier, APIRoute.setTier.path(id: auth.user.id), token: admin, body: TierRequest(tier: .pro))
        guard tier == 200 else { throw BenchError("tier answered \(tier)") }
        let (layerStatus, layerBody) = try await client.send(
            .createLayer, token: auth.token, body: CreateLayerRequest(name: name))
        guard layerStatus == 201 else { throw BenchError("layer create answered \(layerStatus)") }
        return BenchUser(
            client: client, email: email, token: auth.token,
            layerID: try RealityJSON.decode(Layer.self, from: layerBody).id,
            user: auth.user)
    }

    /// A new session of this user, as a second device signing in gets.
    func login() async throws -> AuthResponse {
        let (status, body) = try await client.send(
            .login, body: LoginRequest(email: email, password: Self.password))
        guard status == 200 else { throw BenchError("login answered \(status)") }
        return try RealityJSON.decode(AuthResponse.self, from: body)
    }

    /// The text note with index `index` in the user's layer.
    func note(_ index: Int) -> Annotation {
        Annotation(
            type: .text, content: AnnotationContent(text: "Pushed note \(index) about the kitchen"),
            title: "Note \(index)", position: SIMD3(Float(index % 100), 1.5, Float(index / 100)),
            layerID: layerID, ownerID: userID)
    }

    /// Creates `count` notes through `POST /api/v1/sync/push`, `batch` per push; returns each
    /// push's time.
    @discardableResult
    func push(_ count: Int, batch: Int) async throws -> Samples {
        var samples = Samples()
        var index = 0
        while index < count {
            let mutations = (index..<min(index + batch, count)).map { i in
                let annotation = note(i)
                return SyncMutation(
                    mutationID: UUID().uuidString, recordType: .annotation, recordID: annotation.id.uuidString,
                    op: .save, fields: .annotation(annotation))
            }
            let (status, body) = try await samples.time {
                try await client.send(
                    .syncPush, token: token,
                    body: SyncPushRequest(clientID: userID.uuidString, mutations: mutations))
            }
            guard status == 200 else { throw BenchError("push answered \(status)") }
            let results = try RealityJSON.decode(SyncPushResponse.self, from: body).results
            guard results.allSatisfy({ $0.status == .saved }) else {
                throw BenchError("a pushed create was not saved: \(results.first { $0.status != .saved }!)")
            }
            index += mutations.count
        }
        return samples
    }

    /// Creates `count` notes with one `POST /api/v1/annotations` each; returns each request's time.
    func post(_ count: Int) async throws -> Samples {
        var samples = Samples()
        for index in 0..<count {
            try await samples.time { try await create(index) }
        }
        return samples
    }

    /// Creates the note with index `index` with one `POST /api/v1/annotations`.
    func create(_ index: Int) async throws {
        let annotation = note(index)
        let request = CreateAnnotationRequest(
            type: .text, content: annotation.content, title: annotation.title, position: annotation.position,
            layerID: layerID)
        let (status, _) = try await client.send(.createAnnotation, token: token, body: request)
        guard status == 201 else { throw BenchError("REST create answered \(status)") }
    }
}
