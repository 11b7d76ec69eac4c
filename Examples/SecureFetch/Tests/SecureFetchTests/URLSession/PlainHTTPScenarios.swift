import MockAuthTesting

/// Scenarios built in code over plain HTTP, for URLSession on Linux (which cannot be told to trust
/// the harness root): the same checks as `basic` and `redirect-cross-host`, without TLS.
enum PlainHTTPScenarios {
    static let account = Account(username: "alice", password: "wonderland-7")

    /// `basic` over http: answer the 401 (and nothing before it) and get 200.
    static let basic = Scenario(
        name: "basic-http",
        summary: "Basic authentication over plain HTTP",
        servers: [ServerSpec(id: "origin", auth: AuthSpec(realm: "mockauth", schemes: [.basic], account: account))],
        client: ClientSpec(requests: [RequestSpec(server: "origin")], trust: .none, credentials: account),
        expectations: [
            ScenarioExpectation(.noPreemptiveCredentials(server: "origin")),
            ScenarioExpectation(.authenticates(server: "origin", path: nil)),
        ])

    /// `redirect-cross-host` over http: 127.0.0.1 authenticates, then redirects to localhost, which
    /// must not receive the Authorization header.
    static let redirectCrossHost = Scenario(
        name: "redirect-cross-host-http",
        summary: "After Basic, a redirect to another host over plain HTTP",
        servers: [
            ServerSpec(
                id: "origin",
                routes: [RouteSpec(path: "/", redirect: RedirectSpec(server: "other", path: "/landing", status: 302))],
                auth: AuthSpec(realm: "mockauth", schemes: [.basic], account: account)),
            ServerSpec(
                id: "other", host: .localhost,
                routes: [RouteSpec(path: "/landing", body: "you followed the redirect\n")]),
        ],
        client: ClientSpec(requests: [RequestSpec(server: "origin")], trust: .none, credentials: account),
        expectations: [
            ScenarioExpectation(.authenticates(server: "origin", path: nil)),
            ScenarioExpectation(.requestSucceeds(server: "other", path: "/landing")),
            ScenarioExpectation(
                .neverReceives(server: "other", header: "Authorization", paths: []),
                because: "it leaked the origin's credentials across the redirect"),
        ])
}
