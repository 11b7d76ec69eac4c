import MockAuthSchemes
import MockAuthVocabulary
import Yams

extension AuthSpec {
    static let example = "auth: { schemes: [digest-sha256], username: alice, password: secret }"

    /// The keys of an auth section that only Digest reads, each with what it says.
    static let digestKeys: [(key: String, what: String)] = [
        ("qop", "the quality of protection its challenge offers"),
        ("nonce-lifetime", "how long its nonces live before they are stale"),
        ("userhash", "the hashed user name of RFC 7616 section 3.4.4"),
        ("next-nonce", "its Authentication-Info carries the nextnonce, RFC 7616 section 3.5"),
    ]

    /// Reads an `auth:` mapping; `onProxy`: the auth section of a forward proxy (407s).
    static func read(_ node: Node, file: String, onProxy: Bool = false) throws(ScenarioError) -> AuthSpec {
        var auth = try YAMLMapping(node, file: file, context: "the auth section")
        let schemesNode = try auth.required("schemes", example: "schemes: [basic]")
        let schemes = try schemesNode.sequenceElements(file: file, what: "'schemes'", example: "schemes: [basic]").map {
            (element) throws(ScenarioError) in
            try element.word(AuthSchemeSpec.self, file: file, what: "scheme", key: "schemes")
        }
        guard !schemes.isEmpty else {
            throw ScenarioError(
                .invalidValue, at: ScenarioLocation(schemesNode, file: file), "'schemes' needs at least one scheme",
                hint: "schemes: [basic]")
        }
        let realm = try auth.string("realm") ?? "mockauth"
        let token = try auth.string("token")
        let tokenEndpoint = try auth.string("token-endpoint")
        if tokenEndpoint != nil, token != nil || !schemes.contains(.bearer) {
            throw ScenarioError(
                .invalidValue, at: auth.location(of: "token-endpoint"),
                "'token-endpoint' makes the bearer scheme accept that endpoint's tokens, instead of a 'token'",
                hint: "auth: { schemes: [bearer], token-endpoint: tokens }")
        }
        let needsAccount = schemes.contains { $0 != .bearer }
        let username = try auth.string("username")
        let password = try auth.string("password")
        if needsAccount, username == nil || password == nil {
            throw ScenarioError(
                .missingKey, at: auth.location,
                "the auth section needs 'username' and 'password' for \(schemes.map(\.rawValue).joined(separator: ", "))",
                hint: "username: alice\n      password: secret")
        }
        if schemes.contains(.bearer), token == nil, tokenEndpoint == nil {
            throw ScenarioError(
                .missingKey, at: auth.location, "the bearer scheme needs the 'token' the server accepts",
                hint: "token: mF_9.B5f-4.1JqM")
        }
        let account = Account(username: username ?? "", password: password ?? "", domain: try auth.string("domain"))
        let qop = try auth.strings("qop") ?? ["auth"]
        for value in qop where value != "auth" && value != "auth-int" {
            throw ScenarioError(
                .invalidValue, at: auth.location(of: "qop"), "qop '\(value)' is neither auth nor auth-int",
                hint: "qop: [auth, auth-int]")
        }
        let lifetime = try auth.int("nonce-lifetime") ?? 300
        guard lifetime > 0 else {
            throw ScenarioError(
                .invalidValue, at: auth.location(of: "nonce-lifetime"),
                "'nonce-lifetime' is seconds and must be positive",
                hint: "nonce-lifetime: 30")
        }
        var spec = AuthSpec(
            realm: realm, schemes: schemes, account: account, token: token, digestQOP: qop, nonceLifetime: lifetime,
            userhash: try auth.bool("userhash") ?? false, nextNonce: try auth.bool("next-nonce") ?? false,
            acceptNTLMv1: try auth.bool("accept-ntlmv1") ?? false,
            challengesOnOneLine: try auth.bool("one-line") ?? false,
            closesAfterChallenge: try auth.bool("close-after-challenge") ?? false,
            otherAccounts: try auth.node("other-users").map { (node) throws(ScenarioError) in
                try node.sequenceElements(
                    file: file, what: "'other-users'",
                    example: "other-users:\n        - { username: bob, password: pw }"
                ).map { (element) throws(ScenarioError) in
                    try Account.read(element, file: file, context: "an entry of other-users")
                }
            } ?? [],
            emptyDomain: try Self.emptyDomain(&auth, file: file),
            kerberos: try auth.node("kerberos").map { (node) throws(ScenarioError) in
                try KerberosSpec.read(node, file: file)
            })
        spec.tokenEndpoint = tokenEndpoint
        if spec.kerberos != nil, !schemes.contains(.negotiate) {
            throw ScenarioError(
                .invalidValue, at: auth.location(of: "kerberos"),
                "'kerberos' is for negotiate (Kerberos travels inside SPNEGO), which 'schemes' does not offer here",
                hint: "schemes: [negotiate]")
        }
        if spec.emptyDomain != .serversOwn, !schemes.contains(where: \.httpScheme.isConnectionBased) {
            throw ScenarioError(
                .invalidValue, at: auth.location(of: "empty-domain"),
                "'empty-domain' is for ntlm and negotiate, whose messages carry a domain", hint: "schemes: [ntlm]")
        }
        if !spec.otherAccounts.isEmpty, !schemes.allSatisfy(\.httpScheme.isConnectionBased) {
            throw ScenarioError(
                .invalidValue, at: auth.location(of: "other-users"),
                "'other-users' is for ntlm and negotiate, which verify the user each handshake names",
                hint: "schemes: [ntlm]")
        }
        // Keys only a Digest machine reads: on a space that offers no Digest they would say nothing.
        if !schemes.contains(where: { $0.httpScheme == .digest }),
            let (key, what) = Self.digestKeys.first(where: { auth.keys.contains($0.key) })
        {
            throw ScenarioError(
                .invalidValue, at: auth.location(of: key),
                "'\(key)' is for Digest (\(what)), which 'schemes' does not offer here",
                hint: "schemes: [digest-sha256, digest-md5]")
        }
        // A proxy closes after any scheme's challenge (its 407); an origin only cuts a handshake.
        if spec.closesAfterChallenge, !onProxy, !schemes.contains(where: \.httpScheme.isConnectionBased) {
            throw ScenarioError(
                .invalidValue, at: auth.location(of: "close-after-challenge"),
                "'close-after-challenge' is for a forward proxy (its 407 ends the connection) or for a "
                    + "connection-based scheme (ntlm, negotiate), whose handshake it cuts; an origin's "
                    + "\(schemes.map(\.rawValue).joined(separator: ", ")) challenge keeps its connection",
                hint: "schemes: [ntlm]")
        }
        if let node = auth.node("challenges") {
            if spec.challengesOnOneLine {
                throw ScenarioError(
                    .invalidValue, at: auth.location(of: "one-line"),
                    "'one-line' and 'challenges' both say how the challenges are written; 'challenges' writes each field as is",
                    hint: #"challenges: ['Digest realm="mockauth", nonce="{nonce}", Basic realm="mockauth"']"#)
            }
            spec.writtenChallenges = try spec.readWrittenChallenges(node, file: file)
        }
        try auth.finish()
        return spec
    }
}

extension KerberosSpec {
    static let example = "kerberos: { trusted-for-delegation: false, reply: genuine }"

