import Yams

extension ClientSpec {
    /// Reads the `client:` section; without one, the client requests `/` on the first server.
    static func read(_ node: Node?, servers: [ServerSpec], file: String) throws(ScenarioError) -> ClientSpec {
        // By default the client requests / on the first server that is not a proxy.
        let defaultRequest = RequestSpec(server: (servers.first { !$0.isProxy } ?? servers.first)?.id ?? "origin")
        guard let node else { return ClientSpec(requests: [defaultRequest]) }
        var client = try YAMLMapping(node, file: file, context: "the client section")
        var requests = [defaultRequest]
        if let requestsNode = client.node("requests") {
            let example = "requests:\n      - server: origin\n        path: /"
            requests = try requestsNode.sequenceElements(file: file, what: "'requests'", example: example).map {
                (element) throws(ScenarioError) in
                var request = try YAMLMapping(element, file: file, context: "a request")
                let server = try request.required("server", example: "server: \(defaultRequest.server)")
                let path = try request.string("path") ?? "/"
                try request.finish()
                return RequestSpec(server: try server.scalarString(file: file, what: "'server'"), path: path)
            }
            guard !requests.isEmpty else {
                throw ScenarioError(
                    .invalidValue, at: client.location(of: "requests"), "'requests' is empty", hint: example)
            }
        }
        var trust = TrustAnchors.harnessRoot
        if let trustName = try client.string("trust") {
            guard let known = TrustAnchors(rawValue: trustName) else {
                throw ScenarioError(
                    .invalidValue, at: client.location(of: "trust"), "unknown trust setting '\(trustName)'",
                    hint: TrustAnchors.allCases.map { "trust: \($0.rawValue)" }.joined(separator: " or "))
            }
            trust = known
        }
        let identity = try ClientIdentitySpec.read(client.node("identity"), file: file)
        let pin = try client.bool("pin") ?? false
        let credentials = try client.node("credentials").map { (node) throws(ScenarioError) in
            try Account.read(node, file: file, context: "the client's credentials")
        }
        let token = try client.string("token")
        let headers = try client.node("headers").map { (node) throws(ScenarioError) in
            try HeaderField.readList(node, file: file, context: "the client's headers")
        }
        var proxy: ProxyClientSpec?
        if let proxyNode = client.node("proxy") {
            var mapping = try YAMLMapping(proxyNode, file: file, context: "the client's proxy")
            let server = try mapping.required("server", example: "server: proxy")
            let proxyCredentials = try mapping.node("credentials").map { (node) throws(ScenarioError) in
                try Account.read(node, file: file, context: "the proxy credentials")
            }
            try mapping.finish()
            proxy = ProxyClientSpec(
                server: try server.scalarString(file: file, what: "'server'"), credentials: proxyCredentials)
        }
        try client.finish()
        return ClientSpec(
            requests: requests, trust: trust, identity: identity, pin: pin, credentials: credentials, token: token,
            proxy: proxy, headers: headers ?? [])
    }
}
