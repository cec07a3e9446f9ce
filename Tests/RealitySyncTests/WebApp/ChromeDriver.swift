import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import RealityProcess
import RealityTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// Debian's `chromedriver` in a child process of its own, driving headless Chromium through the
/// W3C WebDriver protocol (issue 23's browser tests): as a person's browser, nothing mocked.
final class ChromeDriver: Sendable {
    /// The driver's base address on loopback.
    let url: String
    let client: HTTPClient
    private let process: ChildProcess

    /// Starts `chromedriver` on a free port and waits until it answers `/status`.
    init(client: HTTPClient, log: URL) async throws {
        guard FileManager.default.isExecutableFile(atPath: Self.driverPath),
            FileManager.default.isExecutableFile(atPath: Self.browserPath)
        else {
            throw SyncTestFailure(
                "the browser tests need Debian's chromium and chromium-driver (apt-get install chromium chromium-driver; .ci/run installs them)"
            )
        }
        let port = try ServerProcess.freePort()
        url = "http://127.0.0.1:\(port)"
        self.client = client
        process = try ChildProcess(Self.driverPath, ["--port=\(port)"], output: .appending(log.path), error: .output)
        for _ in 0..<200 {
            if let status = try? await Self.call(client, .GET, url + "/status", body: nil),
                (status as? [String: Any])?["ready"] as? Bool == true
            {
                return
            }
            try await Task.sleep(for: .milliseconds(50))
        }
        process.send(SIGKILL)
        throw SyncTestFailure("chromedriver did not start")
    }

    static let driverPath = "/usr/bin/chromedriver"
    static let browserPath = "/usr/bin/chromium"

    /// A new browser (a profile of its own: empty cache, no storage) `width` × `height` pixels.
    func browser(width: Int = 1280, height: Int = 900) async throws -> Browser {
        let capabilities: [String: Any] = [
            "capabilities": [
                "alwaysMatch": [
                    "browserName": "chrome",
                    "goog:loggingPrefs": ["browser": "ALL"],
                    "goog:chromeOptions": [
                        "binary": Self.browserPath,
                        "args": [
                            "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                            "--window-size=\(width),\(height)",
                        ],
                    ],
                ]
            ]
        ]
        let answer = try await Self.call(client, .POST, url + "/session", body: capabilities)
        guard let id = (answer as? [String: Any])?["sessionId"] as? String else {
            throw SyncTestFailure("chromedriver gave no session: \(String(describing: answer))")
        }
        return Browser(session: url + "/session/" + id, client: client)
    }

    /// Stops the driver (its browsers with it).
    func stop() async {
        process.send(SIGKILL)
        _ = try? await process.exit()
    }

    /// Sends one WebDriver command and answers its `value`; a WebDriver error throws.
    static func call(_ client: HTTPClient, _ method: HTTPMethod, _ url: String, body: Any?) async throws -> Any? {
        var request = HTTPClientRequest(url: url)
        request.method = method
        if let body {
            request.headers.add(name: "Content-Type", value: "application/json")
            request.body = .bytes(ByteBuffer(bytes: try JSONSerialization.data(withJSONObject: body)))
        }
        let response = try await client.execute(request, timeout: .seconds(60))
        let bytes = try await response.body.collect(upTo: 64 << 20)
        let json = try JSONSerialization.jsonObject(with: Data(buffer: bytes), options: [.fragmentsAllowed])
        let value = (json as? [String: Any])?["value"]
        if response.status.code >= 300 {
            let error = value as? [String: Any]
            throw BrowserError(
                code: error?["error"] as? String ?? "\(response.status.code)",
                message: (error?["message"] as? String ?? "").prefix(400).description)
        }
        return value is NSNull ? nil : value
    }
}

/// A WebDriver error: its W3C code (`no such element`, …) and message.
struct BrowserError: Error, CustomStringConvertible {
    var code: String
    var message: String
    var description: String { "\(code): \(message)" }
}
