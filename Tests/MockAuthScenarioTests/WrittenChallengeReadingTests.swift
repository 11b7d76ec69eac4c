import Foundation
import Testing

@testable import MockAuthScenario

/// `auth.challenges`: the fields a server writes, checked when the file is read.
@Suite("Reading written challenges")
struct WrittenChallengeReadingTests {
    /// A scenario whose origin offers `schemes` (and `extra` auth keys) with these written challenges.
    func scenario(_ schemes: String, _ challenges: [String], extra: String = "") -> String {
        """
        version: 1
        summary: Written challenges.
        servers:
          origin:
            auth:
              realm: simple
              schemes: [\(schemes)]
              username: alice
              password: pw
              token: abc\(extra)
              challenges:
        \(challenges.map { "        - '\($0)'" }.joined(separator: "\n"))
        expect:
          - rule: authenticates
            server: origin
        """
    }

    func read(_ yaml: String) throws(ScenarioError) -> AuthSpec? {
        try Scenario(yaml: yaml, name: "written", file: "written.yaml").servers.first?.auth
    }

    func error(_ yaml: String) -> ScenarioError? {
        do {
            _ = try read(yaml)
            return nil
        } catch {
            return error
        }
    }

    @Test("the RFC 9110 example is read as written, several fields in order")
    func readAsWritten() throws {
        let fields = [
            #"Newauth realm="apps", type=1, title="Login to \"apps\"", Basic realm="simple""#, "bAsIc realm=simple",
        ]
        let auth = try #require(try read(scenario("basic", fields)))
        #expect(auth.writtenChallenges == fields)
    }

    @Test("Digest challenges carry the machine's nonce; an unknown algorithm is sent as written")
    func digestPlaceholders() throws {
        let fields = [
            #"Digest realm="simple", algorithm=SHA-3-512, nonce="{nonce}", qop="auth""#,
            #"Digest realm="simple", qop="auth", algorithm=SHA-256, nonce="{nonce}", opaque="{opaque}""#,
        ]
        let auth = try #require(try read(scenario("digest-sha256", fields)))
        #expect(auth.writtenChallenges == fields)
        #expect(auth.mintsDigestOpaque)
    }

    @Test(
        "a written challenge that cannot be what the machines verify is an error naming the file, line and problem",
        arguments: [
            ("basic", #"Basic realm="simple"#, "does not parse"),
            ("basic", #"Basic realm="other""#, #"names realm "other", but the server verifies realm "simple""#),
            ("basic", #"Newauth realm="apps""#, "'schemes' offers basic, but no written challenge does"),
            ("basic", #"Basic realm="simple", nonce="{nonce}""#, "offers no Digest"),
            ("digest-md5", #"Digest realm="simple", nonce="{nonse}", qop="auth""#, "unknown placeholder {nonse}"),
            ("digest-md5", #"Digest realm="simple", nonce={nonce}, qop="auth""#, "does not parse"),
            ("digest-md5", #"Digest realm="simple", nonce="fixed", qop="auth""#, "carries the machine's nonce"),
            ("digest-md5", #"Digest realm="simple", nonce="{nonce}""#, "offers no qop (the RFC 2069 form)"),
            ("digest-md5", #"Digest realm="simple", nonce="{nonce}", qop="auth-int""#, #"offers qop "auth-int""#),
            (
                "digest-md5", #"Digest realm="simple", algorithm=SHA-256, nonce="{nonce}", qop="auth""#,
                "offers algorithm SHA-256, which 'schemes' does not"
            ),
            (
                "digest-md5", #"Digest realm="simple", nonce="{nonce}", qop="auth", opaque="x""#,
                "opaque is the one minted"
            ),
            ("bearer", "Bearer realm=\"simple\" ", "cannot be sent in a header"),
        ])
    func refused(schemes: String, field: String, problem: String) throws {
        let failure = try #require(error(scenario(schemes, [field])), "\(field) should be refused")
        #expect(failure.code == .invalidValue)
        #expect(failure.reason.contains(problem), "\(failure)")
        #expect(failure.location?.file == "written.yaml")
        #expect(failure.location?.line == 11 || failure.location?.line == 12, "\(failure)")
    }

    @Test("'challenges' and 'one-line' together are an error")
    func notWithOneLine() throws {
        let yaml = scenario("basic", [#"Basic realm="simple""#], extra: "\n      one-line: true")
        let failure = try #require(error(yaml))
        #expect(failure.reason.contains("'one-line' and 'challenges'"))
    }

    @Test("the placeholders are filled in one pass; text that is not one stays")
    func filling() {
        let text = #"Digest nonce="{nonce}", opaque="{opaque}", title="{not one}", x="{}""#
        #expect(WrittenChallengePlaceholder.names(in: text) == ["nonce", "opaque"])
        #expect(
            WrittenChallengePlaceholder.fill(text, with: [.nonce: "{opaque}", .opaque: "o"])
                == #"Digest nonce="{opaque}", opaque="o", title="{not one}", x="{}""#)
    }
}
