import Foundation
import MockAuthTestSupport
import MockAuthVocabulary
import Testing

@testable import MockAuthSchemes

/// `sendNextNonce` (`next-nonce: true`, `digest-nextnonce`): each accepted answer gets a nextnonce
/// in `Authentication-Info`, the nonce it replaces is retired (a correct answer on it is stale), and
/// each nonce is counted from `nc=00000001`.
@Suite struct DigestNextNonceTests {
    /// A decision other than the one a step needs.
    struct Unexpected: Error, CustomStringConvertible {
        var description: String
    }

    let configuration = DigestConfiguration(
        realm: "mockauth", username: "alice", password: "wonderland-7", algorithms: [.sha256, .md5], qops: [.auth],
        sendNextNonce: true)

    /// A machine that has challenged once, the SHA-256 challenge, and a first answer it accepted,
    /// with the `Authentication-Info` parameters it sent.
    func authenticated() throws -> (OfferedAlone, AuthChallenge, [String: String]) {
        var machine = OfferedAlone(.digest(configuration), random: .seeded(11))
        guard case .challenged(let values, _) = machine.receive(AuthRequest(target: "/docs/"), now: testNow) else {
            throw Unexpected(description: "expected a challenge")
        }
        let value = try #require(values.first)
        let challenge = try #require(try AuthParameterParser.parseChallenges(value).first)
        let header = digestAnswer(challenge, username: "alice", password: "wonderland-7", uri: "/docs/")
        let decision = machine.receive(AuthRequest(target: "/docs/", authorization: [header]), now: testNow)
        guard case .authenticated(let credentials, let headers) = decision else {
            throw Unexpected(description: "the first answer should authenticate, got \(decision)")
        }
        #expect(credentials.digestNonce == .challenge)
        let info = try #require(headers.first)
        #expect(info.name == "Authentication-Info")
        let parameters = try AuthParameterParser.parseChallenges("X " + info.value)[0].parameters
        return (machine, challenge, Dictionary(parameters.map { ($0.name, $0.value) }) { first, _ in first })
    }

    /// The challenge with its nonce swapped for `nonce` (a client keeps realm, algorithm and opaque).
    func with(_ challenge: AuthChallenge, nonce: String) -> AuthChallenge {
        var next = challenge
        next.parameters = challenge.parameters.map {
            $0.name == "nonce" ? AuthParameter(name: "nonce", value: nonce) : $0
        }
        return next
    }

    @Test func authenticationInfoCarriesTheNextNonceBesideRspauth() throws {
        let (_, challenge, info) = try authenticated()
        #expect(info["rspauth"]?.count == 64)
        #expect(info["qop"] == "auth")
        #expect(info["nc"] == "00000001")
        #expect(info["cnonce"] == "0a4f113b")
        let next = try #require(info["nextnonce"])
        #expect(next != challenge.parameter("nonce"))
    }

    @Test func theNextNonceCountedFromOneIsAccepted() throws {
        var (machine, challenge, info) = try authenticated()
        let nextNonce = try #require(info["nextnonce"])
        let next = with(challenge, nonce: nextNonce)
        let header = digestAnswer(next, username: "alice", password: "wonderland-7", uri: "/docs/second")
        let decision = machine.receive(AuthRequest(target: "/docs/second", authorization: [header]), now: testNow)
        guard case .authenticated(let credentials, let headers) = decision else {
            Issue.record("the nextnonce with nc=00000001 should authenticate, got \(decision)")
            return
        }
        #expect(credentials.digestNonce == .nextNonce)
        // And it is replaced in turn by a nextnonce of its own.
        #expect(headers.first?.value.contains("nextnonce=") == true)
    }

    @Test func theReplacedNonceIsStale() throws {
        var (machine, challenge, _) = try authenticated()
        let header = digestAnswer(
            challenge, username: "alice", password: "wonderland-7", uri: "/docs/second", nc: "00000002")
        let decision = machine.receive(AuthRequest(target: "/docs/second", authorization: [header]), now: testNow)
        guard case .refused(let values, let reason, let credentials) = decision else {
            Issue.record("a correct answer on the replaced nonce should be refused as stale, got \(decision)")
            return
        }
        #expect(reason == "nonce replaced by the nextnonce sent after its last use (stale)")
        #expect(credentials?.digestNonce == .replaced)
        let value = try #require(values.first)
        let fresh = try #require(try AuthParameterParser.parseChallenges(value).first)
        #expect(fresh.parameter("stale") == "true")
        // The same credentials on the fresh nonce, counted from 1, are accepted.
        let retry = digestAnswer(fresh, username: "alice", password: "wonderland-7", uri: "/docs/second")
        guard
            case .authenticated = machine.receive(
                AuthRequest(target: "/docs/second", authorization: [retry]), now: testNow)
        else {
            Issue.record("the retry on the fresh nonce should authenticate")
            return
        }
    }

    @Test func aWrongPasswordOnTheReplacedNonceIsAWrongPassword() throws {
        var (machine, challenge, _) = try authenticated()
        let header = digestAnswer(challenge, username: "alice", password: "nope", uri: "/docs/second", nc: "00000002")
        let decision = machine.receive(AuthRequest(target: "/docs/second", authorization: [header]), now: testNow)
        guard case .refused(let values, let reason, _) = decision else {
            Issue.record("a wrong password should be refused, got \(decision)")
            return
        }
        #expect(reason.hasPrefix("wrong password for user alice"))
        #expect(values.allSatisfy { !$0.contains("stale=true") })
    }

    @Test func aCountContinuedOntoTheNextNonceIsRefused() throws {
        var (machine, challenge, info) = try authenticated()
        let nextNonce = try #require(info["nextnonce"])
        let next = with(challenge, nonce: nextNonce)
        let header = digestAnswer(
            next, username: "alice", password: "wonderland-7", uri: "/docs/second", nc: "00000002")
        let decision = machine.receive(AuthRequest(target: "/docs/second", authorization: [header]), now: testNow)
        #expect(
            decision
                == .malformed(
                    reason:
                        "nonce count nc=00000002 on the first use of the nextnonce "
                        + "(a new nonce is counted from 00000001, RFC 7616 section 3.4)"))
        // The refusal used nothing up: the nextnonce counted from 1 is still accepted.
        let right = digestAnswer(next, username: "alice", password: "wonderland-7", uri: "/docs/second")
        guard
            case .authenticated = machine.receive(
                AuthRequest(target: "/docs/second", authorization: [right]), now: testNow)
        else {
            Issue.record("the nextnonce with nc=00000001 should still authenticate")
            return
        }
    }

    @Test func withoutNextNonceTheNonceLivesOnAndCountsAreOnlyCheckedForReplays() throws {
        var plain = configuration
        plain.sendNextNonce = false
        var machine = OfferedAlone(.digest(plain), random: .seeded(12))
        guard case .challenged(let values, _) = machine.receive(AuthRequest(), now: testNow) else {
            Issue.record("expected a challenge")
            return
        }
        let value = try #require(values.first)
        let challenge = try #require(try AuthParameterParser.parseChallenges(value).first)
        for nc in ["00000002", "00000003"] {
            let header = digestAnswer(challenge, username: "alice", password: "wonderland-7", uri: "/", nc: nc)
            guard
                case .authenticated(_, let headers) = machine.receive(
                    AuthRequest(authorization: [header]), now: testNow)
            else {
                Issue.record("nc=\(nc) should authenticate without next-nonce")
                return
            }
            #expect(headers.first?.value.contains("nextnonce") == false)
        }
    }
}
