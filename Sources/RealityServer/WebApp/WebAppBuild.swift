import Crypto
import Foundation
import Hummingbird

/// The web app of this build (issue 23), made once at start from the files embedded in the
/// server (``WebAppSources``, written from `web/` at build time by EmbedWebPlugin): its page, with this
/// build's version written into the addresses of its files, and each file ready to send.
///
/// The version is a hash over every file's name and bytes, so a change to any file gives every
/// file a new address and a browser may keep each one for a year.
struct WebAppBuild: Sendable {
    /// A file ready to send.
    struct File: Sendable {
        /// Its bytes.
        var body: ByteBuffer
        /// Its media type.
        var contentType: String
    }

    /// The placeholder `index.html` writes where the version goes.
    static let versionPlaceholder = "{{version}}"
    /// The page's file name.
    static let pageName = "index.html"

    /// The first 16 hex digits of the SHA-256 over every file's name and bytes.
    let version: String
    /// `index.html` with the version written in.
    let page: File
    /// The other files by name.
    let files: [String: File]

    /// This server's web app.
    static let current = WebAppBuild(sources: WebAppSources.files)

    /// The web app made of `sources` (name, text), one of which is `index.html`.
    init(sources: [(name: String, text: String)]) {
        var hasher = SHA256()
        for source in sources.sorted(by: { $0.name < $1.name }) {
            hasher.update(data: Data(source.name.utf8))
            hasher.update(data: [0])
            hasher.update(data: Data(source.text.utf8))
            hasher.update(data: [0])
        }
        version = String(hasher.finalize().lowercaseHex.prefix(16))
        var files: [String: File] = [:]
        var page = File(body: ByteBuffer(), contentType: Self.contentType(of: Self.pageName))
        for source in sources {
            if source.name == Self.pageName {
                let text = source.text.replacingOccurrences(of: Self.versionPlaceholder, with: version)
                page.body = ByteBuffer(string: text)
            } else {
                files[source.name] = File(
                    body: ByteBuffer(string: source.text), contentType: Self.contentType(of: source.name))
            }
        }
        self.page = page
        self.files = files
    }

    /// The media type a file's extension names.
    static func contentType(of name: String) -> String {
        switch name.split(separator: ".").last {
        case "html": "text/html; charset=utf-8"
        case "js": "text/javascript; charset=utf-8"
        case "css": "text/css; charset=utf-8"
        case "svg": "image/svg+xml"
        default: "application/octet-stream"
        }
    }
}
