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
        text.split { !($0.isLetter || $0.isNumber) }.compactMap { word in
            let folded = fold(word)
            return folded.isEmpty ? nil : truncated(folded)
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
