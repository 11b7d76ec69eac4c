import MockAuthSchemes
import MockAuthVocabulary
import Yams

extension ScenarioExpectation {
    /// Reads the `expect:` list.
    static func readAll(_ node: Node, file: String) throws(ScenarioError) -> [ScenarioExpectation] {
        let example = "expect:\n      - rule: request-succeeds\n        server: origin"
        let elements = try node.sequenceElements(file: file, what: "'expect'", example: example)
        guard !elements.isEmpty else {
            throw ScenarioError(
                .missingKey, at: ScenarioLocation(node, file: file), "'expect' needs at least one expectation",
                hint: example)
        }
        let expectations = try elements.map { (element) throws(ScenarioError) in try read(element, file: file) }
        // Preconditions only set the stage: a scenario of nothing else would pass a client on the
        // stage alone, having tested no behaviour.
        if expectations.contains(where: \.precondition),
            !expectations.contains(where: { $0.level == .must && !$0.precondition })
        {
            throw ScenarioError(
                .invalidValue, at: ScenarioLocation(node, file: file),
                "every 'must' expectation is a precondition: nothing would test the behaviour the scenario is named for",
                hint: "- rule: never-receives   # the behaviour under test: no 'precondition'")
        }
        return expectations
    }

    private static func read(_ node: Node, file: String) throws(ScenarioError) -> ScenarioExpectation {
        var entry = try YAMLMapping(node, file: file, context: "an expectation")
        let rule = try ExpectationRule.read(&entry, file: file)
        let level = try entry.word("level", ExpectationLevel.self, what: "level") ?? .must
        let because = try entry.string("because")
        let precondition = try entry.bool("precondition") ?? false
        if precondition, level == .should {
            // A precondition decides whether the scenario can be judged at all (unmet: INCONCLUSIVE);
            // a should is only reported. One rule cannot be both.
            throw ScenarioError(
                .invalidValue, at: entry.location(of: "level"),
                "a precondition cannot be 'level: should': an unmet precondition makes the verdict inconclusive, an unmet should is only reported",
                hint: "precondition: true without 'level' (a precondition is a must), or no 'precondition' for a should"
            )
        }
        try entry.finish()
        return ScenarioExpectation(rule, level: level, because: because, precondition: precondition)
    }
}

