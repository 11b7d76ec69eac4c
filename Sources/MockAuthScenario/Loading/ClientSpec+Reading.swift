import MockAuthVocabulary
import Yams

extension ClientSpec {
    /// Reads the `client:` section; without one, the client requests `/` on the first server.
    static func read(_ node: Node?, servers: [ServerSpec], file: String) throws(ScenarioError) -> ClientSpec {
        // By default the client requests / on the first origin.
        let defaultRequest = RequestSpec(
            server: (servers.first { $0.role == .origin } ?? servers.first)?.id ?? "origin")
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
                let credentials = try request.node("credentials").map { (node) throws(ScenarioError) in
                    try Account.read(node, file: file, context: "a request's credentials")
                }
                let scheme = try request.word("scheme", RequestScheme.self, what: "scheme")
                try request.finish()
                return RequestSpec(
                    server: try server.scalarString(file: file, what: "'server'"), path: path, credentials: credentials,
                    scheme: scheme)
            }
            if requests.first?.credentials != nil {
                throw ScenarioError(
                    .invalidValue, at: client.location(of: "requests"),
                    "the first request uses the client's credentials: give them as client.credentials",
                    hint: "credentials: { username: alice, password: secret }")
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
        var pin = false
        var pinTarget = PinTarget.serverKey
        if let pinNode = client.node("pin") {
            let text = try pinNode.scalarString(file: file, what: "'pin'")
            switch text {
            case "true": pin = true
            case "false": pin = false
            case PinTarget.intermediate.rawValue:
                pin = true
                pinTarget = .intermediate
            default:
                throw ScenarioError(
                    .invalidValue, at: ScenarioLocation(pinNode, file: file),
                    "'pin' is true (the server's key), false, or intermediate (the intermediate CA's key), not '\(text)'",
                    hint: "pin: true")
            }
        }
        let credentials = try client.node("credentials").map { (node) throws(ScenarioError) in
            try Account.read(node, file: file, context: "the client's credentials")
        }
        let token = try client.string("token")
        let headers = try client.node("headers").map { (node) throws(ScenarioError) in
            try HeaderField.readList(node, file: file, context: "the client's headers")
        }
        let method = try client.string("method") ?? "GET"
        guard HTTPFieldSyntax.isToken(method) else {
            throw ScenarioError(
                .invalidValue, at: client.location(of: "method"), "'\(method)' is not an HTTP method",
                hint: "method: POST")
        }
        let body = try readBody(client.node("body"), file: file)
        if body != nil, method == "GET" || method == "HEAD" {
            throw ScenarioError(
                .invalidValue, at: client.location(of: "body"), "a \(method) request carries no body",
                hint: "method: POST")
        }
        var proxy: ProxyClientSpec?
        if let proxyNode = client.node("proxy") {
            var mapping = try YAMLMapping(proxyNode, file: file, context: "the client's proxy")
            let server = try mapping.required("server", example: "server: proxy")
            let proxyCredentials = try mapping.node("credentials").map { (node) throws(ScenarioError) in
                try Account.read(node, file: file, context: "the proxy credentials")
            }
            let remoteDNS = try mapping.bool("remote-dns") ?? false
            let bypass = try mapping.strings("bypass") ?? []
            try mapping.finish()
            proxy = ProxyClientSpec(
                server: try server.scalarString(file: file, what: "'server'"), credentials: proxyCredentials,
                remoteDNS: remoteDNS, bypass: bypass)
        }
        let pause = try client.int("pause-between-requests")
        if let pause {
            guard (1...maximumPauseSeconds).contains(pause) else {
                throw ScenarioError(
                    .invalidValue, at: client.location(of: "pause-between-requests"),
                    "'pause-between-requests' is a number of seconds from 1 to \(maximumPauseSeconds), not \(pause)",
                    hint: "pause-between-requests: 3")
            }
            guard requests.count > 1 else {
                throw ScenarioError(
                    .invalidValue, at: client.location(of: "pause-between-requests"),
                    "'pause-between-requests' needs two requests or more: the client pauses between them",
                    hint:
                        "requests:\n      - server: origin\n        path: /first\n      - server: origin\n        path: /second"
                )
            }
        }
        let concurrent = try client.bool("concurrent") ?? false
        if concurrent {
            guard requests.count > 1 else {
                throw ScenarioError(
                    .invalidValue, at: client.location(of: "concurrent"),
                    "'concurrent' needs two requests or more: the client sends them at once",
                    hint:
                        "requests:\n      - server: origin\n        path: /one\n      - server: origin\n        path: /two"
                )
            }
            guard pause == nil else {
                throw ScenarioError(
                    .invalidValue, at: client.location(of: "concurrent"),
                    "a client that sends its requests at once does not pause between them: 'concurrent' or 'pause-between-requests', not both",
                    hint: "remove 'pause-between-requests'")
            }
        }
        try client.finish()
        var spec = ClientSpec(
            requests: requests, trust: trust, identity: identity, pin: pin, credentials: credentials, token: token,
            proxy: proxy, headers: headers ?? [], method: method, body: body)
        spec.pinTarget = pinTarget
        spec.pauseBetweenRequests = pause
        spec.concurrent = concurrent
        return spec
    }

    /// The longest pause a scenario may ask for between two requests, in seconds: well inside the
    /// client's time (`check --timeout`, 60 s by default).
    static let maximumPauseSeconds = 30

    /// The largest body a scenario may give (the servers refuse more with 413).
    static let maximumBodyBytes = 1 << 20

    /// `body: text`, or `body: { text: "…", repeat: N }` for a large one (the text N times).
    private static func readBody(_ node: Node?, file: String) throws(ScenarioError) -> String? {
        guard let node else { return nil }
        let location = ScenarioLocation(node, file: file)
        let body: String
        if case .mapping = node {
            var mapping = try YAMLMapping(node, file: file, context: "the client's body")
            let text = try mapping.required("text", example: "text: \"field=value&\"")
                .scalarString(file: file, what: "'text'")
            let count = try mapping.int("repeat") ?? 1
            try mapping.finish()
            guard count >= 1, text.utf8.count * count <= maximumBodyBytes else {
                throw ScenarioError(
                    .invalidValue, at: location,
                    "the body must be between 1 and \(maximumBodyBytes) bytes (\(text.utf8.count) × \(count))",
                    hint: "repeat: 1000")
            }
            body = String(repeating: text, count: count)
        } else {
            body = try node.scalarString(file: file, what: "'body'")
            guard body.utf8.count <= maximumBodyBytes else {
                throw ScenarioError(.invalidValue, at: location, "the body is over \(maximumBodyBytes) bytes")
            }
        }
        return body
    }
}
