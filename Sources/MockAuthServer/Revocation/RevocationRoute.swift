import Foundation
import MockAuthPKI
import MockAuthScenario

/// What a revocation server answers (``ServerRole/revocation``): the intermediate's CRL at
/// `GET /crl`, the OCSP responder at `POST /ocsp` (`application/ocsp-request`) and
/// `GET /ocsp/{url-encoded base64}` (RFC 6960 appendix A.1), 404 elsewhere. A request the
/// responder cannot read gets a `malformedRequest` OCSP response, and a GET whose path is not
/// base64 a 400: never a crash.
enum RevocationRoute {
    /// An answer: status, content type and body.
    struct Response: Equatable {
        var status: Int
        var contentType: String
        var body: [UInt8]
    }

    static func answer(method: String, path: String, body: [UInt8], authority: RevocationAuthority) -> Response {
        let ocspPrefix = ServerSpec.ocspPath + "/"
        switch (method, path) {
        case ("GET", ServerSpec.crlPath), ("HEAD", ServerSpec.crlPath):
            do {
                return Response(
                    status: 200, contentType: "application/pkix-crl", body: try authority.certificateRevocationList())
            } catch {
                return text(500, "cannot sign the CRL: \(error)")
            }
        case ("POST", ServerSpec.ocspPath):
            return ocsp(authority.ocspResponse(to: body))
        case ("GET", _) where path.hasPrefix(ocspPrefix):
            let encoded = String(path.dropFirst(ocspPrefix.count))
            guard let base64 = encoded.removingPercentEncoding, let request = Data(base64Encoded: base64) else {
                return text(400, "the OCSP request in the path is not URL-encoded base64\n")
            }
            return ocsp(authority.ocspResponse(to: Array(request)))
        case (_, ServerSpec.crlPath), (_, ServerSpec.ocspPath):
            return text(405, "\(method) is not how a client asks for this\n")
        default:
            return text(404, "a revocation server serves \(ServerSpec.crlPath) and \(ServerSpec.ocspPath)\n")
        }
    }

    private static func ocsp(_ bytes: [UInt8]) -> Response {
        Response(status: 200, contentType: "application/ocsp-response", body: bytes)
    }

    private static func text(_ status: Int, _ message: String) -> Response {
        Response(status: status, contentType: "text/plain; charset=utf-8", body: Array(message.utf8))
    }
}
