import Foundation
import MockAuthTestSupport
import Testing

@testable import MockAuthSchemes

/// Builds GSS-API initial context tokens holding an AP-REQ (RFC 4121 §4.1, RFC 4120 §5.5.1), field
/// by field, so that each test changes one element of an otherwise well-formed token.
enum APRequestBuilder {
    /// `mutual-required` (bit 2 of the ap-options).
    static let mutualOptions: [UInt8] = [0x00, 0x20, 0x00, 0x00, 0x00]
    static let noOptions: [UInt8] = [0x00, 0x00, 0x00, 0x00, 0x00]

    static func generalString(_ text: String) -> [UInt8] { DERWriter.element(0x1B, Array(text.utf8)) }

    /// A PrincipalName: name-type NT-SRV-INST (2) and the components, each as given.
    static func principalName(_ components: [[UInt8]], componentTag: UInt8 = 0x1B) -> [UInt8] {
        DERWriter.element(
            0x30,
            DERWriter.element(0xA0, DERWriter.element(0x02, [0x02]))
                + DERWriter.element(
                    0xA1, DERWriter.element(0x30, components.flatMap { DERWriter.element(componentTag, $0) })))
    }

    /// A Ticket [APPLICATION 1]; `realm` and `name` are the elements' content, `nil` to leave one out.
    static func ticket(realm: [UInt8]?, name: [UInt8]?) -> [UInt8] {
        var fields = DERWriter.element(0xA0, DERWriter.element(0x02, [0x05]))
        if let realm { fields += DERWriter.element(0xA1, realm) }
        if let name { fields += DERWriter.element(0xA2, name) }
        fields += DERWriter.element(
            0xA3,
            DERWriter.element(
                0x30,
                DERWriter.element(0xA0, DERWriter.element(0x02, [0x12]))
                    + DERWriter.element(0xA2, DERWriter.element(0x04, [UInt8](repeating: 0xC3, count: 40)))))
        return DERWriter.element(0x61, DERWriter.element(0x30, fields))
    }

    /// The AP-REQ [APPLICATION 14]; `options` is the BIT STRING's content (`nil`: no ap-options).
    static func apRequest(options: [UInt8]?, ticket: [UInt8]?, applicationTag: UInt8 = 0x6E) -> [UInt8] {
        var fields = DERWriter.element(0xA0, DERWriter.element(0x02, [0x05]))
        fields += DERWriter.element(0xA1, DERWriter.element(0x02, [0x0E]))
        if let options { fields += DERWriter.element(0xA2, DERWriter.element(0x03, options)) }
        if let ticket { fields += DERWriter.element(0xA3, ticket) }
        fields += DERWriter.element(
            0xA4,
            DERWriter.element(
                0x30,
                DERWriter.element(0xA0, DERWriter.element(0x02, [0x12]))
                    + DERWriter.element(0xA2, DERWriter.element(0x04, [UInt8](repeating: 0x3C, count: 24)))))
        return DERWriter.element(applicationTag, DERWriter.element(0x30, fields))
    }

    /// The GSS-API framing: [APPLICATION 0] { mechanism OID, token ID, message }.
    static func initialContextToken(
        _ message: [UInt8], tokenID: [UInt8] = [0x01, 0x00], mechanism: SPNEGOMechanism = .kerberos5
    ) -> [UInt8] {
        DERWriter.element(0x60, DERWriter.element(0x06, mechanism.oidBytes) + tokenID + message)
    }

    /// A well-formed AP-REQ for `HTTP/<host>@<realm>`, without the GSS-API framing.
    static func message(
        realm: String = "MOCKAUTH-1A2B3C4D.TEST", components: [String] = ["HTTP", "www.test"],
        options: [UInt8] = mutualOptions
    ) -> [UInt8] {
        apRequest(
            options: options,
            ticket: ticket(realm: generalString(realm), name: principalName(components.map { Array($0.utf8) })))
    }

    /// A whole well-formed token for `HTTP/<host>@<realm>`.
    static func token(
        realm: String = "MOCKAUTH-1A2B3C4D.TEST", components: [String] = ["HTTP", "www.test"],
        options: [UInt8] = mutualOptions
    ) -> [UInt8] {
        initialContextToken(message(realm: realm, components: components, options: options))
    }
}

@Suite("KerberosAPRequest: the AP-REQ's clear framing, read without keys")
struct KerberosAPRequestTests {
    func parse(_ bytes: [UInt8]) throws(SPNEGOParseError) -> KerberosAPRequest {
        try KerberosAPRequest.parse(initialContextToken: bytes)
    }

