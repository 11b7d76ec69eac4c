import MockAuthSchemes
import Yams

extension Scenario {
    /// Reads a scenario from YAML (or JSON, which is YAML) text.
    ///
    /// - Parameters:
    ///   - text: the file's contents.
    ///   - name: the scenario's name (the file stem).
    ///   - file: the path used in error locations.
    /// - Throws: ``ScenarioError`` naming file:line:column and what to write instead.
    public init(yaml text: String, name: String, file: String) throws(ScenarioError) {
        let root: Node
        do {
            guard let node = try Yams.compose(yaml: text) else {
                throw ScenarioError(
                    .missingKey, at: ScenarioLocation(file: file, line: 1, column: 1), "the file is empty",
                    hint: "a scenario starting with 'version: \(Scenario.currentVersion)'")
            }
            root = node
        } catch let error as ScenarioError {
            throw error
        } catch {
            throw ScenarioError(yamlError: error, file: file)
        }
        var document = try YAMLMapping(root, file: file, context: "the scenario")
        let versionNode = try document.required("version", example: "version: \(Scenario.currentVersion)")
        let versionText = try versionNode.scalarString(file: file, what: "'version'")
        guard let version = Int(versionText), version >= 1 else {
            throw ScenarioError(
                .invalidValue, at: ScenarioLocation(versionNode, file: file),
                "'version' must be a format version number, not '\(versionText)'",
                hint: "version: \(Scenario.currentVersion)")
        }
        guard version <= Scenario.currentVersion else {
            throw ScenarioError(
                .unsupportedVersion, at: ScenarioLocation(versionNode, file: file),
                "this scenario is written for format version \(version); this build reads up to \(Scenario.currentVersion)",
                hint: "version: \(Scenario.currentVersion), or update MockAuth")
        }
        let summaryNode = try document.required(
            "summary", example: "summary: One line saying what the scenario checks.")
        let summary = try summaryNode.scalarString(file: file, what: "'summary'")
        let description = try document.string("description") ?? ""
        let tags = try document.strings("tags") ?? []
        let control = try document.string("control")
        if let control, !Scenario.isName(control) {
            throw ScenarioError(
                .invalidValue, at: document.location(of: "control"),
                "'control' names a scenario of the catalog, not a path: '\(control)'",
                hint: "control: tls-valid (a file name without .yaml, in the same catalog)")
        }
        let retired = try document.string("retired")
        let serversNode = try document.required(
            "servers", example: "servers:\n      origin:\n        tls: { profile: valid }")
        let servers = try ServerSpec.readAll(serversNode, file: file)
        let clientNode = document.node("client")
        let client = try ClientSpec.read(clientNode, servers: servers, file: file)
        let expectNode = try document.required(
            "expect", example: "expect:\n      - rule: request-succeeds\n        server: origin")
        let expectations = try ScenarioExpectation.readAll(expectNode, file: file)
        try document.finish()

        self.init(
            name: name, version: version, summary: summary, description: description, tags: tags, control: control,
            retired: retired, servers: servers, client: client, expectations: expectations)
        try validateReferences(document: document, clientNode: clientNode, expectNode: expectNode, file: file)
    }

    /// The servers the client goes around its proxy for (`bypass`): servers of the scenario, not the
    /// proxy, each with a name under `.test` that no server reached through the proxy shares, since
    /// `NO_PROXY` matches host names (an address would match every server on it).
    private func validateBypass(of proxy: ProxyClientSpec, at location: ScenarioLocation) throws(ScenarioError) {
        for id in proxy.bypass {
            try requireServer(id, at: location)
            guard id != proxy.server else {
                throw ScenarioError(
                    .invalidValue, at: location,
                    "the proxy '\(id)' cannot be bypassed: 'bypass' lists the servers reached without it",
                    hint: "bypass: [direct]")
            }
            guard case .named(let name) = server(id)?.host else {
                throw ScenarioError(
                    .invalidValue, at: location,
                    "'\(id)' in 'bypass' needs a host name of its own (NO_PROXY matches names, and every server shares the loopback address)",
                    hint: "servers:\n      \(id):\n        host: direct.test")
            }
            if let other = servers.first(where: {
                $0.id != proxy.server && !proxy.bypass.contains($0.id) && $0.host.name == name
            }) {
                throw ScenarioError(
                    .invalidValue, at: location,
                    "'\(id)' in 'bypass' shares its name \(name) with '\(other.id)', which the client reaches through the proxy",
                    hint: "host: another name under .test")
            }
        }
    }

