import ArgumentParser
import Foundation

/// Options every command takes: which store, and whether to print JSON.
struct GlobalOptions: ParsableArguments {
    @Option(name: .long, help: "The local store file (default: $REALITY_STORE or ~/.reality/default.sqlite).")
    var store: String?

    @Flag(name: .long, help: "Print one JSON document on standard output.")
    var json = false

    /// The store path to open.
    var storePath: String {
        if let store { return (store as NSString).expandingTildeInPath }
        if let env = ProcessInfo.processInfo.environment["REALITY_STORE"], !env.isEmpty {
            return (env as NSString).expandingTildeInPath
        }
        return FileManager.default.homeDirectoryForCurrentUser
            .appendingPathComponent(".reality/default.sqlite").path
    }

    /// The arguments with `--store PATH`, `--store=PATH` and `--json` moved to the end, so that
    /// they may be written before the command name as the SPEC shows (`reality --json layer list`).
    static func movingGlobalOptionsLast(_ arguments: [String]) -> [String] {
        var rest: [String] = []
        var globals: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "--" {
                rest += arguments[index...]
                break
            } else if argument == "--json" || argument.hasPrefix("--store=") {
                globals.append(argument)
            } else if argument == "--store", index + 1 < arguments.count {
                globals += [argument, arguments[index + 1]]
                index += 1
            } else {
                rest.append(argument)
            }
            index += 1
        }
        return rest + globals
    }
}