    func reason(_ bytes: [UInt8]) -> String? {
        do {
            _ = try parse(bytes)
            return nil
        } catch {
            return error.reason
        }
    }

    @Test("a real AP-REQ (MIT Kerberos 1.20, python-gssapi): realm, service name, mutual-required")
    func realMutual() throws {
        let request = try parse(try #require(Base64.decode(RealKerberos.mutualAPRequest)))
        #expect(request.realm == RealKerberos.realm)
        #expect(request.serviceName == ["HTTP", "intranet.test"])
        #expect(request.servicePrincipal == RealKerberos.servicePrincipal)
        #expect(request.mutualRequired)
    }

    @Test("a real AP-REQ without mutual authentication, and one that delegates, are read alike")
    func realPlainAndDelegating() throws {
        let plain = try parse(try #require(Base64.decode(RealKerberos.plainAPRequest)))
        #expect(
            plain
                == KerberosAPRequest(
                    realm: RealKerberos.realm, serviceName: ["HTTP", "intranet.test"], mutualRequired: false))
        let delegating = try parse(try #require(Base64.decode(RealKerberos.delegatingAPRequest)))
        #expect(
            delegating
                == KerberosAPRequest(
                    realm: RealKerberos.realm, serviceName: ["HTTP", "intranet.test"], mutualRequired: true))
    }

    @Test("a real AP-REQ for HTTP/intranet.test:4431 (the port in the service name) reads as that name")
    func realWithPort() throws {
        let request = try parse(try #require(Base64.decode(RealKerberos.portAPRequest)))
        #expect(request.serviceName == ["HTTP", "intranet.test:4431"])
        #expect(request.servicePrincipal == "HTTP/intranet.test:4431@\(RealKerberos.realm)")
        #expect(request.mutualRequired)
    }

    @Test("the real tokens as NegotiateToken sees them: a bare krb5 token, and SPNEGO with the AP-REQ as mechToken")
    func realFraming() throws {
        let bare = try #require(Base64.decode(RealKerberos.mutualAPRequest))
        #expect(try NegotiateToken.parse(bare) == .otherMechanism(.kerberos5))
        let wrapped = try #require(Base64.decode(RealKerberos.spnegoInit))
        guard case .initial(let initial) = try NegotiateToken.parse(wrapped) else {
            Issue.record("expected a NegTokenInit")
            return
        }
        #expect(initial.mechTypes.first == .kerberos5)
        let request = try parse(try #require(initial.mechToken))
        #expect(request.servicePrincipal == RealKerberos.servicePrincipal)
    }

    @Test("the built token reads back as built (the builder the other tests vary is sound)")
    func built() throws {
        #expect(
            try parse(APRequestBuilder.token())
                == KerberosAPRequest(
                    realm: "MOCKAUTH-1A2B3C4D.TEST", serviceName: ["HTTP", "www.test"], mutualRequired: true))
        #expect(try parse(APRequestBuilder.token(options: APRequestBuilder.noOptions)).mutualRequired == false)
        // The Microsoft Kerberos OID frames an AP-REQ too.
        let microsoft = APRequestBuilder.initialContextToken(
            APRequestBuilder.message(), mechanism: .microsoftKerberos5)
        #expect(try parse(microsoft).servicePrincipal == "HTTP/www.test@MOCKAUTH-1A2B3C4D.TEST")
    }

    @Test("every truncation of the real AP-REQ is refused, never trapped on")
    func truncations() throws {
        let bytes = try #require(Base64.decode(RealKerberos.mutualAPRequest))
        for end in 0..<bytes.count {
            #expect(throws: SPNEGOParseError.self, "prefix of \(end) bytes") { try parse(Array(bytes[..<end])) }
        }
    }

    @Test("a token that is not an AP-REQ: the AP-REP (token ID 0x0200), another token ID, a token ID alone")
    func tokenIDs() throws {
        let reply = try #require(Base64.decode(RealKerberos.apReply))
        #expect(reason(reply) == "Kerberos token ID 0x0200 is not an AP-REQ (0x0100)")
        let message = APRequestBuilder.apRequest(
            options: APRequestBuilder.mutualOptions,
            ticket: APRequestBuilder.ticket(
                realm: APRequestBuilder.generalString("R.TEST"),
                name: APRequestBuilder.principalName([Array("HTTP".utf8), Array("www.test".utf8)])))
        for (tokenID, written) in [
            ([0x02, 0x00], "0200"), ([0x03, 0x00], "0300"), ([0x01, 0x01], "0101"), ([0x00, 0x01], "0001"),
            ([0x04, 0x04], "0404"), ([0xFF, 0x10], "ff10"),
        ] as [([UInt8], String)] {
            let text = reason(APRequestBuilder.initialContextToken(message, tokenID: tokenID))
            #expect(text == "Kerberos token ID 0x\(written) is not an AP-REQ (0x0100)", "\(tokenID)")
        }
        let alone = APRequestBuilder.initialContextToken([], tokenID: [0x01, 0x00])
        #expect(reason(alone) == "Kerberos token without a message")
        #expect(reason(APRequestBuilder.initialContextToken([], tokenID: [0x01])) == "Kerberos token without a message")
    }

    @Test("wrong tags: not GSS-API framing, another mechanism, an AP-REP body, a realm not a GeneralString")
    func wrongTags() throws {
        let good = APRequestBuilder.token()
        var notFramed = good
        notFramed[0] = 0x61
        #expect(reason(notFramed)?.contains("GSS-API InitialContextToken") == true)
        let ntlm = APRequestBuilder.initialContextToken(APRequestBuilder.message(), mechanism: .ntlmssp)
        #expect(reason(ntlm)?.contains("not Kerberos") == true, "\(reason(ntlm) ?? "parsed")")
        let spnego = APRequestBuilder.initialContextToken(APRequestBuilder.message(), mechanism: .spnego)
        #expect(reason(spnego)?.contains("not Kerberos") == true)
        let realm = APRequestBuilder.generalString("R.TEST")
        let name = APRequestBuilder.principalName([Array("HTTP".utf8), Array("www.test".utf8)])
        let apRep = APRequestBuilder.initialContextToken(
            APRequestBuilder.apRequest(
                options: APRequestBuilder.mutualOptions, ticket: APRequestBuilder.ticket(realm: realm, name: name),
                applicationTag: 0x6F))
        #expect(reason(apRep)?.contains("AP-REQ [APPLICATION 14]") == true)
        let utf8Realm = APRequestBuilder.initialContextToken(
            APRequestBuilder.apRequest(
                options: APRequestBuilder.mutualOptions,
                ticket: APRequestBuilder.ticket(realm: DERWriter.element(0x0C, Array("R.TEST".utf8)), name: name)))
        #expect(reason(utf8Realm)?.contains("realm GeneralString") == true)
        let utf8Name = APRequestBuilder.initialContextToken(
            APRequestBuilder.apRequest(
                options: APRequestBuilder.mutualOptions,
                ticket: APRequestBuilder.ticket(
                    realm: realm, name: APRequestBuilder.principalName([Array("HTTP".utf8)], componentTag: 0x0C))))
        #expect(reason(utf8Name)?.contains("name component GeneralString") == true)
        let notATicket = APRequestBuilder.initialContextToken(
            APRequestBuilder.apRequest(
                options: APRequestBuilder.mutualOptions, ticket: DERWriter.element(0x30, realm)))
        #expect(reason(notATicket)?.contains("Ticket [APPLICATION 1]") == true)
        let sequence = APRequestBuilder.initialContextToken(
            DERWriter.element(0x6E, DERWriter.element(0x31, [0xA0, 0x03, 0x02, 0x01, 0x05])))
        #expect(reason(sequence)?.contains("AP-REQ SEQUENCE") == true, "\(reason(sequence) ?? "parsed")")
    }

    @Test("missing pieces: ap-options, a short BIT STRING, the ticket, its realm, its name, an empty name")
    func missing() {
        let realm = APRequestBuilder.generalString("R.TEST")
        let name = APRequestBuilder.principalName([Array("HTTP".utf8), Array("www.test".utf8)])
        func token(options: [UInt8]?, ticket: [UInt8]?) -> [UInt8] {
            APRequestBuilder.initialContextToken(APRequestBuilder.apRequest(options: options, ticket: ticket))
        }
        #expect(
            reason(token(options: nil, ticket: APRequestBuilder.ticket(realm: realm, name: name)))
                == "AP-REQ without ap-options")
        #expect(
            reason(token(options: [0x00], ticket: APRequestBuilder.ticket(realm: realm, name: name)))
                == "ap-options too short")
        #expect(reason(token(options: APRequestBuilder.mutualOptions, ticket: nil)) == "AP-REQ without a ticket")
        let noRealm = token(
            options: APRequestBuilder.mutualOptions, ticket: APRequestBuilder.ticket(realm: nil, name: name))
        #expect(reason(noRealm) == "Ticket without its realm or service name")
        let noName = token(
            options: APRequestBuilder.mutualOptions, ticket: APRequestBuilder.ticket(realm: realm, name: nil))
        #expect(reason(noName) == "Ticket without its realm or service name")
        let emptyName = token(
            options: APRequestBuilder.mutualOptions,
            ticket: APRequestBuilder.ticket(realm: realm, name: APRequestBuilder.principalName([])))
        #expect(reason(emptyName) == "Ticket without its realm or service name")
    }

