/// Where a leaf tells clients to look up its revocation status: the URLs of the scenario's
/// revocation server, written into the leaf's CRL distribution points (RFC 5280 §4.2.1.13) and its
/// authority information access (`id-ad-ocsp`, §4.2.2.1).
package struct RevocationEndpoints: Sendable, Hashable {
    /// The URL of the intermediate's CRL (DER, `application/pkix-crl`).
    package var crlURL: String
    /// The URL of the OCSP responder (RFC 6960 appendix A: GET `URL/base64` or POST).
    package var ocspURL: String

    package init(crlURL: String, ocspURL: String) {
        self.crlURL = crlURL
        self.ocspURL = ocspURL
    }
}
