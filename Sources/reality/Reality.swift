import ArgumentParser
import RealityCore

@main
struct Reality: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "reality", abstract: "Reality Annotation Platform.")
}
