import Foundation
import PackagePlugin

/// Embeds the web app (`web/` at the top of the package) in the target it is applied to: at each
/// build, ``EmbedWeb`` writes every file of `web/` into one Swift source of string literals
/// (`WebAppSources`), and SwiftPM runs it again whenever one of those files changes, so the server
/// always serves the `web/` it was built from, and no copy of it is kept in the repository.
@main
struct EmbedWebPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let web = context.package.directoryURL.appending(path: "web")
        let files = try FileManager.default.contentsOfDirectory(
            at: web, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles]
        )
        .filter { (try? $0.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true }
        .sorted { $0.lastPathComponent < $1.lastPathComponent }
        let output = context.pluginWorkDirectoryURL.appending(path: "WebAppSources.swift")
        return [
            .buildCommand(
                displayName: "Embedding the web app in \(target.name)",
                executable: try context.tool(named: "EmbedWeb").url,
                // The tool lists the folder itself, and the folder is an input along with its files:
                // a file added or removed changes the folder, so the app is embedded again with it
                // even when SwiftPM keeps this command from an earlier build.
                arguments: [output.path, web.path], inputFiles: [web] + files, outputFiles: [output])
        ]
    }
}
