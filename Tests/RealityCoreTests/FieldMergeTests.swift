import Foundation
import Testing

@testable import RealityCore

/// The merge of docs/sync-protocol.md, "Conflicts", table-driven: each field takes its later
/// edit by edit stamp. The cases edit a copy of the base and date the edit with `updatedAt`;
/// ``stampEdits(_:from:)`` stamps the fields they changed at that date, as the services do.
@Suite struct FieldMergeTests {
    /// `record` with every editable field that differs from `base` stamped at its `updatedAt`.
    static func stampEdits<Record: StampedRecord & Mergeable>(_ record: inout Record, from base: Record) {
        var stamps = record.fieldStamps ?? FieldStamps()
        for field in Record.editableFields where field.differs(record, base) {
            stamps.values[field.name] = Timestamp.milliseconds(record.updatedAt)
        }
        record.fieldStamps = stamps.nonEmpty
    }

    static let base = Fixtures.annotation()
    static let early = Fixtures.date("2026-03-16T10:00:00.000Z")
    static let late = Fixtures.date("2026-03-16T11:00:00.000Z")

    /// One case: how each side edits the base, and what the merged title and status must be.
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var local: @Sendable (inout Annotation) -> Void
        var remote: @Sendable (inout Annotation) -> Void
        var title: String?
        var status: AnnotationStatus
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "nothing changed", local: { _ in }, remote: { _ in }, title: "Bench", status: .inProgress),
        Case(
            name: "local changed one field",
            local: {
                $0.title = "Mine"
                $0.updatedAt = early
            },
            remote: { _ in }, title: "Mine", status: .inProgress),
        Case(
            name: "remote changed one field", local: { _ in },
            remote: {
                $0.status = .resolved
                $0.updatedAt = early
            }, title: "Bench", status: .resolved),
        Case(
            name: "different fields both kept",
            local: {
                $0.title = "Mine"
                $0.updatedAt = late
            },
            remote: {
                $0.status = .resolved
                $0.updatedAt = early
            }, title: "Mine", status: .resolved),
        Case(
            name: "same field, local later",
            local: {
                $0.title = "Mine"
                $0.updatedAt = late
            },
            remote: {
                $0.title = "Theirs"
                $0.updatedAt = early
            }, title: "Mine", status: .inProgress),
        Case(
            name: "same field, remote later",
            local: {
                $0.title = "Mine"
                $0.updatedAt = early
            },
            remote: {
                $0.title = "Theirs"
                $0.updatedAt = late
            }, title: "Theirs", status: .inProgress),
        Case(
            name: "same field, same instant: the same value on every device",
            local: {
                $0.title = "Mine"
                $0.updatedAt = late
            },
            remote: {
                $0.title = "Theirs"
                $0.updatedAt = late
            }, title: "Theirs", status: .inProgress),
        Case(
            name: "same change on both sides",
            local: {
                $0.title = "Same"
                $0.updatedAt = early
            },
            remote: {
                $0.title = "Same"
                $0.updatedAt = late
            }, title: "Same", status: .inProgress),
    ]

    @Test(arguments: cases)
    func annotationFields(_ testCase: Case) {
        var local = Self.base
        testCase.local(&local)
        var remote = Self.base
        testCase.remote(&remote)
        Self.stampEdits(&local, from: Self.base)
        Self.stampEdits(&remote, from: Self.base)
        let merged = Annotation.merge(base: Self.base, local: local, remote: remote)
        let swapped = Annotation.merge(base: Self.base, local: remote, remote: local)
        #expect(merged.title == swapped.title && merged.status == swapped.status, "the same whichever side is local")
        #expect(merged.title == testCase.title)
        #expect(merged.status == testCase.status)
        #expect(merged.updatedAt == max(local.updatedAt, remote.updatedAt))
    }

    @Test func serverKeptFields_takeRemote() {
        var local = Self.base
        local.ownerID = Fixtures.strangerID
        local.permissions = []
        local.createdAt = Self.late
        var remote = Self.base
        remote.permissions = [Fixtures.permission(to: Fixtures.strangerID)]
        let merged = Annotation.merge(base: Self.base, local: local, remote: remote)
        #expect(merged.ownerID == Fixtures.ownerID)
        #expect(merged.permissions == remote.permissions)
        #expect(merged.createdAt == Fixtures.created)
    }

    @Test func reactionsAndViewers_mergeAsSets() {
        let heart = Reaction(emoji: "❤️", userID: Fixtures.ownerID, createdAt: Self.early)
        let fire = Reaction(emoji: "🔥", userID: Fixtures.strangerID, createdAt: Self.early)
        var local = Self.base
        local.reactions = [heart]  // removed the friend's 👍, added ❤️
        local.viewedBy = [Fixtures.friendID, Fixtures.ownerID]
        var remote = Self.base
        remote.reactions.append(fire)
        remote.viewedBy = [Fixtures.friendID, Fixtures.strangerID]
        let merged = Annotation.merge(base: Self.base, local: local, remote: remote)
        #expect(Set(merged.reactions.map(\.emoji)) == ["❤️", "🔥"])
        #expect(Set(merged.viewedBy) == [Fixtures.friendID, Fixtures.ownerID, Fixtures.strangerID])
    }

    @Test func viewCount_mergesAsACounter() {
        var local = Self.base
        local.viewCount = Self.base.viewCount + 2
        var remote = Self.base
        remote.viewCount = Self.base.viewCount + 5
        #expect(Annotation.merge(base: Self.base, local: local, remote: remote).viewCount == Self.base.viewCount + 7)
    }

    @Test func deleteAgainstEdit_keepsBoth() {
        var local = Self.base
        local.isDeleted = true
        local.updatedAt = Self.early
        var remote = Self.base
        remote.title = "Edited elsewhere"
        remote.updatedAt = Self.late
        Self.stampEdits(&remote, from: Self.base)
        let merged = Annotation.merge(base: Self.base, local: local, remote: remote)
        #expect(merged.isDeleted)
        #expect(merged.title == "Edited elsewhere")
    }

    @Test func withoutABase_eachDifferingFieldTakesItsLaterEdit() {
        var local = Self.base
        local.title = "Mine"
        local.updatedAt = Self.late
        Self.stampEdits(&local, from: Self.base)
        var remote = Self.base
        remote.status = .resolved
        remote.updatedAt = Self.early
        Self.stampEdits(&remote, from: Self.base)
        let merged = Annotation.merge(base: nil, local: local, remote: remote)
        #expect(merged.title == "Mine")
        #expect(merged.status == .resolved)
    }

    @Test func theLaterEditOfAField_winsThoughTheOtherRecordWasEditedLater() {
        // The phone edits the text early and the title late; the tablet edits the text between.
        let made = Timestamp.milliseconds(Self.base.createdAt)
        var phone = Self.base
        phone.content.text = "phone"
        phone.fieldStamps = FieldStamps(["content": made + 1_000, "title": made + 3_000])
        phone.title = "phone"
        phone.updatedAt = Self.late
        var tablet = Self.base
        tablet.content.text = "tablet"
        tablet.fieldStamps = FieldStamps(["content": made + 2_000])
        tablet.updatedAt = Self.early
        for merged in [
            Annotation.merge(base: Self.base, local: phone, remote: tablet),
            Annotation.merge(base: Self.base, local: tablet, remote: phone),
        ] {
            #expect(merged.content.text == "tablet")
            #expect(merged.title == "phone")
            #expect(merged.fieldStamps == FieldStamps(["content": made + 2_000, "title": made + 3_000]))
        }
    }

    @Test func anEditStamp_isLaterThanTheFieldsCurrentOne_evenWithAClockBehind() {
        var current = Self.base
        current.fieldStamps = FieldStamps(["title": Timestamp.milliseconds(Self.late)])
        var edit = current
        edit.title = "Edited on a device whose clock is an hour behind"
        let stamped = edit.stamped(editing: current, at: Self.early)
        #expect(stamped.fieldStamps?.values["title"] == Timestamp.milliseconds(Self.late) + 1)
        // A pushed stamp far ahead of the server's clock is brought back to the bound.
        var ahead = current
        ahead.title = "From the future"
        ahead.fieldStamps = FieldStamps(["title": Timestamp.milliseconds(Self.late) + 86_400_000])
        let bounded = ahead.stamped(editing: current, at: Self.late)
        #expect(
            bounded.fieldStamps?.values["title"]
                == Timestamp.milliseconds(Self.late.addingTimeInterval(FieldStamps.maxClockSkew)))
    }

    @Test(arguments: ConflictResolutionStrategy.allCases)
    func strategies(_ strategy: ConflictResolutionStrategy) {
        var local = Self.base
        local.title = "Mine"
        local.updatedAt = Self.early
        var remote = Self.base
        remote.title = "Theirs"
        remote.status = .resolved
        remote.updatedAt = Self.late
        Self.stampEdits(&local, from: Self.base)
        Self.stampEdits(&remote, from: Self.base)
        let outcome = ConflictResolver.resolve(strategy, base: Self.base, local: local, remote: remote)
        switch (strategy, outcome) {
        case (.merge, .resolved(let merged)):
            #expect(merged.title == "Theirs")
            #expect(merged.status == .resolved)
        case (.useLocal, .resolved(let merged)):
            #expect(merged.title == "Mine")
            #expect(merged.status == .inProgress)
            #expect(merged.ownerID == remote.ownerID)
        case (.useRemote, .resolved(let merged)):
            #expect(merged == remote)
        case (.manual, .keepBoth(let keptLocal, let keptRemote)):
            #expect(keptLocal == local)
            #expect(keptRemote == remote)
        default:
            Issue.record("unexpected outcome \(outcome) for \(strategy)")
        }
    }

    @Test func layerFields_mergeFieldByField() {
        let base = Fixtures.layer()
        var local = base
        local.name = "Renamed"
        local.updatedAt = Self.early
        var remote = base
        remote.color = .green
        remote.isPublic = false
        remote.updatedAt = Self.late
        Self.stampEdits(&local, from: base)
        Self.stampEdits(&remote, from: base)
        let merged = Layer.merge(base: base, local: local, remote: remote)
        #expect(merged.name == "Renamed")
        #expect(merged.color == .green)
        #expect(!merged.isPublic)
    }

    @Test func commentFields_mergeFieldByField() {
        let base = Fixtures.comment()
        var local = base
        local.text = "Edited"
        local.updatedAt = Self.late
        var remote = base
        remote.isDeleted = true
        remote.text = "Also edited"
        remote.updatedAt = Self.early
        let merged = Comment.merge(base: base, local: local, remote: remote)
        #expect(merged.text == "Edited")
        #expect(merged.isDeleted)
        #expect(merged.authorID == base.authorID)
    }
}
