import Foundation
import Testing

@testable import RealityCore

/// Bad input is refused with a ``JSONInputError`` that names the exact field and the right reason.
@Suite struct JSONRejectionTests {
    typealias R = JSONRejection

    static let malformed: [R] = [
        R(edit: .body(""), field: nil, reason: .malformed),
        R(edit: .body("not json"), field: nil, reason: .malformed),
        R(edit: .body("{"), field: nil, reason: .malformed),
        R(edit: .body(#"{"id": }"#), field: nil, reason: .malformed),
        R(edit: .truncate(40), field: nil, reason: .malformed),
        R(edit: .truncate(700), field: nil, reason: .malformed),
        R(edit: .set("scale", "NaN"), field: nil, reason: .malformed),
        R(edit: .set("scale", "01"), field: nil, reason: .malformed),
        R(edit: .set("scale", "1."), field: nil, reason: .malformed),
    ]

    static let wrongTypes: [R] = [
        R(edit: .body("[]"), field: nil, reason: .wrongType),
        R(edit: .body("null"), field: nil, reason: .wrongType),
        R(edit: .set("scale", #""1.5""#), field: "scale", reason: .wrongType),
        R(edit: .set("viewCount", #""3""#), field: "viewCount", reason: .wrongType),
        R(edit: .set("title", "5"), field: "title", reason: .wrongType),
        R(edit: .set("content.text", "5"), field: "content.text", reason: .wrongType),
        R(edit: .set("isDeleted", #""false""#), field: "isDeleted", reason: .wrongType),
        R(edit: .set("permissions", "{}"), field: "permissions", reason: .wrongType),
        R(edit: .set("position", #"{"x": 1, "y": 2, "z": 3}"#), field: "position", reason: .wrongType),
        R(edit: .set("viewedBy", #""everyone""#), field: "viewedBy", reason: .wrongType),
        R(edit: .set("content", "[]"), field: "content", reason: .wrongType),
        R(edit: .set("type", "null"), field: "type", reason: .wrongType),
        R(edit: .set("content", "null"), field: "content", reason: .wrongType),
        R(edit: .set("position[1]", "null"), field: "position[1]", reason: .wrongType),
        R(edit: .set("createdAt", "1773480413"), field: "createdAt", reason: .wrongType),
        R(edit: .set("permissions[0].level", "2"), field: "permissions[0].level", reason: .wrongType),
        R(
            root: .user, edit: .set("preferences.enableNotifications", "1"), field: "preferences.enableNotifications",
            reason: .wrongType),
    ]

    static let missing: [R] = [
        R(edit: .body("{}"), field: "id", reason: .missingField),
        R(edit: .remove("position"), field: "position", reason: .missingField),
        R(edit: .remove("type"), field: "type", reason: .missingField),
        R(edit: .remove("ownerID"), field: "ownerID", reason: .missingField),
        R(edit: .remove("permissions[0].level"), field: "permissions[0].level", reason: .missingField),
        R(edit: .remove("comments[0].text"), field: "comments[0].text", reason: .missingField),
        R(
            edit: .remove("visibilityRules.timeRules[2].recurrence.frequency"),
            field: "visibilityRules.timeRules[2].recurrence.frequency", reason: .missingField),
        R(root: .layer, edit: .remove("name"), field: "name", reason: .missingField),
        R(root: .user, edit: .remove("preferences.theme"), field: "preferences.theme", reason: .missingField),
        R(root: .worldMap, edit: .remove("anchors[0].transform"), field: "anchors[0].transform", reason: .missingField),
    ]

    static let unknownEnumValues: [R] = [
        R(edit: .set("type", #""hologram""#), field: "type", reason: .invalidValue),
        R(edit: .set("status", #""done""#), field: "status", reason: .invalidValue),
        R(edit: .set("type", #""Photo""#), field: "type", reason: .invalidValue),
        R(edit: .set("permissions[0].level", #""admin""#), field: "permissions[0].level", reason: .invalidValue),
        R(
            edit: .set("visibilityRules.timeRules[2].recurrence.frequency", #""hourly""#),
            field: "visibilityRules.timeRules[2].recurrence.frequency", reason: .invalidValue),
        R(
            edit: .set("visibilityRules.timeRules[0].type", #""sometimes""#),
            field: "visibilityRules.timeRules[0].type",
            reason: .invalidValue),
        R(
            edit: .set("visibilityRules.locationRules[1].type", #""nearby""#),
            field: "visibilityRules.locationRules[1].type", reason: .invalidValue),
        R(root: .layer, edit: .set("color", #""teal""#), field: "color", reason: .invalidValue),
        R(
            root: .layer, edit: .set("defaultPermission", #""admin""#), field: "defaultPermission",
            reason: .invalidValue),
        R(
            root: .layer, edit: .set("permissions[0].level", #""admin""#), field: "permissions[0].level",
            reason: .invalidValue),
        R(root: .user, edit: .set("preferences.theme", #""neon""#), field: "preferences.theme", reason: .invalidValue),
        R(
            root: .user, edit: .set("subscriptionTier", #""platinum""#), field: "subscriptionTier",
            reason: .invalidValue),
    ]

    static let badNumbers: [R] = [
        R(edit: .set("scale", "1e39"), field: "scale", reason: .invalidValue),
        R(edit: .set("scale", "-1e39"), field: "scale", reason: .invalidValue),
        R(edit: .set("position[0]", "1e39"), field: "position[0]", reason: .invalidValue),
        R(edit: .set("orientation[3]", "3.5e38"), field: "orientation[3]", reason: .invalidValue),
        R(edit: .set("scale", #""NaN""#), field: "scale", reason: .wrongType),
        R(edit: .set("scale", #""Infinity""#), field: "scale", reason: .wrongType),
        R(edit: .set("position[2]", #""-inf""#), field: "position[2]", reason: .wrongType),
        R(edit: .set("viewCount", "3.5"), field: "viewCount", reason: .invalidValue),
        R(edit: .set("viewCount", "1e30"), field: "viewCount", reason: .invalidValue),
        R(edit: .set("attachments[0].fileSize", "1e20"), field: "attachments[0].fileSize", reason: .invalidValue),
        R(
            edit: .set("visibilityRules.expiresAfterViews", "2.5"), field: "visibilityRules.expiresAfterViews",
            reason: .invalidValue),
        R(
            edit: .set("visibilityRules.locationRules[0].radiusMeters", "1e400"),
            field: "visibilityRules.locationRules[0].radiusMeters", reason: .invalidValue),
        R(
            root: .user, edit: .set("preferences.annotationDisplayDistance", "1e39"),
            field: "preferences.annotationDisplayDistance", reason: .invalidValue),
        R(
            root: .worldMap, edit: .set("anchors[0].transform[13]", "1e39"), field: "anchors[0].transform[13]",
            reason: .invalidValue),
    ]

    static let badShapes: [R] = [
        R(edit: .set("position", "[1, 2]"), field: "position", reason: .invalidValue),
        R(edit: .set("position", "[1, 2, 3, 4]"), field: "position", reason: .invalidValue),
        R(edit: .set("position", "[]"), field: "position", reason: .invalidValue),
        R(edit: .set("orientation", "[0, 0, 1]"), field: "orientation", reason: .invalidValue),
        R(edit: .set("orientation", "[0, 0, 0, 1, 0]"), field: "orientation", reason: .invalidValue),
        R(
            root: .worldMap, edit: .set("anchors[0].transform", "[1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0]"),
            field: "anchors[0].transform", reason: .invalidValue),
    ]

    static let badFormats: [R] = [
        R(edit: .set("id", #""not-a-uuid""#), field: "id", reason: .invalidValue),
        R(edit: .set("layerID", #""1234""#), field: "layerID", reason: .invalidValue),
        R(
            edit: .set("viewedBy[0]", #""00000000-0000-4000-8000-00000000000""#), field: "viewedBy[0]",
            reason: .invalidValue),
        R(edit: .set("permissions[0].id", #""zzz""#), field: "permissions[0].id", reason: .invalidValue),
        R(edit: .set("createdAt", #""2026-02-30T00:00:00Z""#), field: "createdAt", reason: .invalidValue),
        R(edit: .set("createdAt", #""yesterday""#), field: "createdAt", reason: .invalidValue),
        R(edit: .set("updatedAt", #""2026-03-14 09:26:53Z""#), field: "updatedAt", reason: .invalidValue),
        R(
            edit: .set("permissions[0].expiresAt", #""2026-13-01T00:00:00Z""#), field: "permissions[0].expiresAt",
            reason: .invalidValue),
        R(
            edit: .set("visibilityRules.timeRules[1].startTime", #""2026-01-01""#),
            field: "visibilityRules.timeRules[1].startTime", reason: .invalidValue),
        R(edit: .set("content.drawingData", #""not base64!""#), field: "content.drawingData", reason: .invalidValue),
    ]

    @Test(arguments: malformed + wrongTypes + missing + unknownEnumValues + badNumbers + badShapes + badFormats)
    func badInput_isRefused_namingTheFieldAndReason(_ rejection: JSONRejection) throws {
        let body = try rejection.body()
        let error = #expect(throws: JSONInputError.self) { try rejection.root.decode(body) }
        #expect(error?.field == rejection.field)
        #expect(error?.reason == rejection.reason, "\(error?.detail ?? "")")
    }

    @Test(arguments: [JSONRejection.Root.annotation, .layer, .user, .worldMap])
    func fixtureDocuments_decodeUntouched(root: JSONRejection.Root) throws {
        try root.decode(root.document())
    }

    @Test func codes_areSnakeCase_andDescriptionsNameTheField() throws {
        let body = try R(edit: .set("type", #""hologram""#), field: "type", reason: .invalidValue).body()
        let error = #expect(throws: JSONInputError.self) { try JSONRejection.Root.annotation.decode(body) }
        #expect(error?.code == "invalid_value")
        #expect(error?.description.hasPrefix("type: ") == true)
        let reasons: [JSONInputError.Reason] = [.malformed, .missingField, .wrongType, .invalidValue]
        #expect(
            reasons.map { JSONInputError(field: nil, reason: $0, detail: "").code }
                == ["malformed_json", "missing_field", "wrong_type", "invalid_value"])
    }

    @Test func numberThatDoesNotFit_isNamedInTheDetail() throws {
        let body = try R(edit: .set("scale", "1e39"), field: "scale", reason: .invalidValue).body()
        let error = #expect(throws: JSONInputError.self) { try JSONRejection.Root.annotation.decode(body) }
        #expect(error?.detail.contains("1e39") == true)
    }
}
