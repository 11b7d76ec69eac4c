/// The body a request carried, as the server received it: its size and its SHA-256, never its
/// bytes (a transcript stays small however large the bodies are).
public struct BodyRecord: Sendable, Codable, Hashable {
    /// The body's size in bytes.
    public var bytes: Int
    /// The SHA-256 of the body, lower-case hex.
    public var sha256: String

    package init(bytes: Int, sha256: String) {
        self.bytes = bytes
        self.sha256 = sha256
    }
}
