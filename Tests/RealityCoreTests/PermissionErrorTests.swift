import Testing

@testable import RealityCore

@Suite struct PermissionErrorTests {
    static let all: [PermissionError] = [
        .notFound, .cannotComment, .cannotEdit, .cannotDelete, .cannotShare, .notOwner,
        .cannotGrantAboveOwnLevel(.editor), .cannotRevokeAboveOwnLevel(.commenter), .cannotGrantToOwner,
        .cannotGrantToSelf, .sharingNotAllowedOnTier(.free),
    ]

    @Test func codes_areDistinctSnakeCase() {
        let codes = Self.all.map(\.code)
        #expect(Set(codes).count == codes.count)
        for code in codes {
            #expect(code.allSatisfy { $0 == "_" || ("a"..."z").contains($0) }, "\(code)")
        }
    }

    @Test(arguments: all)
    func messages_areSentencesForPeople(error: PermissionError) {
        #expect(error.message.hasSuffix("."))
        #expect(error.description == error.message)
    }

    @Test func messages_nameTheLevelOrPlanInvolved() {
        #expect(PermissionError.cannotGrantAboveOwnLevel(.editor).message.contains("editor"))
        #expect(PermissionError.sharingNotAllowedOnTier(.free).message.contains("free"))
    }

    @Test(arguments: [
        (Capability.view, PermissionError.notFound), (.comment, .cannotComment), (.edit, .cannotEdit),
        (.delete, .cannotDelete), (.share, .cannotShare),
    ])
    func denying_mapsEachCapabilityToItsError(capability: Capability, error: PermissionError) {
        #expect(PermissionError.denying(capability) == error)
    }
}
