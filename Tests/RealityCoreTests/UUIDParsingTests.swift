import Foundation
import Testing

@testable import RealityCore

/// `UUID.parse` reads what `UUID(uuidString:)` reads.
@Suite struct UUIDParsingTests {
    @Test func randomUUIDs_parseInEitherCase() {
        for _ in 0..<1_000 {
            let uuid = UUID()
            #expect(UUID.parse(uuid.uuidString) == uuid)
            #expect(UUID.parse(uuid.lowercasedString) == uuid)
            #expect(UUID.parse(uuid.uuidString.lowercased()) == UUID(uuidString: uuid.uuidString.lowercased()))
        }
        #expect(
            UUID.parse("00000000-0000-0000-0000-000000000000")
                == UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)))
        #expect(
            UUID.parse("FFFFFFFF-ffff-FFFF-ffff-FFFFFFFFFFFF")?.lowercasedString
                == "ffffffff-ffff-ffff-ffff-ffffffffffff")
    }

    @Test(arguments: [
        "", "not a uuid", "01a1ffcb-c54a-73d1-804c-9e59113faaa", "01a1ffcb-c54a-73d1-804c-9e59113faaac0",
        "01a1ffcbxc54a-73d1-804c-9e59113faaac", "01a1ffcb-c54a-73d1-804c-9e59113faaaz",
        "g1a1ffcb-c54a-73d1-804c-9e59113faaac",
        "01a1ffcb-c54a-73d1-804c9e59113faaac-", "{01a1ffcb-c54a-73d1-804c-9e59113faaac}",
        "01a1ffcb-c54a-73d1-804c-9e59113faaé",
    ])
    func malformedStrings_areRefused(text: String) {
        #expect(UUID.parse(text) == nil)
        #expect(UUID(uuidString: text) == nil)
    }
}
