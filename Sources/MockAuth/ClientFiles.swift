import Foundation

/// The files a client is given for one scenario run: the trust anchors and the client identity.
///
/// They live in a private temporary directory (0700; keys 0600) that ``remove()`` deletes.
public struct ClientFiles: Sendable {
    /// The directory holding the files.
    public let directory: URL
    /// PEM of the harness root CA, and nothing else (so an incomplete chain really is incomplete).
    public let caFile: String
    /// The client certificate, PEM.
    public let clientCertificate: String
    /// The client's private key, PKCS#8 PEM (mode 0600).
    public let clientKey: String
    /// The client identity as PKCS#12 (mode 0600).
    public let clientPKCS12: String
    /// The PKCS#12 passphrase.
    public let clientPKCS12Passphrase: String

    /// Writes the files of `pki` to a new directory under `parent` (the system temporary directory
    /// by default).
    public static func write(_ pki: HarnessPKI, under parent: URL? = nil) throws -> ClientFiles {
        let base = parent ?? FileManager.default.temporaryDirectory
        let directory = base.appendingPathComponent("mockauth-\(UUID().uuidString.prefix(8).lowercased())")
        let writer = try PKIFileWriter(directory: directory)
        return ClientFiles(
            directory: directory,
            caFile: try writer.writePublic("ca.pem", pki.root.pem),
            clientCertificate: try writer.writePublic("client.pem", pki.clientIdentity.pem),
            clientKey: try writer.writeSecret("client.key", pki.clientIdentity.key.pkcs8PEM),
            clientPKCS12: try writer.writeSecret("client.p12", pki.clientPKCS12),
            clientPKCS12Passphrase: pki.clientPKCS12Passphrase)
    }

    /// Deletes the directory and everything in it.
    public func remove() {
        try? FileManager.default.removeItem(at: directory)
    }
}