    /// Reads `kerberos: true` or `kerberos: { issues-tickets, trusted-for-delegation, reply }`.
    static func read(_ node: Node, file: String) throws(ScenarioError) -> KerberosSpec {
        if case .scalar = node {
            let text = try node.scalarString(file: file, what: "'kerberos'")
            guard text == "true" || text == "yes" else {
                throw ScenarioError(
                    .invalidValue, at: ScenarioLocation(node, file: file),
                    "'kerberos' is true or a mapping (leave it out for NTLM inside SPNEGO alone), not '\(text)'",
                    hint: example)
            }
            return KerberosSpec()
        }
        var mapping = try YAMLMapping(node, file: file, context: "the kerberos section")
        var spec = KerberosSpec()
        spec.issuesTickets = try mapping.bool("issues-tickets") ?? true
        spec.trustedForDelegation = try mapping.bool("trusted-for-delegation") ?? false
        if let reply = mapping.node("reply") {
            spec.reply = try reply.word(KerberosReply.self, file: file, what: "reply", key: "reply")
        }
        try mapping.finish()
        if !spec.issuesTickets, spec.reply != .genuine || spec.trustedForDelegation {
            throw ScenarioError(
                .invalidValue, at: mapping.location,
                "'reply' and 'trusted-for-delegation' say how tickets are answered, and 'issues-tickets: false' issues none",
                hint: "kerberos: { issues-tickets: false }")
        }
        return spec
    }
}

extension Account {
    /// Reads `{ username, password, domain }`.
    static func read(_ node: Node, file: String, context: String) throws(ScenarioError) -> Account {
        var mapping = try YAMLMapping(node, file: file, context: context)
        let username = try mapping.required("username", example: "username: alice")
        let password = try mapping.required("password", example: "password: secret")
        let account = Account(
            username: try username.scalarString(file: file, what: "'username'"),
            password: try password.scalarString(file: file, what: "'password'"),
            domain: try mapping.string("domain"))
        try mapping.finish()
        return account
    }
}

extension RedirectSpec {
    static func read(_ node: Node, file: String) throws(ScenarioError) -> RedirectSpec {
        var redirect = try YAMLMapping(node, file: file, context: "the redirect")
        let server = try redirect.required("server", example: "server: other")
        let status = try redirect.int("status") ?? 302
        guard [301, 302, 303, 307, 308].contains(status) else {
            throw ScenarioError(
                .invalidValue, at: redirect.location(of: "status"), "\(status) is not a redirect status",
                hint: "status: 302")
        }
        let spec = RedirectSpec(
            server: try server.scalarString(file: file, what: "'server'"), path: try redirect.string("path") ?? "/",
            status: status)
        try redirect.finish()
        return spec
    }
}

extension AuthSpec {
    /// Reads `empty-domain: servers-own | refused` (default `servers-own`).
    fileprivate static func emptyDomain(_ auth: inout YAMLMapping, file: String) throws(ScenarioError)
        -> NTLMEmptyDomain
    {
        guard let name = try auth.string("empty-domain") else { return .serversOwn }
        guard let policy = NTLMEmptyDomain(rawValue: name) else {
            throw ScenarioError(
                .invalidValue, at: auth.location(of: "empty-domain"),
                "'empty-domain' is servers-own (an empty domain is the server's own) or refused, not '\(name)'",
                hint: "empty-domain: refused")
        }
        return policy
    }
}
