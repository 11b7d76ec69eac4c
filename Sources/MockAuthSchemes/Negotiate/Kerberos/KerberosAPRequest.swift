/// What the harness reads of a Kerberos AP-REQ without any key (RFC 4121 §4.1, RFC 4120 §5.3 and
/// §5.5.1): the service principal of the ticket, which the ticket carries in the clear, and the
/// client's AP options. The acceptor (``KerberosAcceptor``) decrypts and verifies the rest.
package struct KerberosAPRequest: Sendable, Equatable {
    /// The ticket's realm (`MOCKAUTH.TEST`).
    package var realm: String
    /// The ticket's service name components (`["HTTP", "www.test"]`).
    package var serviceName: [String]
    /// Whether the client set `mutual-required` in the AP options (it will check the server's AP-REP).
    package var mutualRequired: Bool

    /// Creates a request.
    package init(realm: String, serviceName: [String], mutualRequired: Bool) {
        self.realm = realm
        self.serviceName = serviceName
        self.mutualRequired = mutualRequired
    }

    /// The service principal as Kerberos writes it: `HTTP/www.test@REALM`.
    package var servicePrincipal: String { serviceName.joined(separator: "/") + "@" + realm }

    /// The most name components a service principal may have here (`HTTP/host` has two); more is
    /// refused rather than collected.
    static let maximumNameComponents = 8
    /// The longest realm or name component read, in bytes.
    static let maximumNameBytes = 255

    /// Reads a GSS-API initial context token of the Kerberos mechanism holding an AP-REQ (the token
    /// a client sends inside `Negotiate`, bare or as SPNEGO's `mechToken`), with bounds checks on
    /// every element.
    package static func parse(initialContextToken bytes: [UInt8]) throws(SPNEGOParseError) -> KerberosAPRequest {
        var outer = DERReader(bytes)
        var token = DERReader(try outer.readElement(tag: 0x60, "GSS-API InitialContextToken"))
        let mechanism = SPNEGOMechanism(oidBytes: try token.readElement(tag: 0x06, "GSS-API mechanism OID"))
        guard mechanism.isKerberos else {
            throw SPNEGOParseError(reason: "the mechanism token is \(mechanism), not Kerberos")
        }
        let inner = token.rest
        guard inner.count > 2 else { throw SPNEGOParseError(reason: "Kerberos token without a message") }
        guard inner[0] == 0x01, inner[1] == 0x00 else {
            // Two hexadecimal digits per byte: 0x0200 (an AP-REP) must not read as 0x20.
            let tokenID = inner.prefix(2).map { ($0 < 0x10 ? "0" : "") + String($0, radix: 16) }.joined()
            throw SPNEGOParseError(reason: "Kerberos token ID 0x\(tokenID) is not an AP-REQ (0x0100)")
        }
        return try parseAPRequest(Array(inner.dropFirst(2)))
    }

    private static func parseAPRequest(_ bytes: [UInt8]) throws(SPNEGOParseError) -> KerberosAPRequest {
        var outer = DERReader(bytes)
        var sequence = DERReader(try outer.readElement(tag: 0x6E, "AP-REQ [APPLICATION 14]"))
        var fields = DERReader(try sequence.readElement(tag: 0x30, "AP-REQ SEQUENCE"))
        var mutualRequired: Bool?
        var ticket: (realm: String, name: [String])?
        while !fields.isAtEnd {
            let field = try fields.readElement()
            var inner = DERReader(field.content)
            switch field.tag {
            case 0xA2:
                let options = try inner.readElement(tag: 0x03, "ap-options BIT STRING")
                // The first content byte counts unused bits; bit 2 (mutual-required) is 0x20 of the next.
                guard options.count >= 2 else { throw SPNEGOParseError(reason: "ap-options too short") }
                mutualRequired = options[1] & 0x20 != 0
            case 0xA3:
                ticket = try parseTicket(try inner.readElement(tag: 0x61, "Ticket [APPLICATION 1]"))
            default:
                continue  // pvno [0], msg-type [1], authenticator [4]: the acceptor's business
            }
        }
        guard let ticket else { throw SPNEGOParseError(reason: "AP-REQ without a ticket") }
        guard let mutualRequired else { throw SPNEGOParseError(reason: "AP-REQ without ap-options") }
        return KerberosAPRequest(realm: ticket.realm, serviceName: ticket.name, mutualRequired: mutualRequired)
    }

    private static func parseTicket(_ bytes: [UInt8]) throws(SPNEGOParseError) -> (realm: String, name: [String]) {
        var outer = DERReader(bytes)
        var fields = DERReader(try outer.readElement(tag: 0x30, "Ticket SEQUENCE"))
        var realm: String?
        var name: [String]?
        while !fields.isAtEnd {
            let field = try fields.readElement()
            var inner = DERReader(field.content)
            switch field.tag {
            case 0xA1:
                realm = try text(try inner.readElement(tag: 0x1B, "realm GeneralString"), "realm")
            case 0xA2:
                name = try parsePrincipalName(try inner.readElement(tag: 0x30, "sname PrincipalName"))
            default:
                continue  // tkt-vno [0], enc-part [3]
            }
        }
        guard let realm, let name, !name.isEmpty else {
            throw SPNEGOParseError(reason: "Ticket without its realm or service name")
        }
        return (realm, name)
    }

    private static func parsePrincipalName(_ bytes: [UInt8]) throws(SPNEGOParseError) -> [String] {
        var fields = DERReader(bytes)
        var components: [String] = []
        while !fields.isAtEnd {
            let field = try fields.readElement()
            guard field.tag == 0xA1 else { continue }  // name-type [0]
            var inner = DERReader(field.content)
            var list = DERReader(try inner.readElement(tag: 0x30, "name-string SEQUENCE OF"))
            while !list.isAtEnd {
                guard components.count < maximumNameComponents else {
                    throw SPNEGOParseError(reason: "service name with more than \(maximumNameComponents) components")
                }
                components.append(try text(try list.readElement(tag: 0x1B, "name component GeneralString"), "name"))
            }
        }
        return components
    }

    /// A GeneralString as Kerberos uses it: printable ASCII (RFC 4120 §5.2.1 recommends IA5).
    private static func text(_ bytes: [UInt8], _ what: String) throws(SPNEGOParseError) -> String {
        guard bytes.count <= maximumNameBytes else {
            throw SPNEGOParseError(reason: "\(what) longer than \(maximumNameBytes) bytes")
        }
        guard bytes.allSatisfy({ (0x20...0x7E).contains($0) }) else {
            throw SPNEGOParseError(reason: "\(what) holds a byte outside printable ASCII")
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
