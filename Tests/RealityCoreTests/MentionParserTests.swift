import RealityCore
import Testing

/// `@mentions` of display names with spaces (issue 16): unquoted names of up to three words are
/// offered longest first, quoted names are taken whole.
@Suite struct MentionParserTests {
    @Test func unquotedMention_offersTheNameWithTheNextWords_longestFirst() {
        #expect(
            MentionParser.mentions(in: "thanks @Ana Silva Costa for this") == [
                ["Ana Silva Costa", "Ana Silva", "Ana"]
            ])
        #expect(MentionParser.mentions(in: "@Ana Silva, look") == [["Ana Silva", "Ana"]])
        #expect(MentionParser.mentions(in: "@Ana, look") == [["Ana"]], "punctuation ends the name")
    }

    @Test func quotedMention_isTheWholeName() {
        #expect(MentionParser.mentions(in: #"hi @"Ana Silva" and @bo"#) == [["Ana Silva"], ["bo"]])
        #expect(MentionParser.handles(in: #"@"Ana Silva" @ana@example.com"#) == ["Ana Silva", "ana@example.com"])
    }

    @Test func emailsAndCutHandles_areOnlyThemselves() {
        #expect(MentionParser.mentions(in: "@ana@example.com said") == [["ana@example.com"]])
        #expect(MentionParser.mentions(in: "@ana. Then") == [["ana"]])
    }
}
