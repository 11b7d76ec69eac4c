/// One header line a scenario names: a response header of a route, or a request header the client
/// is told to send (`client.headers`, `MOCKAUTH_HEADERS`).
public struct HeaderField: Sendable, Hashable, Codable {
    /// The field name as the scenario spells it, e.g. `"X-Api-Key"`.
    public var name: String
    /// The field value.
    public var value: String

    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }

    /// The line as HTTP/1.1 writes it, and as each line of `MOCKAUTH_HEADERS` gives it: `Name: value`.
    public var line: String { "\(name): \(value)" }
}
