import Foundation
import RealityCore
import RealityProcess
import RealityTestSupport

/// Runs the `reality` executable as a person or a script would, on one store file.
struct CommandLineRunner: Sendable {
    /// The device's store file (`--store`).
    let store: String

    /// What one run printed and how it exited.
    struct Outcome: Sendable {
        var status: Int32
        var output: Data
        var error: String

        /// Standard output decoded as the platform's JSON.
        func decode<T: Decodable>(_ type: T.Type = T.self) throws -> T {
            try RealityJSON.decode(type, from: output)
        }

        /// Standard output as text.
        var text: String { String(decoding: output, as: UTF8.self) }
    }

    /// Runs `reality ARGUMENTS --store STORE --json` and waits for it to exit.
    func run(_ arguments: String...) async throws -> Outcome {
        try await run(arguments)
    }

    /// Runs `reality ARGUMENTS --store STORE --json` and waits for it to exit; `input` is its
    /// standard input (nothing, not a terminal, when nil).
    func run(_ arguments: [String], input: String? = nil) async throws -> Outcome {
        try await runVerbatim(arguments + ["--store", store, "--json"], input: input)
    }

    /// Runs `reality ARGUMENTS --store STORE` (the output for people) and waits for it to exit.
    func runPlain(_ arguments: String...) async throws -> Outcome {
        try await runVerbatim(arguments + ["--store", store])
    }

    /// Runs `reality ARGUMENTS`, exactly these, and waits for it to exit; `input` is its standard
    /// input (nothing, not a terminal, when nil).
    func runVerbatim(_ arguments: [String], input: String? = nil) async throws -> Outcome {
        let process = try ChildProcess(ServerProcess.executable.path, arguments, input: .pipe)
        guard let standardInput = process.standardInput, let output = process.standardOutput,
            let error = process.standardError
        else { throw SyncTestFailure("reality's standard streams are not piped") }
        if let input { standardInput.write(Data(input.utf8)) }
        try standardInput.close()
        // Read both pipes to the end while the process runs, so that neither fills up.
        async let printed = blocking { output.readDataToEndOfFile() }
        async let complained = blocking { error.readDataToEndOfFile() }
        let (out, err) = try await (printed, complained)
        let status = try await process.exit()
        return Outcome(status: status, output: out, error: String(decoding: err, as: UTF8.self))
    }
}