extension ExpectationRule {
    /// Reads `rule:` and the keys that rule takes from `entry`, leaving other keys to the caller.
    static func read(_ entry: inout YAMLMapping, file: String) throws(ScenarioError) -> ExpectationRule {
        let ruleNode = try entry.required("rule", example: "rule: request-succeeds")
        let ruleName = try ruleNode.word(RuleName.self, file: file, what: "rule", key: "rule")
        if ruleName == .anyOf { return try readAlternatives(&entry, file: file) }
        let serverNode = try entry.required("server", example: "server: origin")
        let server = try serverNode.scalarString(file: file, what: "'server'")
        let rule: ExpectationRule
        switch ruleName {
        case .rejectsCertificate:
            rule = .rejectsCertificate(server: server)
        case .requestSucceeds:
            rule = .requestSucceeds(server: server, path: try entry.string("path"))
        case .presentsClientCertificate:
            rule = .presentsClientCertificate(server: server)
        case .withholdsClientCertificate:
            rule = .withholdsClientCertificate(server: server)
        case .authenticates:
            rule = .authenticates(
                server: server, path: try entry.string("path"),
                afterChallenge: try entry.bool("after-challenge") ?? false)
        case .authenticatesAs:
            let path = try entry.required("path", example: "path: /b").scalarString(file: file, what: "'path'")
            let user = try entry.required("user", example: "user: bob").scalarString(file: file, what: "'user'")
            rule = .authenticatesAs(server: server, path: path, user: user)
        case .noPreemptiveCredentials:
            rule = .noPreemptiveCredentials(server: server)
        case .maxAttempts:
            rule = .maxAttempts(
                server: server, attempts: try Self.count("attempts", in: &entry, file: file, example: 3))
        case .maxRequests:
            rule = .maxRequests(
                server: server, requests: try Self.count("requests", in: &entry, file: file, example: 50))
        case .usesScheme:
            var names = try entry.strings("schemes") ?? []
            if let single = try entry.string("scheme") { names.append(single) }
            guard !names.isEmpty else {
                throw ScenarioError(
                    .missingKey, at: entry.location, "'uses-scheme' needs 'scheme' or 'schemes'", hint: "scheme: Digest"
                )
            }
            var schemes: [HTTPAuthScheme] = []
            for name in names {
                guard let scheme = HTTPAuthScheme(token: name) else {
                    throw ScenarioError(
                        .invalidValue, at: entry.location, "unknown HTTP auth scheme '\(name)'",
                        hint: "one of \(HTTPAuthScheme.allCases.map(\.token).joined(separator: ", "))")
                }
                schemes.append(scheme)
            }
            rule = .usesScheme(server: server, schemes: schemes)
        case .usesDigestAlgorithm:
            rule = .usesDigestAlgorithm(server: server, algorithms: try Self.digestAlgorithms(in: &entry))
        case .neverReceives:
            let (header, cookie) = try Self.field(&entry, file: file, rule: "never-receives", example: "Authorization")
            rule = .neverReceives(
                server: server, header: header, paths: try entry.strings("paths") ?? [], cookie: cookie)
        case .receives:
            let (header, cookie) = try Self.field(&entry, file: file, rule: "receives", example: "X-Api-Key")
            rule = .receives(server: server, header: header, cookie: cookie)
        case .requestBody:
            // One method, or the set a correct client may use (`method: [GET, HEAD]`).
            let methodNode = try entry.required("method", example: "method: POST")
            let methods: [String]
            if case .sequence(let sequence) = methodNode {
                methods = try sequence.map { element throws(ScenarioError) in
                    try element.scalarString(file: file, what: "each method")
                }
            } else {
                methods = [try methodNode.scalarString(file: file, what: "'method'")]
            }
            guard !methods.isEmpty else {
                throw ScenarioError(
                    .invalidValue, at: entry.location(of: "method"), "'method' names no method",
                    hint: "method: [GET, HEAD]")
            }
            for method in methods where !HTTPFieldSyntax.isToken(method) {
                throw ScenarioError(
                    .invalidValue, at: entry.location(of: "method"), "'\(method)' is not an HTTP method",
                    hint: "method: POST")
            }
            let bodyNode = try entry.required("body", example: "body: given")
            let bodyName = try bodyNode.scalarString(file: file, what: "'body'")
            guard let body = ExpectedBody(rawValue: bodyName) else {
                throw ScenarioError(
                    .invalidValue, at: ScenarioLocation(bodyNode, file: file),
                    "'body' is given (the client's body) or none, not '\(bodyName)'", hint: "body: given")
            }
            rule = .requestBody(server: server, path: try entry.string("path"), methods: methods, body: body)
        case .handshakeOnOneConnection:
            rule = .handshakeOnOneConnection(server: server)
        case .reusesCredentials:
            rule = .reusesCredentials(server: server)
        case .recoversFromStale:
            rule = .recoversFromStale(server: server)
        case .refusesRedirect:
            rule = .refusesRedirect(server: server)
        case .sessionResumption:
            guard let resumed = try entry.bool("resumed") else {
                throw ScenarioError(
                    .missingKey, at: entry.location,
                    "'session-resumption' needs 'resumed': true to expect a resumed session, false to forbid one",
                    hint: "resumed: true")
            }
            rule = .sessionResumption(server: server, resumed: resumed)
        case .httpVersion:
            let versionNode = try entry.required("version", example: "version: HTTP/2")
            let name = try versionNode.scalarString(file: file, what: "'version'")
            guard let version = HTTPProtocolVersion(rawValue: name) else {
                throw ScenarioError(
                    .invalidValue, at: ScenarioLocation(versionNode, file: file), "unknown HTTP version '\(name)'",
                    hint: "one of \(HTTPProtocolVersion.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            rule = .httpVersion(server: server, version: version)
        case .heedsRevocation:
            let revocation = try entry.required("revocation", example: "revocation: revocation")
                .scalarString(file: file, what: "'revocation'")
            rule = .heedsRevocation(server: server, revocation: revocation)
        case .upgradesToHTTPS:
            let path = try entry.required("path", example: "path: /next").scalarString(file: file, what: "'path'")
            rule = .upgradesToHTTPS(server: server, path: path)
        case .connectsByName:
            rule = .connectsByName(server: server)
        case .anyOf:
            // Read before the server, above; the switch stays exhaustive.
            rule = try readAlternatives(&entry, file: file)
        }
        return rule
    }

    /// `rule: any-of` with `of:`, a list of alternatives written like expectations without `level` or
    /// `because` (those belong to the any-of entry).
    private static func readAlternatives(_ entry: inout YAMLMapping, file: String) throws(ScenarioError)
        -> ExpectationRule
    {
        let example =
            "of:\n        - { rule: request-succeeds, server: other }\n        - { rule: refuses-redirect, server: origin }"
        let listNode = try entry.required("of", example: example)
        let elements = try listNode.sequenceElements(file: file, what: "'of'", example: example)
        guard elements.count >= 2 else {
            throw ScenarioError(
                .invalidValue, at: ScenarioLocation(listNode, file: file), "'any-of' needs at least two alternatives",
                hint: example)
        }
        var alternatives: [ExpectationRule] = []
        for element in elements {
            var alternative = try YAMLMapping(element, file: file, context: "an alternative of 'any-of'")
            alternatives.append(try read(&alternative, file: file))
            // Whether the stage is set is a property of the whole any-of, as its level is: one
            // alternative cannot be a precondition while another is the behaviour under test.
            if alternative.node("precondition") != nil {
                throw ScenarioError(
                    .invalidValue, at: alternative.location(of: "precondition"),
                    "an alternative of 'any-of' cannot be a precondition: the any-of holds when any alternative does, so only the whole any-of can",
                    hint: "precondition: true on the any-of entry, beside 'of'")
            }
            try alternative.finish()
        }
        return .anyOf(alternatives)
    }

    /// A rule's `header`: any HTTP field name.
    /// The field a `receives` or `never-receives` rule is about: `header`, or `cookie` (one cookie of
    /// the `Cookie` field, by name; `header` may then only say `Cookie`).
    private static func field(_ entry: inout YAMLMapping, file: String, rule: String, example: String)
        throws(ScenarioError) -> (header: String, cookie: String?)
    {
        guard let cookieNode = entry.node("cookie") else {
            let headerNode = try entry.required("header", example: "header: \(example)")
            return (try fieldName(headerNode, file: file, rule: rule), nil)
        }
        let cookie = try cookieNode.scalarString(file: file, what: "'cookie'")
        guard HTTPFieldSyntax.isToken(cookie) else {
            throw ScenarioError(
                .invalidValue, at: ScenarioLocation(cookieNode, file: file),
                "'\(rule)' needs a cookie name (a token) as 'cookie', not '\(cookie)'", hint: "cookie: sid")
        }
        if let headerNode = entry.node("header") {
            let header = try fieldName(headerNode, file: file, rule: rule)
            guard header.lowercased() == "cookie" else {
                throw ScenarioError(
                    .invalidValue, at: ScenarioLocation(headerNode, file: file),
                    "'\(rule)' with 'cookie' is about the Cookie field, not \(header)", hint: "header: Cookie")
            }
            return (header, cookie)
        }
        return ("Cookie", cookie)
    }

    private static func fieldName(_ node: Node, file: String, rule: String) throws(ScenarioError) -> String {
        let header = try node.scalarString(file: file, what: "'header'")
        guard HTTPFieldSyntax.isToken(header) else {
            throw ScenarioError(
                .invalidValue, at: ScenarioLocation(node, file: file),
                "'\(rule)' needs an HTTP field name as 'header', not '\(header)'", hint: "header: Authorization")
        }
        return header
    }

    /// `uses-digest-algorithm`'s `algorithm` or `algorithms`: RFC 7616 tokens MockAuth verifies.
    private static func digestAlgorithms(in entry: inout YAMLMapping) throws(ScenarioError) -> [String] {
        var names = try entry.strings("algorithms") ?? []
        if let single = try entry.string("algorithm") { names.append(single) }
        let known = DigestAlgorithm.allCases.map(\.rawValue).joined(separator: ", ")
        guard !names.isEmpty else {
            throw ScenarioError(
                .missingKey, at: entry.location, "'uses-digest-algorithm' needs 'algorithm' or 'algorithms'",
                hint: "algorithm: SHA-256")
        }
        for name in names where DigestAlgorithm(token: name) == nil {
            throw ScenarioError(
                .invalidValue, at: entry.location, "unknown Digest algorithm '\(name)'", hint: "one of \(known)")
        }
        return names
    }

    /// A rule's whole-number parameter `key` (0 or more).
    private static func count(_ key: String, in entry: inout YAMLMapping, file: String, example: Int)
        throws(ScenarioError) -> Int
    {
        let node = try entry.required(key, example: "\(key): \(example)")
        guard let value = Int(try node.scalarString(file: file, what: "'\(key)'")), value >= 0 else {
            throw ScenarioError(
                .invalidValue, at: ScenarioLocation(node, file: file), "'\(key)' is a whole number",
                hint: "\(key): \(example)")
        }
        return value
    }
}
