/// A route that redirects to another server of the scenario.
public struct RedirectSpec: Sendable, Equatable {
    /// The id of the server the `Location` points at.
    public var server: String
    /// The path on that server.
    public var path: String
    /// 301, 302, 303, 307 or 308.
    public var status: Int

    public init(server: String, path: String = "/", status: Int = 302) {
        self.server = server
        self.path = path
        self.status = status
    }
}
