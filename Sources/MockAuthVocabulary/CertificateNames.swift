/// The exact subjectAltName of a server certificate, when a scenario sets it (`tls: { san: … }`)
/// instead of the harness's own names: what a name-matching scenario breaks or proves.
package struct CertificateNames: Sendable, Hashable, Codable {
    /// dNSName entries, written into the certificate as given (`*.a.test`, or `127.0.0.1` as a
    /// name, which no client should match to the address).
    package var dnsNames: [String]
    /// iPAddress entries (IPv4 or IPv6 literals).
    package var ipAddresses: [String]

    package init(dnsNames: [String] = [], ipAddresses: [String] = []) {
        self.dnsNames = dnsNames
        self.ipAddresses = ipAddresses
    }

    /// The entries as a verdict names them: "*.a.test", "127.0.0.1 (as a DNS name)", "IP 127.0.0.1".
    package var summary: String {
        let dns = dnsNames.map { name in
            name.allSatisfy { $0.isNumber || $0 == "." || $0 == ":" } ? "\(name) (as a DNS name)" : name
        }
        return (dns + ipAddresses.map { "IP \($0)" }).joined(separator: ", ")
    }
}
