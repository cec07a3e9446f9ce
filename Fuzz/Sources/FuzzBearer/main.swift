import FuzzCheck

/// Fuzzes ``BearerToken/parse(_:)`` (the `Authorization` header of every signed-in request)
/// against a plain reading of its rule over Unicode scalars.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzBearer(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let header = String(decoding: fuzzInput(start, count), as: UTF8.self)
    let parsed = BearerToken.parse(header)
    let expected = referenceToken(header)
    require(
        parsed == expected,
        "BearerToken.parse(\(header.debugDescription)) = \(String(describing: parsed)), expected \(String(describing: expected))"
    )
    return 0
}

/// The rule as the documentation states it: the scheme `Bearer` in any ASCII case, one or more
/// spaces or tabs, then a token of 1 to ``BearerToken/maximumLength`` bytes with no space or tab
/// in it, spaces or tabs after it ignored.
private func referenceToken(_ header: String) -> String? {
    let blanks: Set<Unicode.Scalar> = [" ", "\t"]
    let scalars = Array(header.unicodeScalars)
    guard scalars.count > 6,
        String(String.UnicodeScalarView(scalars[..<6])).lowercased() == "bearer",
        scalars[..<6].allSatisfy(\.isASCII),
        blanks.contains(scalars[6])
    else { return nil }
    var rest = scalars[6...]
    while let first = rest.first, blanks.contains(first) { rest = rest.dropFirst() }
    while let last = rest.last, blanks.contains(last) { rest = rest.dropLast() }
    let token = String(String.UnicodeScalarView(rest))
    guard !token.isEmpty, token.utf8.count <= BearerToken.maximumLength, !rest.contains(where: blanks.contains) else {
        return nil
    }
    return token
}
