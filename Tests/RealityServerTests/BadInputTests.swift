import Foundation
import RealityAPI
import RealityCore
import Testing

@Suite("Bad input never gets past 4xx")
struct BadInputTests {
    /// Annotation bodies that must be refused with 400, and the field named (nil: whole body).
    static let annotationBodies: [(String, String?)] = [
        ("{", nil),
        ("[]", nil),
        ("", nil),
        (#"{"type":"text","content":{"text":"x"},"position":[1,2,3]}"#, "layerID"),
        (#"{"type":"hologram","content":{"text":"x"},"position":[1,2,3],"layerID":"LAYER"}"#, "type"),
        (#"{"type":"text","content":{"text":"x"},"position":"here","layerID":"LAYER"}"#, "position"),
        (#"{"type":"text","content":{"text":"x"},"position":[1,2],"layerID":"LAYER"}"#, "position"),
        (#"{"type":"text","content":{"text":"x"},"position":[1e300,2,3],"layerID":"LAYER"}"#, "position[0]"),
        (#"{"type":"text","content":{"text":"x"},"position":[NaN,2,3],"layerID":"LAYER"}"#, nil),
        (#"{"type":"text","content":{"text":"x"},"position":[1,2,3],"scale":0,"layerID":"LAYER"}"#, "scale"),
        (
            #"{"type":"text","content":{"text":"x"},"position":[1,2,3],"orientation":[0,0,0,2],"layerID":"LAYER"}"#,
            "orientation"
        ),
        (#"{"type":"text","content":{"text":""},"position":[1,2,3],"layerID":"LAYER"}"#, "content"),
        (#"{"type":"text","content":{"text":"x"},"title":7,"position":[1,2,3],"layerID":"LAYER"}"#, "title"),
        (#"{"type":"text","content":{"text":"x"},"position":[1,2,3],"layerID":"not-a-uuid"}"#, "layerID"),
        (#"{"type":"text","content":{"text":"x"},"position":[1,2,3],"layerID":"LAYER","status":"done"}"#, "status"),
    ]

    @Test(arguments: Backend.allCases) func createAnnotation_badBodies_are400WithField(_ backend: Backend) async throws
    {
        try await TestServer.run(backend) { api in
            let ada = try await api.register("Ada")
            let layer = try await api.createLayer(ada)
            for (body, field) in Self.annotationBodies {
                let text = body.replacingOccurrences(of: "LAYER", with: layer.id.uuidString)
                let result = try await api.send(.post, "/api/v1/annotations", token: ada.token, raw: text)
                #expect(result.status == .badRequest, "\(body)")
                if let field {
                    #expect(result.errorField?.hasPrefix(field) == true, "\(body): \(result.errorField ?? "nil")")
                }
            }
            let list = try await api.send(.get, "/api/v1/annotations", token: ada.token)
            #expect(try list.decode(Page<Annotation>.self).items.isEmpty)
        }
    }

    @Test(arguments: Backend.allCases) func patch_nullOnRequiredField_is400(_ backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            let ada = try await api.register("Ada")
            let layer = try await api.createLayer(ada)
            let note = try await api.createNote(ada, in: layer.id)
            for body in [#"{"content":null}"#, #"{"scale":-1}"#, #"{"position":[1,2,"x"]}"#, #"{"status":"gone"}"#] {
                let result = try await api.send(.patch, "/api/v1/annotations/\(note.id)", token: ada.token, raw: body)
                #expect(result.status == .badRequest, "\(body)")
            }
            let unchanged = try await api.send(.get, "/api/v1/annotations/\(note.id)", token: ada.token)
            #expect(try unchanged.decode(Annotation.self) == note)
        }
    }

    @Test(arguments: Backend.allCases) func register_badInput(_ backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            let cases = [
                #"{"email":"a@example.com","password":"short","displayName":"A"}"#,
                #"{"email":"a@example.com","password":"\#(String(repeating: "x", count: 73))","displayName":"A"}"#,
                #"{"email":"not an email","password":"long enough","displayName":"A"}"#,
                #"{"email":"a@example.com","password":"long enough","displayName":"   "}"#,
                #"{"email":"a@example.com","password":"long enough"}"#,
                #"{"email":1,"password":"long enough","displayName":"A"}"#,
            ]
            for body in cases {
                let result = try await api.send(.post, "/api/v1/auth/register", raw: body)
                #expect(result.status == .badRequest, "\(body)")
            }
            _ = try await api.register("Ada")
            let again = try await api.send(
                .post, "/api/v1/auth/register",
                json: RegisterRequest(email: "ADA@example.com", password: "another one", displayName: "Ada 2"))
            #expect(again.status == .conflict)
            #expect(again.errorCode == "email_taken")
            let wrong = try await api.send(
                .post, "/api/v1/auth/login", json: LoginRequest(email: "ada@example.com", password: "wrong password"))
            #expect(wrong.status == .unauthorized)
            // Addresses no account can have (PostgreSQL cannot even store a NUL) are wrong
            // credentials, not a failed query (found by schemathesis).
            for email in [
                "ada\u{0}@example.com", "\u{0}", "not an email", String(repeating: "a", count: 300) + "@x.io",
            ] {
                let odd = try await api.send(
                    .post, "/api/v1/auth/login", json: LoginRequest(email: email, password: "long enough"))
                #expect(
                    odd.status == .unauthorized && odd.errorCode == "invalid_credentials", "\(email.debugDescription)")
            }
        }
    }

    @Test(arguments: Backend.allCases) func oversizeBody_is413(_ backend: Backend) async throws {
        try await TestServer.run(backend, { $0.maxJSONBodyBytes = 1_000 }) { api in
            let ada = try await api.register("Ada")
            let text = String(repeating: "x", count: 2_000)
            let result = try await api.send(
                .post, "/api/v1/layers", token: ada.token, raw: #"{"name":"\#(text)"}"#)
            #expect(result.status == .contentTooLarge)
            #expect(result.errorCode == "body_too_large")
        }
    }

    @Test(arguments: Backend.allCases) func badPathID_is400_unknownRoute_is404(_ backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            let ada = try await api.register("Ada")
            #expect(try await api.send(.get, "/api/v1/annotations/nope", token: ada.token).status == .badRequest)
            #expect(try await api.send(.get, "/api/v1/nothing-here", token: ada.token).status == .notFound)
        }
    }
}
