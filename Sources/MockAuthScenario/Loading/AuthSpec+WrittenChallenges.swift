import MockAuthSchemes
import MockAuthVocabulary
import Yams

extension AuthSpec {
    static let writtenExample = #"challenges: ['Newauth realm="apps", Basic realm="mockauth"']"#

    /// Stand-ins for the placeholders when a written challenge is parsed at load time: base64 with
    /// `+`, `/` and `=`, as the Digest machine mints, so that a placeholder outside a quoted-string
    /// does not parse.
    static let placeholderSamples: [WrittenChallengePlaceholder: String] = [
        .nonce: "bm9uY2U+/w==", .opaque: "b3BhcXVl+/w==",
    ]

    /// Reads `challenges:`: field values each checked to be sendable, to parse as challenges
    /// (RFC 9110 §11.3, the schemes' own parser and limits), to name only known placeholders and to
    /// agree with what the machines verify; and every scheme of ``schemes`` must be challenged.
    func readWrittenChallenges(_ node: Node, file: String) throws(ScenarioError) -> [String] {
        let elements = try node.sequenceElements(file: file, what: "'challenges'", example: Self.writtenExample)
        guard !elements.isEmpty else {
            throw ScenarioError(
                .invalidValue, at: ScenarioLocation(node, file: file),
                "'challenges' needs at least one field value (leave it out for the machines' own challenges)",
                hint: Self.writtenExample)
        }
        var challenged: Set<AuthSchemeSpec> = []
        var written: [String] = []
        for element in elements {
            let text = try element.scalarString(file: file, what: "each entry of 'challenges'")
            challenged.formUnion(try checkWrittenChallenge(text, at: ScenarioLocation(element, file: file)))
            written.append(text)
        }
        for scheme in schemes where !challenged.contains(scheme) {
            throw ScenarioError(
                .invalidValue, at: ScenarioLocation(node, file: file),
                "'schemes' offers \(scheme.rawValue), but no written challenge does: a client could never answer it",
                hint: writtenExample(of: scheme))
        }
        return written
    }

