import AsyncHTTPClient
import Foundation
import RealityAPI
import RealityTestSupport

/// What a browser test works with: a `reality serve` process (SQLite, in a directory of its own),
/// the API harness for it, and a ``ChromeDriver`` whose browsers open the web app it serves.
struct WebAppHarness: Sendable {
    let server: ServerProcess
    let api: SyncTestServer
    let driver: ChromeDriver

    /// A string that would run if the app ever read a person's text as HTML: it sets
    /// `window.__injected`, which the tests check stays unset.
    static let injected = #"<script>window.__injected=1</script><img src=x onerror="window.__injected=2">"#
    /// The markup of ``injected`` that fits in a display name (64 characters at most).
    static let injectedName = #"<img src=x onerror="window.__injected=3">"#

    /// Where the tests write screenshots: `web-screenshots/` at the top of the repository, which
    /// git ignores.
    static let screenshots = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("web-screenshots")

    /// Runs `body` with a fresh server and driver, stopped afterwards.
    static func run(_ body: @escaping @Sendable (WebAppHarness) async throws -> Void) async throws {
        try await SyncTestServer.withServerProcess(.sqlite) { server, api in
            let driver = try await ChromeDriver(
                client: api.client, log: api.directory.appendingPathComponent("chromedriver.log"))
            do {
                try await body(WebAppHarness(server: server, api: api, driver: driver))
            } catch {
                await driver.stop()
                throw error
            }
            await driver.stop()
        }
    }

    /// A new browser on the app's page, not signed in.
    func browser(width: Int = 1280, height: Int = 900) async throws -> Browser {
        let browser = try await driver.browser(width: width, height: height)
        try await browser.open(server.url + "/")
        try await browser.waitUntil("the sign-in page", "return location.hash === '#/signin'")
        return browser
    }

    /// Signs `browser` in through the form, as `email`.
    func signIn(_ browser: Browser, email: String, password: String = "correct horse") async throws {
        try await browser.type("form[aria-label='Sign in'] input[name=email]", email)
        try await browser.type("form[aria-label='Sign in'] input[name=password]", password)
        try await browser.click("form[aria-label='Sign in'] button[type=submit]")
        try await browser.waitUntil("the spaces page", "return location.hash.startsWith('#/spaces')")
    }

    /// Writes screenshots of `browser`'s page named `name`, at desktop and at phone width, from
    /// its top or with the element `selector` matches in view.
    func screenshots(of browser: Browser, named name: String, showing selector: String? = nil) async throws {
        for (width, height, label) in [(1280, 900, "desktop"), (390, 844, "phone")] {
            try await browser.resize(width: width, height: height)
            try await browser.execute(
                "const element = arguments[0] && document.querySelector(arguments[0]);"
                    + " if (element) element.scrollIntoView(); else window.scrollTo(0, 0);", [selector ?? NSNull()])
            try await Task.sleep(for: .milliseconds(300))
            try await browser.screenshot(to: Self.screenshots.appendingPathComponent("\(name)-\(label).png"))
        }
        try await browser.resize(width: 1280, height: 900)
    }

    /// Whether anything a person typed has run as script or markup in `browser`'s page.
    func injectionRan(in browser: Browser) async throws -> Bool {
        try await browser.execute(
            "return window.__injected !== undefined || document.querySelectorAll('main script, main img[src=\"x\"]').length > 0"
        ) as? Bool ?? true
    }
}