    /// Checks that every server id the client and the expectations name exists, and what each rule
    /// needs of the scenario.
    private func validateReferences(
        document: YAMLMapping, clientNode: Node?, expectNode: Node, file: String
    ) throws(ScenarioError) {
        let clientLocation = clientNode.map { ScenarioLocation($0, file: file) } ?? document.location
        for request in client.requests {
            try requireServer(request.server, at: clientLocation)
            if request.scheme == .https, self.server(request.server)?.tls == nil {
                throw ScenarioError(
                    .invalidValue, at: clientLocation,
                    "a request to '\(request.server)' has 'scheme: https', but '\(request.server)' speaks plain HTTP",
                    hint: "scheme: http, or tls: { profile: valid } on '\(request.server)'")
            }
        }
        if let proxy = client.proxy {
            try requireServer(proxy.server, at: clientLocation)
            guard let role = self.server(proxy.server)?.role, role.relays else {
                throw ScenarioError(
                    .invalidValue, at: clientLocation, "the client's proxy '\(proxy.server)' is not a proxy server",
                    hint: "servers:\n      \(proxy.server):\n        proxy: true")
            }
            if proxy.remoteDNS, case .forwardProxy = role {
                throw ScenarioError(
                    .invalidValue, at: clientLocation,
                    "'remote-dns' is for a SOCKS5 proxy ('\(proxy.server)' is not one): an HTTP proxy is always given names",
                    hint: "servers:\n      \(proxy.server):\n        proxy: socks5")
            }
            try validateBypass(of: proxy, at: clientLocation)
        }
        let revocationServers = servers.filter { $0.role == .revocation }
        if revocationServers.count > 1 {
            throw ScenarioError(
                .invalidValue, at: document.location(of: "servers"),
                "a scenario has at most one revocation server ('\(revocationServers[1].id)' is a second)",
                hint: "remove 'revocation: true' from '\(revocationServers[1].id)'")
        }
        try validateTokenEndpoint(document: document, clientLocation: clientLocation)
        for server in servers {
            if let profile = server.tls?.profile, profile.traits.revocation.isTheDefect, revocationServers.isEmpty {
                throw ScenarioError(
                    .invalidValue, at: document.location(of: "servers"),
                    "the \(profile) profile of '\(server.id)' points its leaf at a revocation server, and there is none",
                    hint: "servers:\n      revocation:\n        revocation: true")
            }
            for route in server.routes {
                guard let redirect = route.redirect else { continue }
                try requireServer(redirect.server, at: document.location(of: "servers"))
            }
        }
        let entries = (try? expectNode.sequenceElements(file: file, what: "", example: "")) ?? []
        for (index, expectation) in expectations.enumerated() {
            let location = index < entries.count ? ScenarioLocation(entries[index], file: file) : document.location
            for rule in expectation.rule.leaves {
                if let server = rule.judgedServer { try requireServer(server, at: location) }
                try rule.check(in: self, at: location)
            }
        }
    }
}

extension Scenario {
    /// At most one token endpoint; each `token-endpoint:` of an auth section names it; the client
    /// is given its first access token, so `client.token` is not written as well.
    fileprivate func validateTokenEndpoint(document: YAMLMapping, clientLocation: ScenarioLocation)
        throws(ScenarioError)
    {
        let endpoints = servers.filter { $0.tokenEndpoint != nil }
        if endpoints.count > 1 {
            throw ScenarioError(
                .invalidValue, at: document.location(of: "servers"),
                "a scenario has at most one token endpoint ('\(endpoints[1].id)' is a second)",
                hint: "remove 'token-endpoint' from '\(endpoints[1].id)'")
        }
        let auths = servers.flatMap { server in
            [server.auth].compactMap(\.self)
                + server.routes.compactMap { route -> AuthSpec? in
                    if case .own(let auth) = route.auth { return auth }
                    return nil
                }
        }
        for id in auths.compactMap(\.tokenEndpoint) where self.server(id)?.tokenEndpoint == nil {
            throw ScenarioError(
                .invalidValue, at: document.location(of: "servers"),
                "'token-endpoint: \(id)' names no token endpoint of the scenario",
                hint: "servers:\n      \(id):\n        \(TokenEndpointConfiguration.example)")
        }
        if !endpoints.isEmpty, client.token != nil {
            throw ScenarioError(
                .invalidValue, at: clientLocation,
                "the client is given the token endpoint's access-token; 'token' would say it twice",
                hint: "remove 'token' from 'client'")
        }
    }

    /// The scenario's token endpoint, if it has one: its client is given the endpoint's URL, the
    /// registered client and the tokens to start with.
    package var tokenEndpoint: (server: ServerSpec, configuration: TokenEndpointConfiguration)? {
        for server in servers {
            if let configuration = server.tokenEndpoint { return (server, configuration) }
        }
        return nil
    }

    /// The refresh token its client is given, when the scenario has a token endpoint.
    package var refreshToken: String? { tokenEndpoint?.configuration.refreshToken }
}

extension ScenarioError {
    /// Turns a Yams parse error into a located syntax error.
    init(yamlError error: any Error, file: String) {
        switch error {
        case YamlError.scanner(let context, let problem, let mark, _),
            YamlError.parser(let context, let problem, let mark, _),
            YamlError.composer(let context, let problem, let mark, _):
            let location = ScenarioLocation(file: file, line: mark.line, column: mark.column)
            let detail = context.map { "\(problem) \($0.text)" } ?? problem
            self.init(.syntax, at: location, "the file is not valid YAML: \(detail)")
        case YamlError.duplicatedKeysInMapping(let duplicates, let context):
            let location = ScenarioLocation(file: file, line: context.mark.line, column: context.mark.column)
            self.init(
                .syntax, at: location, "the key '\(duplicates.joined(separator: "', '"))' appears twice in one mapping",
                hint: "one entry per key")
        default:
            self.init(
                .syntax, at: ScenarioLocation(file: file, line: 1, column: 1), "the file is not valid YAML: \(error)")
        }
    }
}

extension Scenario {
    /// Whether `text` can name a scenario of a catalog: ASCII letters, digits, `-`, `_` and `.`, not
    /// starting with `.` (so never a path, `..` or a hidden file).
    package static func isName(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, first != "." else { return false }
        return text.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII
                && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
                    || "-_.".unicodeScalars.contains(scalar))
        }
    }
}