    @Test("names at the bounds: 255 bytes and 8 components are read, 256 bytes and 9 components refused")
    func oversizedNames() throws {
        let longest = String(repeating: "R", count: KerberosAPRequest.maximumNameBytes)
        #expect(try parse(APRequestBuilder.token(realm: longest)).realm == longest)
        #expect(reason(APRequestBuilder.token(realm: longest + "R")) == "realm longer than 255 bytes")
        let component = String(repeating: "h", count: KerberosAPRequest.maximumNameBytes)
        #expect(try parse(APRequestBuilder.token(components: ["HTTP", component])).serviceName[1] == component)
        #expect(reason(APRequestBuilder.token(components: ["HTTP", component + "h"])) == "name longer than 255 bytes")
        let eight = (1...KerberosAPRequest.maximumNameComponents).map { "c\($0)" }
        #expect(try parse(APRequestBuilder.token(components: eight)).serviceName == eight)
        #expect(
            reason(APRequestBuilder.token(components: eight + ["c9"])) == "service name with more than 8 components")
        // A realm of 70,000 bytes: a three-byte DER length, refused by its size, not read into a String.
        let huge = String(repeating: "X", count: 70_000)
        #expect(reason(APRequestBuilder.token(realm: huge)) == "realm longer than 255 bytes")
    }

    @Test("names outside printable ASCII are refused: UTF-8, NUL, a line break, DEL")
    func nonASCII() {
        for realm in ["RÉALM.TEST", "R\u{0}.TEST", "R\n.TEST", "R\u{7F}.TEST", "R\r\nSet-Cookie: a=b"] {
            #expect(
                reason(APRequestBuilder.token(realm: realm)) == "realm holds a byte outside printable ASCII", "\(realm)"
            )
        }
        #expect(
            reason(APRequestBuilder.token(components: ["HTTP", "www.tést"]))
                == "name holds a byte outside printable ASCII")
        #expect(
            reason(
                APRequestBuilder.initialContextToken(
                    APRequestBuilder.apRequest(
                        options: APRequestBuilder.mutualOptions,
                        ticket: APRequestBuilder.ticket(
                            realm: APRequestBuilder.generalString("R.TEST"),
                            name: APRequestBuilder.principalName([[0xFF, 0xFE]])))))
                == "name holds a byte outside printable ASCII")
    }

    @Test("DER lengths: five length bytes, an indefinite length and a length past the end are refused")
    func lengths() {
        #expect(reason([0x60, 0x85, 0, 0, 0, 0, 1, 0]) == "unsupported DER length form")
        #expect(reason([0x60, 0x80, 0x06, 0x00, 0x00, 0x00]) == "unsupported DER length form")
        #expect(reason([0x60, 0x84, 0xFF, 0xFF, 0xFF, 0xFF])?.contains("overruns") == true)
        #expect(reason([0x60]) == "DER length missing")
        #expect(reason([]) == "DER element expected, data ended")
    }

    @Test("random mutations of the real tokens are read or refused, never trapped on")
    func mutationsNeverTrap() throws {
        var generator = SplitMix(seed: 4121)
        let seeds = [
            try #require(Base64.decode(RealKerberos.mutualAPRequest)),
            try #require(Base64.decode(RealKerberos.delegatingAPRequest)),
            APRequestBuilder.token(),
        ]
        var parsed = 0
        for round in 0..<6000 {
            let input = round % 9 == 0 ? generator.bytes(maxCount: 64) : generator.mutate(seeds[round % seeds.count])
            if let request = try? parse(input) {
                parsed += 1
                #expect(request.serviceName.count <= KerberosAPRequest.maximumNameComponents)
                #expect(request.realm.utf8.count <= KerberosAPRequest.maximumNameBytes)
            }
        }
        #expect(parsed > 0)
    }
}
