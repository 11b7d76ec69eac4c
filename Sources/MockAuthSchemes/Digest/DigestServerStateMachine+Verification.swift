import Foundation
import MockAuthVocabulary

extension DigestServerStateMachine {
    /// Verifies shape-checked credentials: algorithm, realm, uri, user, qop, nonce, opaque, response, expiry, nc.
    mutating func verify(_ credentials: DigestCredentials, request: AuthRequest, now: Date) -> AuthDecision {
        var presented = PresentedCredentials(
            scheme: .digest, username: credentials.username, realm: credentials.realm,
            algorithm: credentials.algorithmToken ?? DigestAlgorithm.md5.rawValue, verified: false,
            detail: Self.detail(credentials))
        guard let algorithm = credentials.algorithm else {
            return reject("unsupported algorithm \(credentials.algorithmToken ?? "")", presented, now)
        }
        guard configuration.algorithms.contains(algorithm) else {
            return reject("algorithm \(algorithm.rawValue) was not offered", presented, now)
        }
        guard credentials.realm == configuration.realm else {
            return reject("wrong realm \"\(credentials.realm)\" (expected \"\(configuration.realm)\")", presented, now)
        }
        guard DigestURI.denotesSameResource(credentials.uri, request.target) else {
            return .malformed(
                reason: "Digest uri \"\(credentials.uri)\" does not match the request-target \"\(request.target)\"")
        }
        if credentials.userhash {
            let expected = DigestComputation.userhash(
                algorithm: algorithm, username: configuration.username, realm: configuration.realm)
            guard constantTimeEquals(expected, credentials.username.lowercased()) else {
                return reject("unknown user hash \(credentials.username)", presented, now)
            }
            presented.username = configuration.username
        } else {
            guard constantTimeEquals(credentials.username, configuration.username) else {
                return reject("unknown user \(credentials.username)", presented, now)
            }
        }
        let qop: DigestQualityOfProtection?
        if let token = credentials.qopToken {
            guard let parsed = DigestQualityOfProtection(token: token), configuration.qops.contains(parsed) else {
                return reject("qop \(token) was not offered", presented, now)
            }
            qop = parsed
        } else {
            guard configuration.qops.isEmpty || configuration.acceptMissingQOP else {
                return reject("qop missing (RFC 2069 response) but the server offered qop", presented, now)
            }
            qop = nil
        }
        if algorithm.isSession && credentials.cnonce == nil {
            return .malformed(reason: "\(algorithm.rawValue) requires a cnonce")
        }
        guard let state = nonces.state(of: credentials.nonce) else {
            presented.digestNonce = .unknown
            return reject("unknown nonce \(credentials.nonce)", presented, now)
        }
        let isNextNonce = nonces.isNextNonce(credentials.nonce)
        let expired = now.timeIntervalSince(state.issuedAt) > configuration.nonceLifetime
        presented.digestNonce =
            state.isReplaced ? .replaced : expired ? .expired : isNextNonce ? .nextNonce : .challenge
        if let opaque = state.opaque, credentials.opaque != opaque {
            return reject("opaque does not match the one issued with the nonce", presented, now)
        }
        let expected = DigestComputation.response(
            algorithm: algorithm, username: configuration.username, realm: configuration.realm,
            password: configuration.password, method: request.method, uri: credentials.uri, nonce: credentials.nonce,
            nonceCount: credentials.nonceCountText, cnonce: credentials.cnonce, qop: qop, body: request.body)
        guard constantTimeEquals(expected, credentials.response) else {
            let reason =
                "wrong password for user \(configuration.username) "
                + "(or the method, uri or body differ from what the client hashed)"
            return reject(reason, presented, now)
        }
        if state.isReplaced {
            return .refused(
                values: makeChallengeValues(now: now, stale: true),
                reason: "nonce replaced by the nextnonce sent after its last use (stale)", credentials: presented)
        }
        if expired {
            return .refused(
                values: makeChallengeValues(now: now, stale: true), reason: "nonce expired (stale)",
                credentials: presented)
        }
        let counted = qop == nil ? nil : credentials.nonceCount
        if configuration.sendNextNonce, let counted, state.highestNonceCount == nil, counted != 1 {
            // A new nonce is counted from 1 (RFC 7616 §3.4): the client's answer is right but its
            // count continues another nonce's, which is no authentication failure to re-challenge.
            let which = isNextNonce ? "the nextnonce" : "a nonce"
            return .malformed(
                reason:
                    "nonce count nc=\(credentials.nonceCountText ?? "") on the first use of \(which) "
                    + "(a new nonce is counted from 00000001, RFC 7616 section 3.4)")
        }
        guard nonces.recordUse(of: credentials.nonce, nonceCount: counted) else {
            let highest = state.highestNonceCount.map { String($0, radix: 16) } ?? "none"
            return reject(
                "replayed nonce count (nc=\(credentials.nonceCountText ?? "") not above \(highest))", presented, now)
        }
        presented.verified = true
        let headers = authenticationInfo(credentials, algorithm: algorithm, qop: qop, opaque: state.opaque, now: now)
        return .authenticated(presented, responseHeaders: headers)
    }

    private mutating func reject(_ reason: String, _ presented: PresentedCredentials, _ now: Date) -> AuthDecision {
        .refused(values: makeChallengeValues(now: now), reason: reason, credentials: presented)
    }

    private mutating func authenticationInfo(
        _ credentials: DigestCredentials, algorithm: DigestAlgorithm, qop: DigestQualityOfProtection?,
        opaque: String?, now: Date
    ) -> [HeaderField] {
        var parameters: [AuthParameter] = []
        if let qop {
            let ha1 = DigestComputation.ha1(
                algorithm: algorithm, username: configuration.username, realm: configuration.realm,
                password: configuration.password, nonce: credentials.nonce, cnonce: credentials.cnonce)
            let ha2 = DigestComputation.ha2(
                algorithm: algorithm, method: "", uri: credentials.uri, qop: qop,
                body: configuration.authIntResponseBody)
            let rspauth = DigestComputation.response(
                algorithm: algorithm, ha1: ha1, ha2: ha2, nonce: credentials.nonce,
                nonceCount: credentials.nonceCountText, cnonce: credentials.cnonce, qop: qop)
            parameters += [
                AuthParameter(name: "rspauth", value: rspauth),
                AuthParameter(name: "qop", value: qop.rawValue, isQuoted: false),
                AuthParameter(name: "cnonce", value: credentials.cnonce ?? ""),
                AuthParameter(name: "nc", value: credentials.nonceCountText ?? "", isQuoted: false),
            ]
        }
        if configuration.sendNextNonce {
            // The nextnonce replaces the nonce just used (RFC 7616 §3.5): a later answer on it is stale.
            nonces.replace(credentials.nonce)
            parameters.append(
                AuthParameter(name: "nextnonce", value: mintNonce(now: now, opaque: opaque, asNextNonce: true)))
        }
        guard !parameters.isEmpty else { return [] }
        return [
            HeaderField(
                name: configuration.side.authenticationInfoField,
                value: parameters.map(\.rendered).joined(separator: ", "))
        ]
    }

    static func detail(_ credentials: DigestCredentials) -> String {
        var detail = "Digest \(credentials.algorithm?.rawValue ?? credentials.algorithmToken ?? "?")"
        if let qop = credentials.qopToken {
            detail += " qop=\(qop) nc=\(credentials.nonceCountText ?? "")"
        } else {
            detail += " (RFC 2069, no qop)"
        }
        if credentials.userhash { detail += " userhash" }
        if credentials.usedExtendedUsername { detail += " username*" }
        return detail
    }
}
