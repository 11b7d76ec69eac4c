/// One HTTP header field to add to a response.
public struct HTTPHeaderField: Sendable, Equatable {
    /// The field name, e.g. `"Authentication-Info"`.
    public var name: String
    /// The field value.
    public var value: String

    /// Creates a header field.
    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}