    /// Checks one written field value; returns the offered schemes it challenges.
    private func checkWrittenChallenge(_ text: String, at location: ScenarioLocation) throws(ScenarioError)
        -> Set<AuthSchemeSpec>
    {
        guard HTTPFieldSyntax.isFieldValue(text) else {
            throw ScenarioError(
                .invalidValue, at: location,
                "a written challenge cannot be sent in a header: no line breaks, control characters, or spaces at either end"
            )
        }
        let names = WrittenChallengePlaceholder.names(in: text)
        for name in names where WrittenChallengePlaceholder(rawValue: name) == nil {
            throw ScenarioError(
                .invalidValue, at: location,
                "unknown placeholder {\(name)} in a written challenge; the placeholders are "
                    + WrittenChallengePlaceholder.allCases.map(\.written).joined(separator: " and "),
                hint: #"nonce="{nonce}""#)
        }
        if let name = names.first, !schemes.contains(where: { $0.httpScheme == .digest }) {
            throw ScenarioError(
                .invalidValue, at: location,
                "{\(name)} stands for what the Digest machine mints, but 'schemes' offers no Digest",
                hint: "schemes: [digest-md5]")
        }
        let challenges: [AuthChallenge]
        do {
            challenges = try AuthParameterParser.parseChallenges(
                WrittenChallengePlaceholder.fill(text, with: Self.placeholderSamples))
        } catch {
            throw ScenarioError(
                .invalidValue, at: location,
                "the written challenge does not parse (RFC 9110 section 11.3): \(error.reason)"
                    + (names.isEmpty ? " (at byte \(error.offset))" : " (with its placeholders filled in)"),
                hint: #"Basic realm="mockauth", and placeholders inside quotes: nonce="{nonce}""#)
        }
        guard !challenges.isEmpty else {
            throw ScenarioError(
                .invalidValue, at: location, "the written challenge holds no challenge", hint: Self.writtenExample)
        }
        var challenged: Set<AuthSchemeSpec> = []
        for challenge in challenges {
            // A scheme the server does not offer is one a client answers in vain: written as is.
            guard let scheme = challenge.schemeName, schemes.contains(where: { $0.httpScheme == scheme }) else {
                continue
            }
            if let named = challenge.parameter("realm"), named != realm {
                throw ScenarioError(
                    .invalidValue, at: location,
                    "the written \(challenge.scheme) challenge names realm \"\(named)\", but the server verifies realm \"\(realm)\"",
                    hint: "realm: \(named)")
            }
            switch scheme {
            case .digest:
                if let offered = try checkWrittenDigest(challenge, at: location) { challenged.insert(offered) }
            case .basic, .ntlm, .negotiate, .bearer:
                challenged.formUnion(schemes.filter { $0.httpScheme == scheme })
            }
        }
        return challenged
    }

    /// A written Digest challenge of an algorithm MockAuth verifies offers one of ``schemes``, with
    /// the machine's nonce and opaque and the qop it accepts; one of an unknown algorithm is sent
    /// as written (a client must skip it). Returns the scheme it offers, if any.
    private func checkWrittenDigest(_ challenge: AuthChallenge, at location: ScenarioLocation)
        throws(ScenarioError) -> AuthSchemeSpec?
    {
        let token = challenge.parameter("algorithm") ?? "MD5"
        guard let algorithm = DigestAlgorithm(token: token) else { return nil }
        guard let offered = schemes.first(where: { $0.digestAlgorithm == algorithm }) else {
            let name = AuthSchemeSpec.allCases.first { $0.digestAlgorithm == algorithm }?.rawValue ?? token
            throw ScenarioError(
                .invalidValue, at: location,
                "the written Digest challenge offers algorithm \(token), which 'schemes' does not: every answer to it would be refused",
                hint: "schemes: [\(name)]")
        }
        guard challenge.parameter("nonce") == Self.placeholderSamples[.nonce] else {
            throw ScenarioError(
                .invalidValue, at: location,
                "a written Digest challenge carries the machine's nonce: the server verifies only nonces it minted",
                hint: #"nonce="{nonce}""#)
        }
        if let opaque = challenge.parameter("opaque"), opaque != Self.placeholderSamples[.opaque] {
            throw ScenarioError(
                .invalidValue, at: location, "a written Digest challenge's opaque is the one minted with its nonce",
                hint: #"opaque="{opaque}""#)
        }
        let offeredQOP = challenge.parameter("qop").map { list in
            list.split(separator: ",").map { String($0.drop { $0 == " " || $0 == "\t" }).trimmingTrailingBlanks }
        }
        switch offeredQOP {
        case .none where !digestQOP.isEmpty:
            throw ScenarioError(
                .invalidValue, at: location,
                "the written Digest challenge offers no qop (the RFC 2069 form), but the server expects qop "
                    + digestQOP.joined(separator: ", "),
                hint: "qop: []")
        case .some(let values) where values.isEmpty || values.contains(where: { !digestQOP.contains($0) }):
            throw ScenarioError(
                .invalidValue, at: location,
                "the written Digest challenge offers qop \"\(values.joined(separator: ", "))\", but the server accepts "
                    + (digestQOP.isEmpty ? "none (qop: [])" : digestQOP.joined(separator: ", ")),
                hint: "qop: [\(values.joined(separator: ", "))]")
        case .none, .some:
            return offered
        }
    }

    /// A written challenge that offers `scheme`, for a hint.
    private func writtenExample(of scheme: AuthSchemeSpec) -> String {
        let quotedRealm = AuthParameter(name: "realm", value: realm).rendered
        if let algorithm = scheme.digestAlgorithm {
            return "challenges: ['Digest \(quotedRealm), algorithm=\(algorithm.rawValue), nonce=\"{nonce}\"']"
        }
        switch scheme.httpScheme {
        case .basic, .bearer: return "challenges: ['\(scheme.httpScheme.token) \(quotedRealm)']"
        case .ntlm, .negotiate, .digest: return "challenges: ['\(scheme.httpScheme.token)']"
        }
    }
}

extension String {
    fileprivate var trimmingTrailingBlanks: String {
        var text = Substring(self)
        while let last = text.last, last == " " || last == "\t" { text = text.dropLast() }
        return String(text)
    }
}
