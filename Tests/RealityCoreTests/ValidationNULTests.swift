import Foundation
import Testing

@testable import RealityCore

@Suite struct ValidationNULTests {
    @Test func textWithNUL_isRefused_inTitleTextAndComments() throws {
        let owner = UserID()
        var annotation = Annotation(
            type: .text, content: AnnotationContent(text: "ok"), position: .zero, layerID: LayerID(), ownerID: owner)
        annotation.title = "bad\u{0}title"
        #expect(
            throws: ValidationError(field: "title", reason: .invalidFormat(expected: "text without NUL characters"))
        ) {
            try annotation.validate()
        }
        annotation.title = nil
        annotation.content.text = "bad\u{0}text"
        #expect(throws: ValidationError.self) { try annotation.validate() }
        let comment = Comment(text: "hi\u{0}", authorID: owner, annotationID: annotation.id)
        #expect(throws: ValidationError(field: "text", reason: .invalidFormat(expected: "text without NUL characters")))
        {
            try comment.validate()
        }
    }
}
