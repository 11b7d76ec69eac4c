import Foundation
import MockAuthSchemes
import MockAuthVocabulary

/// A `Negotiate` protection space that verifies Kerberos, fed a client's token the way a server is:
/// bare (`Negotiate <AP-REQ>`, RFC 4559) and inside SPNEGO's NegTokenInit as its krb5 mechToken,
/// so that the token reaches ``KerberosAPRequest`` through `NegotiateToken` and the machine, and an
/// AP-REQ the parser reads goes on through acceptance, the replay cache and the reply's framing.
enum KerberosFuzzMachine {
    /// Accepts every ticket it is handed and answers with a reply of the token's own bytes: the
    /// acceptor's verdict is the GSS-API's business, not the parsers'.
    final class AcceptEverything: KerberosAcceptor {
        func accept(_ initialContextToken: [UInt8]) -> KerberosAcceptance {
            .accepted(
                clientPrincipal: "alice@MOCKAUTH-FUZZ.TEST", delegated: initialContextToken.count % 2 == 0,
                replyToken: Array(initialContextToken.suffix(32)))
        }
    }

    static let acceptor = AcceptEverything()

    /// `bytes` is the token, as the seeds hold it (a real AP-REQ and variants); its length chooses
    /// the forged or genuine reply (bit 0) and the service principal the server expects (bit 1: the
    /// seeds' own, else another), so that every path after the parser is taken.
    static func run(_ bytes: [UInt8]) {
        _ = try? KerberosAPRequest.parse(initialContextToken: bytes)
        let control = bytes.count
        let token = bytes
        let verification = KerberosVerification(
            acceptor: acceptor,
            servicePrincipal: control & 2 == 0
                ? "HTTP/intranet.test@MOCKAUTH-0FA1C0DE.TEST" : "HTTP/www.test@MOCKAUTH-FUZZ.TEST",
            reply: control & 1 == 0 ? .genuine : .forged)
        var space = ProtectionSpaceAuthenticator(
            schemes: [
                .negotiate(
                    NegotiateConfiguration(
                        ntlm: NTLMConfiguration(username: "alice", password: "wonderland-7", domain: "MOCKAUTH"),
                        kerberos: verification))
            ], random: .seeded(1))
        let wrapped = SPNEGONegTokenInit(mechTypes: [.kerberos5, .ntlmssp], mechToken: token).encoded()
        for (connection, value) in [token, wrapped, token].enumerated() {
            let request = AuthRequest(
                authorization: ["Negotiate " + Data(value).base64EncodedString()], connectionID: UInt64(connection))
            _ = space.authenticate(request, now: Date(timeIntervalSince1970: 1_700_000_000))
        }
    }
}
