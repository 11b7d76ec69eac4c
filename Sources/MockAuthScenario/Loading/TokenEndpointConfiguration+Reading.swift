import MockAuthSchemes
import Yams

extension TokenEndpointConfiguration {
    static let example =
        "token-endpoint: { client-id: mockauth-app, client-secret: s3cret, access-token: at-1, refresh-token: rt-1 }"

    /// Reads a server's `token-endpoint:` mapping: the registered client (`client-id`,
    /// `client-secret`), the tokens the client starts with (`access-token`, `refresh-token`), how
    /// many requests each access token is good for (`uses`, default: no limit) and for how many
    /// seconds (`lifetime-seconds`, default: no limit), whether the access token the client is
    /// given has expired already (`access-token-expired`, default `false`), and what a refresh
    /// gets (`refresh: grants | refuses`, default `grants`).
    static func read(_ node: Node, file: String) throws(ScenarioError) -> TokenEndpointConfiguration {
        var section = try YAMLMapping(node, file: file, context: "the token-endpoint section")
        func text(_ key: String) throws(ScenarioError) -> String {
            let node = try section.required(key, example: example)
            let value = try node.scalarString(file: file, what: "'\(key)'")
            // RFC 6749 appendix A: ids, secrets and tokens are printable ASCII (VSCHAR), and a
            // bearer token is a b64token (RFC 6750 §2.1), which is narrower still.
            guard !value.isEmpty, value.utf8.allSatisfy({ (0x21...0x7E).contains($0) }) else {
                throw ScenarioError(
                    .invalidValue, at: ScenarioLocation(node, file: file),
                    "'\(key)' is printable ASCII without spaces (RFC 6749 appendix A)", hint: example)
            }
            return value
        }
        let clientID = try text("client-id")
        let clientSecret = try text("client-secret")
        let accessToken = try text("access-token")
        let refreshToken = try text("refresh-token")
        let uses = try section.int("uses")
        if let uses, uses < 1 {
            throw ScenarioError(
                .invalidValue, at: section.location(of: "uses"),
                "'uses' is how many requests an access token is good for, at least 1", hint: "uses: 1")
        }
        let lifetime = try section.int("lifetime-seconds")
        if let lifetime, !(1...maximumLifetimeSeconds).contains(lifetime) {
            throw ScenarioError(
                .invalidValue, at: section.location(of: "lifetime-seconds"),
                "'lifetime-seconds' is how many seconds an access token is good for, from 1 to \(maximumLifetimeSeconds), not \(lifetime)",
                hint: "lifetime-seconds: 2")
        }
        let expired = try section.bool("access-token-expired") ?? false
        let refresh = try section.word("refresh", Refresh.self, what: "refresh answer") ?? .grants
        try section.finish()
        guard accessToken != refreshToken else {
            throw ScenarioError(
                .invalidValue, at: section.location(of: "refresh-token"),
                "the refresh token must differ from the access token", hint: "refresh-token: tGzv3JOkF0XG5Qx2TlKWIA")
        }
        return TokenEndpointConfiguration(
            clientID: clientID, clientSecret: clientSecret, accessToken: accessToken, refreshToken: refreshToken,
            usesPerToken: uses, lifetimeSeconds: lifetime, accessTokenExpired: expired, refresh: refresh)
    }
}
