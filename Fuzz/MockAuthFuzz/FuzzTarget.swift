import Foundation
import MockAuthScenario
import MockAuthSchemes
import MockAuthVocabulary
import NIOCore
import NIOEmbedded
import NIOHTTP1

@testable import MockAuthServer

/// The parsers that read what a client (or a scenario author) sends, each a libFuzzer target.
/// One binary holds them all; `MOCKAUTH_FUZZ_TARGET` picks one (see `make fuzz`).
enum FuzzTarget: String, CaseIterable {
    case basic
    case digest
    case ntlm
    case spnego
    case kerberos
    case authParameters = "auth-parameters"
    case proxyTarget = "proxy-target"
    case scenario
    case writtenChallenge = "written-challenge"
    case cookie
    case socksGreeting = "socks-greeting"
    case socksUsernamePassword = "socks-username-password"
    case socksPipeline = "socks-pipeline"
    case tokenForm = "token-form"

    static let selected: FuzzTarget = {
        let name = ProcessInfo.processInfo.environment["MOCKAUTH_FUZZ_TARGET"] ?? ""
        guard let target = FuzzTarget(rawValue: name) else {
            let names = allCases.map(\.rawValue).joined(separator: ", ")
            FileHandle.standardError.write(Data("set MOCKAUTH_FUZZ_TARGET to one of: \(names)\n".utf8))
            exit(2)
        }
        return target
    }()

    /// The token endpoint of `token-form`: client `app`, secret `s3cret`, refresh token `rt-1`; its
    /// ledger holds at most ``TokenEndpointConfiguration/maximumIssuedTokens``, whatever the runs.
    static let tokenEndpoint = TokenEndpointMachine(
        ledger: TokenLedger(
            configuration: TokenEndpointConfiguration(
                clientID: "app", clientSecret: "s3cret", accessToken: "at-1", refreshToken: "rt-1", usesPerToken: 1),
            random: .seeded(1)))

    /// Feeds `bytes` to the parser. Any input must parse or be refused: a trap is a finding.
    func run(_ bytes: [UInt8]) {
        let text = String(decoding: bytes, as: UTF8.self)
        switch self {
        case .basic:
            _ = BasicCredentials.parse(token68: text)
        case .digest:
            if let value = try? AuthParameterParser.parseCredentials("Digest " + text) {
                _ = try? DigestCredentials(parsing: value)
            }
        case .ntlm:
            _ = try? NTLMMessage.parse(bytes)
            _ = try? NTLMAVPair.parse(bytes)
        case .spnego:
            _ = try? NegotiateToken.parse(bytes)
        case .kerberos:
            // A Kerberos AP-REQ (GSS-API initial context token) as the parser reads it, and as a
            // Negotiate server with a Kerberos key receives it, bare and inside SPNEGO.
            KerberosFuzzMachine.run(bytes)
        case .authParameters:
            _ = try? AuthParameterParser.parseChallenges(text)
            _ = try? AuthParameterParser.parseCredentials(text)
        case .proxyTarget:
            _ = try? ProxyRequestTarget(method: .CONNECT, uri: text)
            _ = try? ProxyRequestTarget(method: .GET, uri: text)
        case .scenario:
            _ = try? Scenario(yaml: text, name: "fuzz", file: "fuzz.yaml")
        case .writtenChallenge:
            // A written challenge (`auth.challenges`): its placeholders, filled as the gate fills
            // them, and the filled text through the challenge parser, as the loader checks it.
            _ = WrittenChallengePlaceholder.names(in: text)
            let spec = AuthSpec(
                schemes: [.digestMD5, .basic], account: Account(username: "a", password: "b"),
                writtenChallenges: [text])
            for value in spec.challengeFields([#"Digest realm="mockauth", nonce="bm9uY2U+", opaque="b3BhcXVl""#]) {
                _ = try? AuthParameterParser.parseChallenges(value)
            }
        case .cookie:
            // A client's Cookie field (the names the judge reads) and a route's Set-Cookie value.
            _ = CookieSyntax.names(inCookieField: text)
            _ = CookieSyntax.name(ofSetCookie: text)
        case .socksGreeting:
            SOCKSFuzzConnection.run(bytes)
        case .socksUsernamePassword:
            // Every prefix, as the proxy parses the step while its bytes arrive.
            for end in 0...min(bytes.count, SOCKSUsernamePassword.maximumLength + 1) {
                _ = SOCKSUsernamePassword.parse(Array(bytes[..<end]))
            }
        case .socksPipeline:
            SOCKSPipelineFuzzConnection.run(bytes)
        case .tokenForm:
            // A token request's body (application/x-www-form-urlencoded), read by the form parser
            // and answered by the token endpoint over one ledger, as a client's POST /token is.
            _ = FormParameters.parse(bytes)
            let answer = Self.tokenEndpoint.answer(
                method: "POST", contentType: "application/x-www-form-urlencoded",
                authorization: ["Basic YXBwOnMzY3JldA=="], body: bytes)
            precondition((200...401).contains(answer.status), "a token endpoint answers 200, 400 or 401")
        }
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    FuzzTarget.selected.run(Array(UnsafeRawBufferPointer(start: start, count: count)))
    return 0
}
