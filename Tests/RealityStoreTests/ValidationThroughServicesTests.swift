import Foundation
import RealityCore
import Testing

@testable import RealityStore

/// Validation runs before every write (SPEC M6): a bad value is a `ValidationError` naming the
/// field, and nothing is written. These tests wait on the validation branch: until it merges,
/// `validate()` is a no-op stand-in (`LayerChainPlaceholder.swift`) and they fail.
@Suite struct ValidationThroughServicesTests {
    static let megabyte = String(repeating: "x", count: 1 << 20)

    /// A string argument with a short name for test output.
    struct Text: Sendable, CustomTestStringConvertible {
        let testDescription: String
        let value: String

        init(_ name: String, _ value: String) {
            testDescription = name
            self.value = value
        }

        static let empty = Text("empty", "")
        static let blank = Text("blank", " \n ")
        static let oneMegabyte = Text("1 MB", megabyte)
    }

    enum BadDraft: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case titleOf101, titleOf1MB, textOf1MB, nanPosition, infinitePosition, zeroScale, negativeScale, nanScale
        case unnormalisedOrientation, emptyContent, whitespaceOnlyText

        var testDescription: String { rawValue }

        func apply(to draft: inout AnnotationDraft) {
            switch self {
            case .titleOf101: draft.title = String(repeating: "t", count: 101)
            case .titleOf1MB: draft.title = ValidationThroughServicesTests.megabyte
            case .textOf1MB: draft.content = AnnotationContent(text: ValidationThroughServicesTests.megabyte)
            case .nanPosition: draft.position = SIMD3(.nan, 0, 0)
            case .infinitePosition: draft.position = SIMD3(0, 0, .infinity)
            case .zeroScale: draft.scale = 0
            case .negativeScale: draft.scale = -1
            case .nanScale: draft.scale = .nan
            case .unnormalisedOrientation: draft.orientation = Quaternion(x: 0, y: 0, z: 0, w: 2)
            case .emptyContent: draft.content = AnnotationContent()
            case .whitespaceOnlyText: draft.content = AnnotationContent(text: " \n ")
            }
        }

        /// The start of the field path the error must name.
        var field: String {
            switch self {
            case .titleOf101, .titleOf1MB: "title"
            case .textOf1MB, .emptyContent, .whitespaceOnlyText: "content"
            case .nanPosition, .infinitePosition: "position"
            case .zeroScale, .negativeScale, .nanScale: "scale"
            case .unnormalisedOrientation: "orientation"
            }
        }
    }

    @Test(arguments: BadDraft.allCases)
    func createAnnotation_withABadField_isRefused_andWritesNothing(bad: BadDraft) async throws {
        try await withHarness(.inMemory) { h in
            let ana = try await h.user("Ana")
            let layer = try await ana.layer()
            var draft = AnnotationDraft(
                type: .text, content: AnnotationContent(text: "ok"), position: .zero, layerID: layer.id)
            bad.apply(to: &draft)
            let before = try await h.store.snapshot()
            let error = await thrownError { _ = try await ana.annotations.createAnnotation(draft) }
            let field = (error as? ValidationError)?.field
            #expect(
                field?.hasPrefix(bad.field) == true,
                "expected a ValidationError on \(bad.field), got \(String(describing: error))")
            #expect(try await h.store.snapshot() == before)
        }
    }

    @Test(arguments: BadDraft.allCases)
    func updateAnnotation_withABadField_isRefused_andWritesNothing(bad: BadDraft) async throws {
        try await withHarness(.inMemory) { h in
            let ana = try await h.user("Ana")
            let layer = try await ana.layer()
            let note = try await ana.note("ok", in: layer.id)
            var draft = AnnotationDraft(
                type: note.type, content: note.content, title: note.title, position: note.position, layerID: layer.id)
            bad.apply(to: &draft)
            var edit = note
            edit.title = draft.title
            edit.content = draft.content
            edit.position = draft.position
            edit.scale = draft.scale
            edit.orientation = draft.orientation
            let before = try await h.store.snapshot()
            let error = await thrownError { try await ana.annotations.updateAnnotation(edit) }
            #expect((error as? ValidationError)?.field.hasPrefix(bad.field) == true, "got \(String(describing: error))")
            #expect(try await h.store.snapshot() == before)
        }
    }

    @Test(arguments: [Text.empty, .blank, Text("51 characters", String(repeating: "n", count: 51)), .oneMegabyte])
    func createLayer_withABadName_isRefused_andWritesNothing(name: Text) async throws {
        try await withHarness(.inMemory) { h in
            let ana = try await h.user("Ana")
            let before = try await h.store.snapshot()
            let error = await thrownError {
                _ = try await ana.layers.createLayer(name: name.value, icon: "tag", color: .red)
            }
            #expect((error as? ValidationError)?.field == "name", "got \(String(describing: error))")
            #expect(try await h.store.snapshot() == before)
        }
    }

    @Test(arguments: [Text.empty, .blank, .oneMegabyte])
    func addComment_withBadText_isRefused_andWritesNothing(text: Text) async throws {
        try await withHarness(.inMemory) { h in
            let ana = try await h.user("Ana")
            let layer = try await ana.layer()
            let note = try await ana.note("ok", in: layer.id)
            let before = try await h.store.snapshot()
            let error = await thrownError { _ = try await ana.collaboration.addComment(to: note.id, text: text.value) }
            #expect((error as? ValidationError)?.field == "text", "got \(String(describing: error))")
            #expect(try await h.store.snapshot() == before)
        }
    }

    @Test(arguments: [
        Text.empty, Text("two emoji", "👍👍"), Text("letters", "ab"), Text("emoji and space", "👍 "), .oneMegabyte,
    ])
    func addReaction_withAnythingButOneEmoji_isRefused_andWritesNothing(emoji: Text) async throws {
        try await withHarness(.inMemory) { h in
            let ana = try await h.user("Ana")
            let layer = try await ana.layer()
            let note = try await ana.note("ok", in: layer.id)
            let before = try await h.store.snapshot()
            let error = await thrownError { try await ana.collaboration.addReaction(to: note.id, emoji: emoji.value) }
            #expect((error as? ValidationError)?.field == "emoji", "got \(String(describing: error))")
            #expect(try await h.store.snapshot() == before)
        }
    }

    @Test func updateProfile_withAHugeName_isRefused_andWritesNothing() async throws {
        try await withHarness(.inMemory) { h in
            let ana = try await h.user("Ana")
            let before = try await h.store.snapshot()
            let error = await thrownError {
                _ = try await ana.users.updateProfile(displayName: Self.megabyte, avatarURL: nil)
            }
            #expect((error as? ValidationError)?.field == "displayName", "got \(String(describing: error))")
            #expect(try await h.store.snapshot() == before)
        }
    }

    @Test(arguments: [Float.nan, -1, .infinity])
    func updatePreferences_withABadDistance_isRefused_andWritesNothing(distance: Float) async throws {
        try await withHarness(.inMemory) { h in
            let ana = try await h.user("Ana")
            let before = try await h.store.snapshot()
            var preferences = UserPreferences()
            preferences.annotationDisplayDistance = distance
            let error = await thrownError { _ = try await ana.users.updatePreferences(preferences) }
            #expect(
                (error as? ValidationError)?.field.hasSuffix("annotationDisplayDistance") == true,
                "got \(String(describing: error))")
            #expect(try await h.store.snapshot() == before)
        }
    }
}
