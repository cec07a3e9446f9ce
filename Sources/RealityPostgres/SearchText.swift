import Foundation

/// The words of a text as the store indexes and searches them: the PostgreSQL counterpart of the
/// SQLite store's FTS5 `unicode61 remove_diacritics 2` tokenizer and `AnnotationQuerySQL.matchExpression`.
///
/// Words are split exactly as `matchExpression` splits a query (runs of letters and digits), then
/// folded for case and diacritics. The lexemes go to PostgreSQL verbatim, as `tsvector` and `tsquery`
/// literals, rather than through `to_tsvector`: PostgreSQL's parser would keep `a@b.com` or
/// `note-book` as one token and its result depends on the server's locale, while this rule is the
/// same on every server and the same as the SQLite store's.
enum SearchText {
    /// At most this many query words count, as in the SQLite store.
    static let maxQueryWords = 16
    /// PostgreSQL refuses lexemes of 2,047 bytes or more; longer words are cut (on both sides).
    static let maxLexemeBytes = 2_046
    /// Positions above PostgreSQL's 16,383 are clamped to it.
    static let maxPosition = 16_383
    /// PostgreSQL keeps at most 256 positions per lexeme.
    static let maxPositionsPerLexeme = 256
    /// A `tsvector` holds at most 1 MiB of lexemes; words past this budget are left out of the
    /// index (far beyond any text validation lets through).
    static let maxLexemeBudget = 1_000_000

    /// The folded words of `text`, in order.
    static func words(_ text: String) -> [String] {
        asciiWords(text) ?? unicodeWords(text)
    }

    /// ``words(_:)`` by characters: runs of letters and digits, folded for case and diacritics.
    static func unicodeWords(_ text: String) -> [String] {
        text.split { !($0.isLetter || $0.isNumber) }.compactMap { word in
            let folded = fold(word)
            return folded.isEmpty ? nil : truncated(folded)
        }
    }

    /// ``words(_:)`` of a text that is all ASCII, read from its bytes; nil for any other text.
    /// In ASCII the letters and digits are `A`–`Z`, `a`–`z` and `0`–`9`, and folding lowercases,
    /// so these are ``unicodeWords(_:)``'s words without its per-character work (most notes'
    /// text; a push of 400 spent a tenth of the server's time there).
    static func asciiWords(_ text: String) -> [String]? {
        var text = text
        return text.withUTF8 { bytes -> [String]? in
            var words: [String] = []
            var word: [UInt8] = []
            for byte in bytes {
                guard byte < 0x80 else { return nil }
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"): word.append(byte)
                case UInt8(ascii: "A")...UInt8(ascii: "Z"): word.append(byte | 0x20)
                default:
                    if !word.isEmpty { words.append(String(decoding: word.prefix(maxLexemeBytes), as: UTF8.self)) }
                    word.removeAll(keepingCapacity: true)
                }
            }
            if !word.isEmpty { words.append(String(decoding: word.prefix(maxLexemeBytes), as: UTF8.self)) }
            return words
        }
    }

    /// A `tsvector` literal of the words of `parts` (title, text, …), positions counted across the
    /// parts as if they were one text.
    static func vectorLiteral(_ parts: String?...) -> String {
        var positions: [String: [Int]] = [:]
        var order: [String] = []
        var budget = maxLexemeBudget
        var position = 0
        for part in parts {
            guard let part else { continue }
            for word in words(part) {
                position = min(position + 1, maxPosition)
                if positions[word] == nil {
                    guard budget >= word.utf8.count + 8 else { continue }
                    budget -= word.utf8.count + 8
                    order.append(word)
                    positions[word] = []
                }
                if positions[word]!.count < maxPositionsPerLexeme { positions[word]!.append(position) }
            }
        }
        return order.map { word in
            quoted(word) + ":" + positions[word]!.map(String.init).joined(separator: ",")
        }.joined(separator: " ")
    }

    /// A `tsquery` literal in which every word of `text` (the first 16) must start a word of the
    /// document; nil when `text` has no words.
    static func queryLiteral(_ text: String) -> String? {
        let words = text.split { !($0.isLetter || $0.isNumber) }.prefix(maxQueryWords)
            .map { truncated(fold($0)) }.filter { !$0.isEmpty }
        guard !words.isEmpty else { return nil }
        return words.map { quoted($0) + ":*" }.joined(separator: " & ")
    }

    private static func fold(_ word: Substring) -> String {
        word.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    }

    private static func truncated(_ word: String) -> String {
        guard word.utf8.count > maxLexemeBytes else { return word }
        var result = ""
        var bytes = 0
        for character in word {
            bytes += character.utf8.count
            guard bytes <= maxLexemeBytes else { break }
            result.append(character)
        }
        return result
    }

    /// A lexeme quoted for `tsvector`/`tsquery` input: inside single quotes, `'` doubled and `\`
    /// escaped, so that nothing in it is syntax.
    private static func quoted(_ word: String) -> String {
        var text = "'"
        for character in word {
            switch character {
            case "'": text += "''"
            case "\\": text += "\\\\"
            default: text.append(character)
            }
        }
        return text + "'"
    }
}
