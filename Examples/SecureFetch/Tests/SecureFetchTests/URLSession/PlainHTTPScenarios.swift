import MockAuthTesting

/// Scenarios of our own over plain HTTP, for URLSession on Linux (which cannot be told to trust the
/// harness root): the same checks as `basic` and `redirect-cross-host`, without TLS. They are
/// written in the scenario format, as a file under `Scenarios/` would be, and loaded with
/// `Scenario(yaml:name:file:)`.
///
/// Every server is on `localhost`: App Transport Security lets an app on Apple platforms reach it
/// over plain HTTP without exceptions, while from iOS 17 and macOS 14 it refuses plain HTTP to an IP
/// address such as `127.0.0.1`. So the redirect goes to another origin on the same host (another
/// port), not to another host: the only other loopback host, `127.0.0.1`, would need an exception.
enum PlainHTTPScenarios {
    /// `basic` over http: answer the 401 (and nothing before it) and get 200.
    static let basic = scenario(
        "basic-http",
        """
        version: 1
        summary: Basic authentication over plain HTTP
        servers:
          origin:
            host: localhost
            auth: { realm: mockauth, schemes: [basic], username: alice, password: wonderland-7 }
        client:
          credentials: { username: alice, password: wonderland-7 }
        expect:
          - rule: no-preemptive-credentials
            server: origin
          - rule: authenticates
            server: origin
        """)

    /// `redirect-cross-host` over http, between two origins of `localhost`: the first authenticates,
    /// then redirects to the other (another port), which must not receive the Authorization header.
    static let redirectCrossOrigin = scenario(
        "redirect-cross-origin-http", redirectCrossOriginYAML(authenticates: true))

    /// The same redirect without a challenge: the control that shows URLSession follows it at all.
    static let redirectCrossOriginUnprotected = scenario(
        "redirect-cross-origin-http-unprotected", redirectCrossOriginYAML(authenticates: false))

    static func redirectCrossOriginYAML(authenticates: Bool) -> String {
        """
        version: 1
        summary: After \(authenticates ? "Basic" : "no challenge"), a redirect to another origin over plain HTTP
        servers:
          origin:
            host: localhost
        \(authenticates ? "    auth: { realm: mockauth, schemes: [basic], username: alice, password: wonderland-7 }" : "")
            routes:
              - path: /
                redirect: { server: other, path: /landing, status: 302 }
          other:
            host: localhost
            routes:
              - path: /landing
                body: "you followed the redirect\\n"
        client:
          credentials: { username: alice, password: wonderland-7 }
        expect:
        \(authenticates ? "  - rule: authenticates\n    server: origin" : "")
          - rule: request-succeeds
            server: other
            path: /landing
          - rule: never-receives
            server: other
            header: Authorization
            because: it leaked the origin's credentials across the redirect
        """
    }

    /// Reads `yaml` as the scenario called `name`; a mistake in it stops the test run with the
    /// loader's message (file, line and column).
    static func scenario(_ name: String, _ yaml: String) -> Scenario {
        do {
            return try Scenario(yaml: yaml, name: name, file: "PlainHTTPScenarios.swift")
        } catch {
            fatalError("\(error)")
        }
    }
}
