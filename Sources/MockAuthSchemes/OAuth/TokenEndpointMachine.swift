import MockAuthVocabulary

/// An OAuth 2.0 token endpoint (RFC 6749 §3.2): authenticates the registered client (§2.3.1: HTTP
/// Basic with the client id and secret, or `client_id` and `client_secret` in the body, never
/// both), and answers `grant_type=refresh_token` (§6) and `grant_type=client_credentials` (§4.4)
/// from its ``TokenLedger``, with §5.2's errors otherwise. Pure but for the ledger.
package struct TokenEndpointMachine: Sendable {
    /// The tokens it issues, shared with the resource servers.
    package let ledger: TokenLedger

    package init(ledger: TokenLedger) {
        self.ledger = ledger
    }

    private var configuration: TokenEndpointConfiguration { ledger.configuration }

    /// The answer to a request of `method` whose `Content-Type` is `contentType`, with every
    /// `Authorization` value and the body.
    package func answer(method: String, contentType: String?, authorization: [String], body: [UInt8])
        -> TokenEndpointAnswer
    {
        guard method == "POST" else {
            return error(400, "invalid_request", "the token endpoint takes POST", reason: "\(cut(method)) request")
        }
        let mediaType = contentType.map { $0.split(separator: ";").first.map(String.init) ?? $0 }?
            .trimmingWhitespace.lowercased()
        guard mediaType == "application/x-www-form-urlencoded" else {
            return error(
                400, "invalid_request", "the body must be application/x-www-form-urlencoded",
                reason: "a body of \(cut(contentType ?? "no Content-Type"))", outcome: .malformed)
        }
        let form: FormParameters
        switch FormParameters.parse(body) {
        case .success(let parsed): form = parsed
        case .failure(let failure):
            return error(
                400, "invalid_request", "the body is not a form", reason: "unreadable form: \(failure)",
                outcome: .malformed)
        }
        let grantType = form["grant_type"].map(cut)
        if let repeated = form.repeatedName {
            return error(
                400, "invalid_request", "a parameter appears more than once",
                reason: "parameter \(cut(repeated)) sent more than once", grantType: grantType, outcome: .malformed)
        }
        // Client authentication (§2.3.1).
        var answer: TokenEndpointAnswer
        switch authenticateClient(authorization: authorization, form: form) {
        case .refused(let refusal):
            answer = refusal
            answer.grantType = grantType
            answer.reason = "\(grantType.map { "\($0) grant: " } ?? "")\(refusal.reason)"
            return answer
        case .authenticated(let method):
            answer = grant(form: form, grantType: grantType)
            answer.clientID = configuration.clientID
            answer.clientAuthentication = method
        }
        return answer
    }

    /// The grant, once the client is authenticated.
    private func grant(form: FormParameters, grantType: String?) -> TokenEndpointAnswer {
        switch grantType {
        case nil:
            return error(400, "invalid_request", "grant_type is missing", reason: "no grant_type")
        case "refresh_token":
            guard let refreshToken = form["refresh_token"] else {
                return error(
                    400, "invalid_request", "refresh_token is missing",
                    reason: "refresh_token grant without a refresh_token",
                    grantType: grantType)
            }
            return issued(ledger.refresh(with: refreshToken), grantType: "refresh_token", withRefreshToken: true)
        case "client_credentials":
            return issued(ledger.issueForClientCredentials(), grantType: "client_credentials", withRefreshToken: false)
        case let other?:
            return error(
                400, "unsupported_grant_type", "this endpoint grants refresh_token and client_credentials",
                reason: "unsupported grant_type \(other)", grantType: other)
        }
    }

    private func issued(_ issue: TokenLedger.Issue, grantType: String, withRefreshToken: Bool) -> TokenEndpointAnswer {
        switch issue {
        case .refused(let why):
            return error(
                400, "invalid_grant", why, reason: "\(grantType) grant: invalid_grant (\(why))", grantType: grantType)
        case .issued(let token, let generation):
            var members = [("access_token", token), ("token_type", "Bearer")]
            if withRefreshToken { members.append(("refresh_token", configuration.refreshToken)) }
            var body = "{" + members.map { "\"\($0)\":\"\(Self.jsonEscaped($1))\"" }.joined(separator: ",")
            // expires_in (RECOMMENDED, §5.1) only when the token has a lifetime in seconds, and then
            // that one: the ledger dates the token now. A life counted in uses alone has no
            // lifetime to say, and a made-up one would tell a client's clock something untrue.
            if let lifetime = configuration.lifetimeSeconds { body += ",\"expires_in\":\(lifetime)" }
            body += "}"
            return TokenEndpointAnswer(
                status: 200, body: body, fields: Self.noStore, outcome: .authenticated, grantType: grantType,
                reason: "\(grantType) grant: issued access token #\(generation)")
        }
    }

    /// The client's authentication method (`Basic`, `client_secret_post`), or the answer refusing it.
    private func authenticateClient(authorization: [String], form: FormParameters)
        -> ClientAuthentication
    {
        let bodyID = form["client_id"]
        let bodySecret = form["client_secret"]
        if let value = authorization.first {
            guard bodySecret == nil else {
                return .refused(
                    error(
                        400, "invalid_request", "the client authenticated in two ways",
                        reason: "client credentials both in Authorization and in the body", outcome: .malformed))
            }
            let parts = value.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
            guard parts.count == 2, parts[0].lowercased() == "basic",
                case .success(let basic) = BasicCredentials.parse(token68: String(parts[1]).trimmingWhitespace)
            else {
                return .refused(
                    invalidClient(reason: "Authorization is not Basic client credentials", presented: nil))
            }
            // §2.3.1: the id and secret are form-encoded before Basic encodes them.
            let id = Self.formDecoded(basic.userID)
            let secret = Self.formDecoded(basic.password)
            guard constantTimeEquals(id, configuration.clientID), constantTimeEquals(secret, configuration.clientSecret)
            else {
                return .refused(invalidClient(reason: "wrong client id or secret (Basic)", presented: cut(id)))
            }
            if let bodyID, bodyID != id {
                return .refused(invalidClient(reason: "client_id in the body is not the Basic one", presented: cut(id)))
            }
            return .authenticated("Basic")
        }
        guard let bodyID, let bodySecret else {
            return .refused(invalidClient(reason: "no client authentication", presented: bodyID.map(cut)))
        }
        guard constantTimeEquals(bodyID, configuration.clientID),
            constantTimeEquals(bodySecret, configuration.clientSecret)
        else {
            return .refused(invalidClient(reason: "wrong client id or secret (body)", presented: cut(bodyID)))
        }
        return .authenticated("client_secret_post")
    }

    /// How the client authenticated, or the answer refusing it.
    private enum ClientAuthentication {
        case authenticated(String)
        case refused(TokenEndpointAnswer)
    }

    private func invalidClient(reason: String, presented: String?) -> TokenEndpointAnswer {
        var answer = error(401, "invalid_client", "client authentication failed", reason: "invalid_client (\(reason))")
        answer.fields.append(HeaderField(name: "WWW-Authenticate", value: "Basic realm=\"token endpoint\""))
        answer.clientID = presented
        return answer
    }

    private func error(
        _ status: Int, _ code: String, _ description: String, reason: String, grantType: String? = nil,
        outcome: AuthOutcome = .refused
    ) -> TokenEndpointAnswer {
        TokenEndpointAnswer(
            status: status,
            body: "{\"error\":\"\(code)\",\"error_description\":\"\(Self.jsonEscaped(description))\"}",
            fields: Self.noStore, outcome: outcome, grantType: grantType, reason: reason)
    }

    /// §5.1: "Cache-Control: no-store" and "Pragma: no-cache" on every answer that may carry tokens.
    private static let noStore = [
        HeaderField(name: "Cache-Control", value: "no-store"), HeaderField(name: "Pragma", value: "no-cache"),
    ]

    /// A value the client chose, cut for a record.
    private func cut(_ text: String) -> String {
        text.utf8.count <= 64 ? text : String(decoding: text.utf8.prefix(64), as: UTF8.self) + "…"
    }

    private static func formDecoded(_ text: String) -> String {
        FormParameters.decodeComponent(Array(text.utf8)[...]) ?? text
    }

    private static func jsonEscaped(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}

extension String {
    fileprivate var trimmingWhitespace: String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
