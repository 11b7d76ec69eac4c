import Foundation
import MockAuthPKI
import Testing

@testable import MockAuthServer

@Suite("A revocation server's answers: the CRL, OCSP over POST and GET, and what it refuses")
struct RevocationRouteTests {
    static let authority: RevocationAuthority = {
        do { return RevocationAuthority(pki: try HarnessPKI()) } catch { fatalError("no test PKI: \(error)") }
    }()

    func answer(_ method: String, _ path: String, _ body: [UInt8] = []) -> RevocationRoute.Response {
        RevocationRoute.answer(method: method, path: path, body: body, authority: Self.authority)
    }

    @Test("GET /crl is the DER CRL")
    func crl() {
        let response = answer("GET", "/crl")
        #expect(response.status == 200)
        #expect(response.contentType == "application/pkix-crl")
        #expect(response.body.first == 0x30)
    }

    @Test("an unreadable OCSP request is malformedRequest over POST and over GET (base64 of junk)")
    func malformed() {
        let post = answer("POST", "/ocsp", Array("junk".utf8))
        #expect(
            post == .init(status: 200, contentType: "application/ocsp-response", body: [0x30, 0x03, 0x0A, 0x01, 0x01]))
        let get = answer("GET", "/ocsp/" + Data("junk".utf8).base64EncodedString())
        #expect(get.body == [0x30, 0x03, 0x0A, 0x01, 0x01])
    }

    @Test("a GET path that is not base64 is a 400; another method a 405; another path a 404")
    func refused() {
        #expect(answer("GET", "/ocsp/not%20base64!").status == 400)
        #expect(answer("PUT", "/crl").status == 405)
        #expect(answer("GET", "/ocsp").status == 405)
        #expect(answer("GET", "/").status == 404)
    }
}
