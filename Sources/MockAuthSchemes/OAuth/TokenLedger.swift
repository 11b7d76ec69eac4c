import Foundation
import Synchronization

/// The tokens of one token endpoint while a scenario runs, shared by the endpoint (which issues
/// them) and the resource servers that accept them (a Bearer protection space with
/// `token-endpoint:`). Owned by the harness: one per token endpoint per run, holding at most
/// ``TokenEndpointConfiguration/maximumIssuedTokens`` access tokens whatever a client does.
///
/// Tokens are numbered by generation: the one the client is given is #1, each refresh issues the
/// next. What is recorded names the generation, never the token. A token's age is counted on the
/// ledger's clock (the harness's; tests inject one), from when it was issued, the first's from when
/// the ledger was made (the run's start).
package final class TokenLedger: Sendable, Equatable {
    /// What a resource server makes of a presented access token.
    package enum Use: Sendable, Equatable {
        /// Valid: this was use `use` of token `generation`.
        case accepted(generation: Int, use: Int)
        /// A token of this ledger that is no longer valid, and why.
        case expired(generation: Int, expiry: Expiry)
        /// The endpoint's refresh token, presented as an access token.
        case refreshToken
        /// No token of this ledger.
        case unknown
    }

    /// Why a token of the ledger is no longer accepted.
    package enum Expiry: Sendable, Equatable {
        /// It served its `uses` requests (``TokenEndpointConfiguration/usesPerToken``).
        case spent(uses: Int)
        /// It was issued `seconds` ago or more (``TokenEndpointConfiguration/lifetimeSeconds``).
        case lifetime(seconds: Int)
        /// It was given to the client expired (``TokenEndpointConfiguration/accessTokenExpired``).
        case givenExpired
    }

    /// What a refresh or a client-credentials grant got.
    package enum Issue: Sendable, Equatable {
        /// A new access token, generation `generation`.
        case issued(token: String, generation: Int)
        /// The grant is refused (`invalid_grant`), for `reason`.
        case refused(reason: String)
    }

    private struct Token {
        var generation: Int
        var uses: Int
        var issuedAt: Date
        var givenExpired = false
    }

    private struct State {
        var tokens: [String: Token]
        var issued: Int
        var random: AuthRandomSource
    }

    /// The endpoint's configuration.
    package let configuration: TokenEndpointConfiguration
    private let state: Mutex<State>
    private let clock: @Sendable () -> Date

    /// - Parameter clock: the time tokens are issued and presented at (tests inject one).
    package init(
        configuration: TokenEndpointConfiguration, random: AuthRandomSource = .system,
        clock: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.configuration = configuration
        self.clock = clock
        let first = Token(
            generation: 1, uses: 0, issuedAt: clock(), givenExpired: configuration.accessTokenExpired)
        state = Mutex(State(tokens: [configuration.accessToken: first], issued: 1, random: random))
    }

    /// Counts one use of `token` at a resource server and says what it is.
    package func use(_ token: String) -> Use {
        if constantTimeEquals(token, configuration.refreshToken) { return .refreshToken }
        let uses = configuration.usesPerToken
        let lifetime = configuration.lifetimeSeconds
        let now = clock()
        return state.withLock { state in
            guard var entry = state.tokens[token] else { return .unknown }
            if entry.givenExpired { return .expired(generation: entry.generation, expiry: .givenExpired) }
            if let uses, entry.uses >= uses {
                return .expired(generation: entry.generation, expiry: .spent(uses: entry.uses))
            }
            if let lifetime, now.timeIntervalSince(entry.issuedAt) >= Double(lifetime) {
                return .expired(generation: entry.generation, expiry: .lifetime(seconds: lifetime))
            }
            entry.uses += 1
            state.tokens[token] = entry
            return .accepted(generation: entry.generation, use: entry.uses)
        }
    }

    /// A new access token for `refreshToken` (RFC 6749 §6), or why not.
    package func refresh(with refreshToken: String) -> Issue {
        guard constantTimeEquals(refreshToken, configuration.refreshToken) else {
            return .refused(reason: "the refresh token is not the one issued")
        }
        guard configuration.refresh == .grants else { return .refused(reason: "the refresh token was revoked") }
        return issue()
    }

    /// A new access token for the registered client's own credentials (RFC 6749 §4.4).
    package func issueForClientCredentials() -> Issue { issue() }

    /// How many access tokens exist, the first included.
    package var issuedCount: Int { state.withLock { $0.issued } }

    private func issue() -> Issue {
        let now = clock()
        return state.withLock { state in
            guard state.issued < TokenEndpointConfiguration.maximumIssuedTokens else {
                return .refused(
                    reason: "the endpoint issued \(state.issued) access tokens, the most it issues in a run")
            }
            state.issued += 1
            let token = Base64.encode(state.random.bytes(24))
                .replacing("+", with: "-").replacing("/", with: "_").replacing("=", with: "")
            state.tokens[token] = Token(generation: state.issued, uses: 0, issuedAt: now)
            return .issued(token: token, generation: state.issued)
        }
    }

    /// Ledgers are the same only when they are one: each holds a run's own state.
    package static func == (lhs: TokenLedger, rhs: TokenLedger) -> Bool { lhs === rhs }
}
