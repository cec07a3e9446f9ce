import Foundation
import HTTPTypes
import RealityAPI
import RealityTestSupport
import Testing

@testable import RealityServer

/// The web app's page and files (issue 23): embedded as `web/` holds them, served with a strict
/// Content-Security-Policy and cached by the build's hash; and the live-events socket a browser
/// signs in to with its token as a subprotocol.
@Suite struct WebAppRouteTests {
    /// `web/` at the top of the repository.
    static let sources = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("web")

    @Test func theEmbeddedFiles_areTheFilesOfWeb() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.sources.path).sorted()
        #expect(WebAppSources.files.map(\.name) == names, "EmbedWebPlugin embeds every file of web/")
        for (name, text) in WebAppSources.files {
            let onDisk = try String(contentsOf: Self.sources.appendingPathComponent(name), encoding: .utf8)
            #expect(text == onDisk, "\(name) is embedded as web/\(name) holds it")
        }
    }

    /// Safe by construction: no script reads a string as HTML or code, and every module a script
    /// imports is a file of the build.
    @Test func theScripts_neverParseMarkupOrCode_andImportOnlyTheirOwnFiles() {
        let build = WebAppBuild.current
        let forbidden = [
            "innerHTML", "outerHTML", "insertAdjacentHTML", "document.write", "eval(", "new Function",
            "setAttribute(\"on",
        ]
        for (name, text) in WebAppSources.files where name.hasSuffix(".js") {
            for word in forbidden { #expect(!text.contains(word), "\(name) uses \(word)") }
            for match in text.matches(of: #/from "\./([a-z]+\.js)"/#) {
                #expect(build.files[String(match.output.1)] != nil, "\(name) imports \(match.output.1)")
            }
        }
        let page = String(buffer: build.page.body)
        for match in page.matches(of: #/"/app/([0-9a-f]+)/([a-z]+\.(js|css))"/#) {
            #expect(match.output.1 == build.version)
            #expect(build.files[String(match.output.2)] != nil, "the page names \(match.output.2)")
        }
        #expect(!page.contains(WebAppBuild.versionPlaceholder))
        // The page offers the events socket the subprotocols the server reads (``WebSocketToken``).
        let events = WebAppSources.files.first { $0.name == "events.js" }?.text ?? ""
        #expect(events.contains("[\"\(WebSocketToken.protocolName)\", `\(WebSocketToken.tokenPrefix)${token}`]"))
    }

    @Test(arguments: Backend.allCases) func thePage_andItsFiles_carryThePolicy_andTheirCaching(
        _ backend: Backend
    ) async throws {
        try await TestServer.run(backend) { api in
            let page = try await api.send(.get, "/")
            #expect(page.status == .ok)
            #expect(page.headers[.contentType] == "text/html; charset=utf-8")
            #expect(page.headers[.cacheControl] == "no-cache")
            let version = WebAppBuild.current.version
            let html = String(decoding: page.body, as: UTF8.self)
            #expect(html.contains("/app/\(version)/main.js"))

            let script = try await api.send(.get, "/app/\(version)/main.js")
            #expect(script.status == .ok)
            #expect(script.headers[.contentType] == "text/javascript; charset=utf-8")
            #expect(script.headers[.cacheControl] == "public, max-age=31536000, immutable")
            for answer in [page, script] {
                let policy = try #require(answer.headers[.contentSecurityPolicy])
                #expect(policy.contains("script-src 'self';") && !policy.contains("unsafe"))
                #expect(policy.contains("frame-ancestors 'none'") && policy.contains("default-src 'none'"))
                #expect(answer.headers[.xContentTypeOptions] == "nosniff")
                #expect(answer.headers[HTTPField.Name("Referrer-Policy")!] == "no-referrer")
            }

            // Another build's files, unknown names and paths that climb are 404, signed in or not.
            let session = try await api.register("Ann")
            for path in [
                "/app/0123456789abcdef/main.js", "/app/\(version)/nope.js", "/app/\(version)/..%2F..%2Fetc%2Fpasswd",
                "/app/\(version)/index.html",
            ] {
                #expect(try await api.send(.get, path).status == .notFound, "\(path)")
                #expect(try await api.send(.get, path, token: session.token).status == .notFound, "\(path)")
            }
        }
    }

    /// A browser offers its token as a subprotocol; the answer names only the events' protocol,
    /// never the token. A wrong token, or two, is refused before the upgrade.
    @Test(arguments: Backend.allCases) func theEventsSocket_takesTheTokenAsASubprotocol(_ backend: Backend) async throws
    {
        try await TestServer.run(backend) { api in
            let ann = try await api.register("Ann")
            let port = try #require(api.client.port)
            let offers = [
                ("reality-events, reality-bearer.\(ann.token)", "101"),
                ("reality-events, reality-bearer.not-a-session", "401"),
                ("reality-events, reality-bearer.\(ann.token), reality-bearer.\(ann.token)", "401"),
                ("reality-events, reality-bearer.", "401"),
                ("reality-events", "401"),
            ]
            for (offer, status) in offers {
                let socket = try LoopbackSocket(port: port)
                defer { socket.close() }
                let head = [
                    "GET /api/v1/events HTTP/1.1", "Host: 127.0.0.1:\(port)", "Upgrade: websocket",
                    "Connection: Upgrade", "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==", "Sec-WebSocket-Version: 13",
                    "Sec-WebSocket-Protocol: \(offer)",
                ]
                try socket.send(head.joined(separator: "\r\n") + "\r\n\r\n")
                let answer = try await socket.readResponseHead()
                #expect(answer.hasPrefix("HTTP/1.1 \(status)"), "\(offer.prefix(40)): \(answer)")
                #expect(!answer.contains(ann.token), "the token is never echoed")
                if status == "101" {
                    #expect(answer.lowercased().contains("sec-websocket-protocol: reality-events\r\n"), "\(answer)")
                }
            }
        }
    }
}
