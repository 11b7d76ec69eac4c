/// A route that redirects to another server of the scenario.
package struct RedirectSpec: Sendable, Equatable {
    /// The id of the server the `Location` points at.
    package var server: String
    /// The path on that server.
    package var path: String
    /// 301, 302, 303, 307 or 308.
    package var status: Int

    package init(server: String, path: String = "/", status: Int = 302) {
        self.server = server
        self.path = path
        self.status = status
    }
}
