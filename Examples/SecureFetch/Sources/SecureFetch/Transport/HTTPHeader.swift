/// One header field line, as sent or received.
public struct HTTPHeader: Sendable, Equatable {
    public var name: String
    public var value: String

    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}

extension [HTTPHeader] {
    /// The values of every field called `name` (case-insensitive), in order.
    public func values(of name: String) -> [String] {
        filter { $0.name.caseInsensitiveCompare(name) == .orderedSame }.map(\.value)
    }

    /// This list without the fields called `name` (case-insensitive).
    func removing(_ name: String) -> [HTTPHeader] {
        filter { $0.name.caseInsensitiveCompare(name) != .orderedSame }
    }
}
