/// Statement texts made of others.
enum PostgresStatementText {
    /// `sql` with each placeholder `$n` from `$first` on renumbered `$(n + offset)`: one
    /// statement's text inside another's, after binds of the other's own. The statements this is
    /// used on have no `$` but their placeholders (no dollar quoting).
    static func shifting(_ sql: String, from first: Int, by offset: Int) -> String {
        var result = ""
        result.reserveCapacity(sql.utf8.count + sql.utf8.count / 16)
        var characters = sql.unicodeScalars.makeIterator()
        var pending = characters.next()
        while let character = pending {
            pending = characters.next()
            guard character == "$", let digit = pending, ("0"..."9").contains(digit) else {
                result.unicodeScalars.append(character)
                continue
            }
            var number = 0
            while let digit = pending, let value = Int(String(digit)), ("0"..."9").contains(digit) {
                number = number * 10 + value
                pending = characters.next()
            }
            result += "$\(number >= first ? number + offset : number)"
        }
        return result
    }
}
