import HTTPTypes

extension HTTPFields {
    /// The value of the field named `name` when the request sends it exactly once, or `.many`
    /// when it sends it more than once; nil when it does not send it.
    ///
    /// `self[name]` joins repeated fields into a new string; a field that may appear once (a
    /// token, a length, an ID) is read here without that work, and a repeat can be refused.
    func single(_ name: HTTPField.Name) -> SingleField? {
        var found: String?
        for field in self where field.name == name {
            guard found == nil else { return .many }
            found = field.value
        }
        return found.map(SingleField.one)
    }
}

/// A field that should appear once in a request.
enum SingleField: Equatable {
    /// Sent once, with this value.
    case one(String)
    /// Sent more than once.
    case many
}
