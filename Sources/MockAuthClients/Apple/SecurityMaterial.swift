#if canImport(Security)
    import Foundation
    import MockAuth
    import Security

    /// A scenario's material as Apple's Security framework takes it: certificates as
    /// `SecCertificate`, the client identity as `SecIdentity` and as a `URLCredential`.
    ///
    /// The values come from the platform-neutral DER and PKCS#12 forms (``ClientContext/trustAnchorsDER``,
    /// ``ClientContext/Identity/pkcs12``); nothing is added to a keychain.
    public enum SecurityMaterial {
        /// The certificate whose DER encoding is `der`.
        ///
        /// - Throws: ``SecurityMaterialError`` when the bytes are not a certificate.
        public static func certificate(der: [UInt8]) throws -> SecCertificate {
            guard let certificate = SecCertificateCreateWithData(nil, Data(der) as CFData) else {
                throw SecurityMaterialError("the bytes are not a DER certificate", status: errSecDecode)
            }
            return certificate
        }

        /// Imports the identity of a PKCS#12 bundle in memory only (`kSecImportToMemoryOnly`: no keychain
        /// is touched, on macOS either) with `SecPKCS12Import`.
        ///
        /// - Throws: ``SecurityMaterialError`` with the `OSStatus` (`errSecAuthFailed` for a wrong passphrase,
        ///   `errSecDecode` for a bundle that cannot be read).
        public static func importIdentity(pkcs12: [UInt8], passphrase: String) throws -> ImportedIdentity {
            let options: [String: Any] = [
                kSecImportExportPassphrase as String: passphrase,
                kSecImportToMemoryOnly as String: true,
            ]
            var items: CFArray?
            let status = SecPKCS12Import(Data(pkcs12) as CFData, options as CFDictionary, &items)
            guard status == errSecSuccess else {
                throw SecurityMaterialError("SecPKCS12Import failed", status: status)
            }
            guard let entries = items as? [[String: Any]], let first = entries.first,
                let identityObject = first[kSecImportItemIdentity as String].map({ $0 as AnyObject }),
                CFGetTypeID(identityObject) == SecIdentityGetTypeID()
            else {
                throw SecurityMaterialError("the PKCS#12 bundle holds no identity", status: errSecItemNotFound)
            }
            // The Core Foundation type was checked just above.
            let identity = unsafeDowncast(identityObject, to: SecIdentity.self)
            let chain = first[kSecImportItemCertChain as String] as? [SecCertificate] ?? []
            return ImportedIdentity(identity: identity, certificateChain: chain)
        }
    }

    /// A client identity imported from PKCS#12: the `SecIdentity` and the certificates that came with it.
    ///
    /// `SecIdentity` and `SecCertificate` are immutable Core Foundation objects that may be used from
    /// any thread, hence the unchecked `Sendable`.
    public struct ImportedIdentity: @unchecked Sendable {
        /// The identity (certificate and private key).
        public let identity: SecIdentity
        /// The identity's certificate followed by the bundle's other certificates, as `SecPKCS12Import`
        /// returns them.
        public let certificateChain: [SecCertificate]

        /// The credential that answers an `NSURLAuthenticationMethodClientCertificate` challenge:
        /// the identity and the certificates to send with it (the chain without the leaf, which the
        /// identity already carries).
        public func credential(persistence: URLCredential.Persistence = .forSession) -> URLCredential {
            URLCredential(
                identity: identity, certificates: Array(certificateChain.dropFirst()), persistence: persistence)
        }
    }

    /// The Security framework refused scenario material.
    public struct SecurityMaterialError: Error, Sendable, CustomStringConvertible {
        /// What failed.
        public var reason: String
        /// The Security framework's status code.
        public var status: OSStatus

        package init(_ reason: String, status: OSStatus) {
            self.reason = reason
            self.status = status
        }

        public var description: String {
            let message = SecCopyErrorMessageString(status, nil).map { $0 as String } ?? "OSStatus \(status)"
            return "\(reason): \(message)"
        }
    }
#endif
