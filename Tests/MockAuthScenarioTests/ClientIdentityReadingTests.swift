import Testing

@testable import MockAuthScenario

@Suite("Reading the client's identity")
struct ClientIdentityReadingTests {
    func scenario(identity: String) -> String {
        """
        version: 1
        summary: A client certificate is required.
        servers:
          origin:
            tls: { profile: client-cert-required }
        client:
          identity: \(identity)
        expect:
          - rule: presents-client-certificate
            server: origin
        """
    }

    func read(identity: String) throws(ScenarioError) -> ClientIdentitySpec? {
        try Scenario(yaml: scenario(identity: identity), name: "example", file: "example.yaml").client.identity
    }

    func error(identity: String) -> ScenarioError? {
        do {
            _ = try read(identity: identity)
            return nil
        } catch {
            return error
        }
    }

    @Test("true and false still work; true means the default (legacy) encoding")
    func booleans() throws {
        #expect(try read(identity: "true") == ClientIdentitySpec(pkcs12: .legacy))
        #expect(try read(identity: "yes") == ClientIdentitySpec(pkcs12: .legacy))
        #expect(try read(identity: "false") == nil)
    }

    @Test("a mapping picks the PKCS#12 encoding by its file-format name")
    func encodings() throws {
        #expect(try read(identity: "{ pkcs12: pbes2 }") == ClientIdentitySpec(pkcs12: .pbes2))
        #expect(try read(identity: "{ pkcs12: legacy }") == ClientIdentitySpec(pkcs12: .legacy))
        #expect(try read(identity: "{}") == ClientIdentitySpec(pkcs12: .legacy))
        #expect(try read(identity: "{ second: true }") == ClientIdentitySpec(pkcs12: .legacy, second: true))
        #expect(try read(identity: "{ pkcs12: pbes2, second: false }") == ClientIdentitySpec(pkcs12: .pbes2))
        #expect(try read(identity: "\n    pkcs12: pbes2") == ClientIdentitySpec(pkcs12: .pbes2))
    }

    @Test("an unknown encoding points at the key and lists the encodings")
    func unknownEncoding() {
        let mistake = error(identity: "{ pkcs12: aes }")
        #expect(mistake?.code == .invalidValue)
        #expect(mistake?.location == ScenarioLocation(file: "example.yaml", line: 7, column: 15))
        #expect(mistake?.hint == "pkcs12: legacy or pkcs12: pbes2")
        #expect(
            mistake?.description
                == "example.yaml:7:15: error: unknown PKCS#12 encoding 'aes'\n    write instead: pkcs12: legacy or pkcs12: pbes2"
        )
    }

    @Test("an unknown key in the mapping is suggested its closest known key")
    func unknownKey() {
        let mistake = error(identity: "{ pkcs: pbes2 }")
        #expect(mistake?.code == .unknownKey)
        #expect(mistake?.hint == "'pkcs12'")
    }

    @Test("other values say what to write instead")
    func otherValues() {
        for value in ["maybe", "[pbes2]", "pbes2"] {
            let mistake = error(identity: value)
            #expect(mistake?.code == .invalidValue, "\(value)")
            #expect(mistake?.location?.line == 7, "\(value)")
            #expect(
                mistake?.hint == "identity: true or identity: { pkcs12: legacy } or identity: { pkcs12: pbes2 }",
                "\(value)")
        }
    }
}
