/// An environment that cannot be read into a ``ClientMaterial``: a file it names cannot be read,
/// or it gives part of something that comes whole (a certificate without its key).
public struct ClientMaterialError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What could not be read, in words.
    public var reason: String

    package init(_ reason: String) { self.reason = reason }

    public var description: String { reason }
}
