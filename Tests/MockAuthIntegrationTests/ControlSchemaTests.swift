import Foundation
import MockAuth
import MockAuthScenario
import Testing

/// The control API's JSON Schemas name exactly the values the model has: a new rule, result,
/// profile or scheme cannot ship with a schema that rejects it.
@Suite("The control API's JSON Schemas match the model")
struct ControlSchemaTests {
    func schema(_ name: String) throws -> [String: Any] {
        let path = MockAuthDBinary.repositoryRoot.appendingPathComponent("docs/schemas/control/\(name).schema.json")
        return try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: path)) as? [String: Any])
    }

    /// The `enum` at `path` (object keys; `*` steps into `items`).
    func enumeration(_ schema: [String: Any], _ path: [String]) -> [String] {
        var node: Any? = schema
        for key in path {
            let object = node as? [String: Any]
            node = key == "*" ? object?["items"] : (object?["properties"] as? [String: Any])?[key] ?? object?[key]
        }
        return (node as? [String: Any])?["enum"] as? [String] ?? []
    }

    @Test("verdict: results, rules, levels, outcomes")
    func verdict() throws {
        let verdict = try schema("verdict")
        #expect(enumeration(verdict, ["$defs", "result"]) == VerdictResult.allCases.map(\.rawValue))
        let finding = ["findings", "*"]
        #expect(
            enumeration(verdict, finding + ["rule"])
                == ScenarioRules.names.map(\.rawValue) + [JudgedRule.clientFinishes, .control].map(\.description))
        #expect(enumeration(verdict, finding + ["level"]) == ExpectationLevel.allCases.map(\.rawValue))
        #expect(enumeration(verdict, finding + ["outcome"]) == RuleOutcome.allCases.map(\.rawValue))
    }

    @Test("transcript: profiles, handshake states, auth decisions and schemes, limits")
    func transcript() throws {
        let transcript = try schema("transcript")
        #expect(enumeration(transcript, ["endpoints", "*", "tlsProfile"]) == TLSProfile.allCases.map(\.rawValue))
        let connection = ["$defs", "connection"]
        #expect(
            enumeration(transcript, connection + ["tls", "state"])
                == TLSHandshakeRecord.State.allCases.map(\.rawValue))
        #expect(enumeration(transcript, connection + ["closedByLimit"]) == ConnectionLimit.allCases.map(\.rawValue))
        let auth = ["$defs", "request", "auth"]
        #expect(enumeration(transcript, auth + ["decision"]) == AuthRecord.Decision.allCases.map(\.rawValue))
        #expect(enumeration(transcript, auth + ["offered", "*"]) == HTTPAuthScheme.allCases.map(\.rawValue))
        #expect(enumeration(transcript, auth + ["digestNonce"]) == DigestNonceUse.allCases.map(\.rawValue))
        #expect(
            enumeration(transcript, ["$defs", "request", "refusal", "limit"])
                == RequestRefusal.Limit.allCases.map(\.rawValue))
    }

    @Test("transcript: an auth record with every field set has exactly the schema's properties")
    func authRecordFields() throws {
        let transcript = try schema("transcript")
        let properties = ["$defs", "request", "auth"].reduce(transcript as Any?) { node, key in
            let object = node as? [String: Any]
            return (object?["properties"] as? [String: Any])?[key] ?? object?[key]
        }
        let documented = try #require((properties as? [String: Any])?["properties"] as? [String: Any])
        let record = AuthRecord(
            decision: .authenticated, header: "Authorization", realm: "r", offered: [.digest], scheme: "Digest",
            username: "alice", domain: "D", workstation: "W", algorithm: "SHA-256", reason: "ok",
            digestNonce: .nextNonce,
            kerberos: KerberosTicket(
                servicePrincipal: "HTTP/www.test@R", clientPrincipal: "alice@R", mutualRequested: true, delegated: false
            ))
        let encoded = try #require(
            try JSONSerialization.jsonObject(with: JSONEncoder().encode(record)) as? [String: Any])
        #expect(Set(encoded.keys) == Set(documented.keys))
    }
}
