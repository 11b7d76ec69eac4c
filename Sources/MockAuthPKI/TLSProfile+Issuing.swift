import Foundation
import MockAuthVocabulary
import SwiftASN1
import X509

/// How each TLS profile differs from `valid`: exactly one property, and nothing else.
extension HarnessPKI {
    func issueServerCredentials(
        _ profile: TLSProfile, key algorithm: KeyAlgorithm, hostName: String, additionalNames: [String],
        loopbackNames: Bool = true, names exactNames: CertificateNames? = nil,
        pinnedKey chosenPinnedKey: PinnedKey? = nil, revocation: RevocationEndpoints? = nil
    ) throws -> ServerCredentials {
        var names = loopbackNames ? GeneralName.loopbackNames : []
        for name in additionalNames.map(GeneralName.forHost) where !names.contains(name) { names.append(name) }
        if let exactNames {
            names =
                exactNames.dnsNames.map { GeneralName.dnsName($0.lowercased()) }
                + exactNames.ipAddresses.compactMap(IPAddressLiteral.bytes(of:)).map {
                    GeneralName.ipAddress(ASN1OctetString(contentBytes: ArraySlice($0)))
                }
        }
        let key: HarnessKey
        switch (profile, chosenPinnedKey) {
        case (.pinReissued, _), (_, .primary): key = pinnedKey
        case (_, .backup): key = backupPinnedKey
        case (.rsa1024, nil): key = try HarnessKey.weakRSA1024()
        case (_, nil): key = try HarnessKey(algorithm)
        }
        let fields = CertificateIssuer.LeafFields(
            commonName: "MockAuth \(profile) server",
            subjectAlternativeNames: names,
            extendedKeyUsage: .serverAuth,
            notValidBefore: now.addingTimeInterval(-1 * .day),
            notValidAfter: now.addingTimeInterval(30 * .day)
        )
        var recipe = try chainRecipe(profile, fields: fields, hostName: hostName)
        let traits = profile.traits
        let clientRequest = traits.clientCertificates.map { policy in
            ClientCertificateRequest(
                trusted: clientCertificateAuthority(policy.trustedCA).certificate, required: policy.mode == .required,
                namesTrustedCA: policy.namesTrustedCA)
        }
        if let exactNames, recipe.defect == nil {
            // What a name-matching scenario proves; a defect only for a client that should refuse.
            recipe.defect = "a certificate valid only for \(exactNames.summary) (the URL's host is \(hostName))"
        }
        if traits.revocation.isTheDefect, revocation == nil {
            throw PKIError("the \(profile) profile needs a revocation server to point its leaf at")
        }
        if let revocation {
            // Both pointers, unless the profile's defect lives in one mechanism: then only that one.
            switch traits.revocation.mechanism {
            case .crl: recipe.fields.crlDistributionPoint = revocation.crlURL
            case .ocsp: recipe.fields.ocspResponder = revocation.ocspURL
            case nil:
                recipe.fields.crlDistributionPoint = revocation.crlURL
                recipe.fields.ocspResponder = revocation.ocspURL
            }
        }
        let leaf = try CertificateIssuer.leaf(recipe.fields, key: key, issuer: recipe.issuer)
        var chain = [leaf.certificate]
        if recipe.extraFirst { chain += recipe.extra }
        if recipe.sendsIntermediate, let issuer = recipe.issuer { chain.append(issuer.certificate) }
        if !recipe.extraFirst { chain += recipe.extra }
        return ServerCredentials(
            profile: profile, leaf: leaf, chain: chain, defect: recipe.defect, clientCertificateRequest: clientRequest)
    }

    /// The CA certificate of `ca`.
    func clientCertificateAuthority(_ ca: ClientCA) -> IssuedCertificate {
        switch ca {
        case .first: clientCA
        case .second: clientCA2
        }
    }

    /// The only name a `wrong-host` certificate holds. `.invalid` never resolves (RFC 2606).
    package static let wrongHostName = "wrong-host.mockauth.invalid"
}
