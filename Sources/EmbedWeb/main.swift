import Foundation

// The tool of EmbedWebPlugin: `EmbedWeb OUTPUT FOLDER` writes to OUTPUT a Swift source whose
// `WebAppSources.files` holds the name and text of each file in FOLDER (sorted by name), as raw string literals (a literal compiles
// at once; SwiftPM's `embedInCode` byte arrays take about 50 s for 150 KB here).

let arguments = CommandLine.arguments.dropFirst()
guard arguments.count == 2, let output = arguments.first, let folder = arguments.last else {
    FileHandle.standardError.write(Data("usage: EmbedWeb OUTPUT FOLDER\n".utf8))
    exit(64)
}

/// The fewest `#` that delimit `text` as a raw string: one more than its longest run of `#`, so
/// that neither a closing quote nor an escape inside it can end the literal or be read.
func delimiter(for text: String) -> String {
    var longest = 0
    var run = 0
    for character in text {
        run = character == "#" ? run + 1 : 0
        longest = max(longest, run)
    }
    return String(repeating: "#", count: longest + 1)
}

var source = """
    // Written by EmbedWeb (EmbedWebPlugin) from web/ at build time.

    /// The web app's files (`web/`), by name: the server serves them from memory (``WebAppBuild``).
    enum WebAppSources {
        /// Each file's name and text.
        static let files: [(name: String, text: String)] = [

    """
let files = try FileManager.default.contentsOfDirectory(
    at: URL(fileURLWithPath: folder), includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles]
)
.filter { (try? $0.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true }
.sorted { $0.lastPathComponent < $1.lastPathComponent }
for url in files {
    let text = try String(contentsOf: url, encoding: .utf8)
    let hashes = delimiter(for: text)
    // A multi-line literal drops the line break before its closing delimiter, so one more is written.
    source += "(\"\(url.lastPathComponent)\", \(hashes)\"\"\"\n\(text)\n\"\"\"\(hashes)),\n"
}
source += "    ]\n}\n"
try source.write(toFile: output, atomically: true, encoding: .utf8)
