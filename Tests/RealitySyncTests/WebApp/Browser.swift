import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import RealityTestSupport

/// One browser of a ``ChromeDriver`` (a WebDriver session): opens pages, finds elements by CSS
/// selector (waiting for them to appear, as a person waits for a page), types, clicks, reads, runs
/// a script, takes screenshots.
struct Browser: Sendable {
    /// The session's address at the driver.
    let session: String
    let client: HTTPClient

    /// How long a step waits for the page before it fails.
    static let patience = Duration.seconds(15)
    private static let elementKey = "element-6066-11e4-a52e-4f735466cecf"

    @discardableResult
    private func command(_ method: HTTPMethod, _ path: String, _ body: Any? = nil) async throws -> Any? {
        try await ChromeDriver.call(
            client, method, session + path, body: body ?? (method == .POST ? [String: String]() : nil))
    }

    /// Opens `url`.
    func open(_ url: String) async throws {
        try await command(.POST, "/url", ["url": url])
    }

    /// The first element `selector` matches, once one does.
    @discardableResult
    func element(_ selector: String) async throws -> String {
        let deadline = ContinuousClock.now + Self.patience
        while true {
            do {
                let found = try await command(.POST, "/element", ["using": "css selector", "value": selector])
                guard let id = (found as? [String: Any])?[Self.elementKey] as? String else {
                    throw SyncTestFailure("the driver answered no element reference: \(String(describing: found))")
                }
                return id
            } catch let error as BrowserError where error.code == "no such element" {
                guard ContinuousClock.now < deadline else {
                    throw SyncTestFailure("no element matches \(selector): \(try await bodyText().prefix(600))")
                }
            }
            try await Task.sleep(for: .milliseconds(50))
        }
    }

    /// Types `text` into the element `selector` matches (a file input takes a file's path).
    func type(_ selector: String, _ text: String) async throws {
        let id = try await element(selector)
        try await command(.POST, "/element/\(id)/value", ["text": text])
    }

    /// Clicks the element `selector` matches (found again when the page replaced it meanwhile,
    /// as a live update does).
    func click(_ selector: String) async throws {
        for attempt in 1...3 {
            let id = try await element(selector)
            do {
                try await command(.POST, "/element/\(id)/click")
                return
            } catch let error as BrowserError where error.code == "stale element reference" && attempt < 3 {
                continue
            }
        }
    }

    /// The visible text of the element `selector` matches.
    func text(_ selector: String) async throws -> String {
        let id = try await element(selector)
        return try await command(.GET, "/element/\(id)/text") as? String ?? ""
    }

    /// The page's visible text.
    func bodyText() async throws -> String {
        try await execute("return document.body.innerText") as? String ?? ""
    }

    /// Runs `script` (a function body) in the page with `arguments`; answers what it returns.
    @discardableResult
    func execute(_ script: String, _ arguments: [Any] = []) async throws -> Any? {
        try await command(.POST, "/execute/sync", ["script": script, "args": arguments])
    }

    /// Runs `script` (a function body whose last argument is the callback) and answers what it
    /// passes the callback.
    func executeAsync(_ script: String, _ arguments: [Any] = []) async throws -> Any? {
        try await command(.POST, "/execute/async", ["script": script, "args": arguments])
    }

    /// Waits until `script` returns true in the page; `what` names the wait in a failure.
    func waitUntil(_ what: String, _ script: String, _ arguments: [Any] = []) async throws {
        let deadline = ContinuousClock.now + Self.patience
        while try await execute(script, arguments) as? Bool != true {
            guard ContinuousClock.now < deadline else {
                throw SyncTestFailure("waited in vain for \(what): \(try await bodyText().prefix(600))")
            }
            try await Task.sleep(for: .milliseconds(50))
        }
    }

    /// Waits until an image `selector` matches has loaded (and decoded to a picture).
    func waitForImage(_ selector: String) async throws {
        try await waitUntil(
            "an image \(selector)",
            "return [...document.querySelectorAll(arguments[0])].some(i => i.complete && i.naturalWidth > 0)",
            [selector])
    }

    /// Waits until the page's text holds `text`.
    func waitForText(_ text: String) async throws {
        try await waitUntil("“\(text)”", "return document.body.innerText.includes(arguments[0])", [text])
    }

    /// The page's current `#/…` address.
    func hash() async throws -> String {
        try await execute("return location.hash") as? String ?? ""
    }

    /// Sets the window's size.
    func resize(width: Int, height: Int) async throws {
        try await command(.POST, "/window/rect", ["width": width, "height": height])
    }

    /// Writes a PNG of the window to `file`.
    func screenshot(to file: URL) async throws {
        guard let encoded = try await command(.GET, "/screenshot") as? String, let png = Data(base64Encoded: encoded)
        else { throw SyncTestFailure("no screenshot") }
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try png.write(to: file)
    }

    /// The browser's console messages since the last call (errors, CSP refusals).
    func consoleMessages() async throws -> [String] {
        let entries = try await command(.POST, "/se/log", ["type": "browser"]) as? [[String: Any]] ?? []
        return entries.compactMap { $0["message"] as? String }
    }

    /// Closes the browser.
    func close() async {
        _ = try? await command(.DELETE, "")
    }
}
