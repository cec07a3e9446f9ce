import ArgumentParser
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// How `register`, `login` and `password` get passwords without them ever being typed on the
/// command line, where `ps` and the shell's history keep them: a prompt that does not echo on a
/// terminal, else one line each from standard input with `--password-stdin` (as `docker login`).
struct PasswordOptions: ParsableArguments {
    @Flag(help: "Read the password from standard input, one line (for scripts).") var passwordStdin = false
    @Option(help: .hidden) var password: String?

    /// The passwords `prompts` ask for, in order: from `--password` (the first only, kept for old
    /// scripts), else one line each from standard input with `--password-stdin`, else typed at
    /// prompts on the terminal.
    func read(_ prompts: [String]) throws -> [String] {
        try Self.read(prompts, fromStandardInput: passwordStdin, given: password)
    }

    /// The passwords `prompts` ask for: `given` when there is one prompt and it is set, else one
    /// line each from standard input when `fromStandardInput`, else typed at prompts.
    static func read(_ prompts: [String], fromStandardInput passwordStdin: Bool, given password: String? = nil) throws
        -> [String]
    {
        if let password, prompts.count == 1 { return [password] }
        if passwordStdin {
            return try prompts.map { prompt in
                guard let line = readLine(strippingNewline: true) else {
                    throw CLIError.invalid("--password-stdin: standard input ended before the \(prompt.lowercased())")
                }
                return line.hasSuffix("\r") ? String(line.dropLast()) : line
            }
        }
        guard isatty(STDIN_FILENO) == 1 else {
            throw CLIError.invalid(
                "No terminal to ask for the password on: pass --password-stdin and write it to standard input.")
        }
        return try prompts.map(Self.prompt)
    }

    /// Asks for one secret on the terminal with echo off, restoring the terminal however it ends.
    private static func prompt(_ prompt: String) throws -> String {
        FileHandle.standardError.write(Data("\(prompt): ".utf8))
        var saved = termios()
        let canHide = tcgetattr(STDIN_FILENO, &saved) == 0
        if canHide {
            var silent = saved
            silent.c_lflag &= ~tcflag_t(ECHO)
            tcsetattr(STDIN_FILENO, TCSAFLUSH, &silent)
        }
        defer {
            if canHide { tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved) }
            FileHandle.standardError.write(Data("\n".utf8))
        }
        guard let line = readLine(strippingNewline: true) else {
            throw CLIError.invalid("No password typed.")
        }
        return line
    }
}

/// The name a signed-in store gives its session, shown by `reality sessions`.
func deviceName() -> String {
    "reality CLI on \(ProcessInfo.processInfo.hostName)"
}
