import MockAuthVocabulary
import SwiftASN1
import X509

/// Writes a whole PKI for inspection: every CA, every profile's served chain and key, and the client
/// identity as PEM, DER and PKCS#12
/// (`client.p12` legacy, `client-pbes2.p12` PBES2; one passphrase).
package struct PKIExport {
    package let pki: HarnessPKI
    package let writer: PKIFileWriter

    package init(pki: HarnessPKI, writer: PKIFileWriter) {
        self.pki = pki
        self.writer = writer
    }

    /// Writes everything; returns the paths written.
    package func writeAll(key: KeyAlgorithm = .p256) throws -> [String] {
        var paths: [String] = []
        let certificates: [(String, IssuedCertificate)] = [
            ("root-ca", pki.root), ("intermediate-ca", pki.intermediate),
            ("untrusted-root-ca", pki.untrustedRoot), ("untrusted-intermediate-ca", pki.untrustedIntermediate),
            ("client-ca", pki.clientCA), ("client", pki.clientIdentity), ("client-ca-2", pki.clientCA2),
            ("client-2", pki.clientIdentity2), ("pinned-original", pki.pinnedOriginal),
        ]
        for (name, issued) in certificates {
            paths.append(try writer.writePublic("\(name).pem", issued.pem))
            paths.append(try writer.writePublic("\(name).der", issued.derBytes))
        }
        paths.append(try writer.writeSecret("client.key", pki.clientIdentity.key.pkcs8PEM))
        paths.append(try writer.writeSecret("client-2.key", pki.clientIdentity2.key.pkcs8PEM))
        paths.append(try writer.writeSecret("client.p12", pki.clientPKCS12(.legacy)))
        paths.append(try writer.writeSecret("client-pbes2.p12", pki.clientPKCS12(.pbes2)))
        paths.append(try writer.writeSecret("client.p12.password", pki.clientPKCS12Passphrase + "\n"))
        paths.append(try writer.writePublic("pin-sha256.txt", pki.pinnedKey.pinSHA256 + "\n"))
        // Leaves of a revocation profile point at a revocation server no one runs here (`.invalid`
        // never resolves); the CRL it would serve is written beside them.
        let authority = RevocationAuthority(pki: pki)
        for profile in TLSProfile.allCases {
            let credentials = try pki.serverCredentials(
                for: profile, key: key, hostName: "127.0.0.1",
                revocation: !profile.traits.revocation.isTheDefect ? nil : Self.revocationEndpoints)
            authority.register(credentials)
            let name = "server-\(profile.rawValue)"
            paths.append(try writer.writePublic("\(name).chain.pem", credentials.chain.map(\.pemString).joined()))
            paths.append(try writer.writePublic("\(name).der", credentials.leaf.derBytes))
            paths.append(try writer.writeSecret("\(name).key", credentials.leaf.key.pkcs8PEM))
        }
        paths.append(try writer.writePublic("intermediate-ca.crl", authority.certificateRevocationList()))
        return paths
    }

    /// Where exported revocation-profile leaves point: a name under `.invalid` (RFC 2606).
    package static let revocationEndpoints = RevocationEndpoints(
        crlURL: "http://revocation.mockauth.invalid/crl", ocspURL: "http://revocation.mockauth.invalid/ocsp")
}
