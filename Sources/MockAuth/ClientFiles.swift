import Foundation
import Synchronization

/// The files a client is given for one scenario run: the trust anchors and the client identity.
///
/// They live in a private temporary directory (0700; keys 0600) that ``remove()`` deletes.
public struct ClientFiles: Sendable {
    /// The directory holding the files.
    public let directory: URL
    /// PEM of the harness root CA, and nothing else (so an incomplete chain really is incomplete).
    public let caFile: String
    /// PEM of the harness root CA and the expired old root that cross-signed it
    /// (`trust: harness-root-and-expired-root`).
    public let caFileWithExpiredRoot: String
    /// The client certificate, PEM.
    public let clientCertificate: String
    /// The client's private key, PKCS#8 PEM (mode 0600).
    public let clientKey: String
    /// The client identity as PKCS#12 in the default encoding (mode 0600).
    public var clientPKCS12: String { clientPKCS12(.legacy) }
    /// The passphrase of every PKCS#12 file.
    public let clientPKCS12Passphrase: String
    /// A file (mode 0600) that holds ``clientPKCS12Passphrase``, for output that must not show it.
    public let clientPKCS12PassphraseFile: String
    private let clientPKCS12Legacy: String
    private let clientPKCS12PBES2: String
    /// The second client identity's certificate (from the second client CA), PEM.
    public let secondClientCertificate: String
    /// The second client identity's private key, PKCS#8 PEM (mode 0600).
    public let secondClientKey: String
    private let secondClientPKCS12Legacy: String
    private let secondClientPKCS12PBES2: String

    /// The second client identity as PKCS#12 in `encoding` (mode 0600), with ``clientPKCS12Passphrase``.
    public func secondClientPKCS12(_ encoding: PKCS12Encoding) -> String {
        switch encoding {
        case .legacy: secondClientPKCS12Legacy
        case .pbes2: secondClientPKCS12PBES2
        }
    }

    /// The client identity as PKCS#12 in `encoding` (mode 0600): `client.p12` or `client-pbes2.p12`.
    public func clientPKCS12(_ encoding: PKCS12Encoding) -> String {
        switch encoding {
        case .legacy: clientPKCS12Legacy
        case .pbes2: clientPKCS12PBES2
        }
    }

    /// Writes the files of `pki` to a new directory under `parent` (the system temporary directory
    /// by default).
    public static func write(_ pki: HarnessPKI, under parent: URL? = nil) throws -> ClientFiles {
        let base = parent ?? FileManager.default.temporaryDirectory
        let directory = base.appendingPathComponent("mockauth-\(UUID().uuidString.prefix(8).lowercased())")
        let writer = try PKIFileWriter(directory: directory)
        _ = live.withLock { $0.insert(directory.path) }
        return ClientFiles(
            directory: directory,
            caFile: try writer.writePublic("ca.pem", pki.root.pem),
            caFileWithExpiredRoot: try writer.writePublic(
                "ca-and-expired-root.pem", pki.root.pem + pki.expiredRoot.pem),
            clientCertificate: try writer.writePublic("client.pem", pki.clientIdentity.pem),
            clientKey: try writer.writeSecret("client.key", pki.clientIdentity.key.pkcs8PEM),
            clientPKCS12Passphrase: pki.clientPKCS12Passphrase,
            clientPKCS12PassphraseFile: try writer.writeSecret("client.p12.passphrase", pki.clientPKCS12Passphrase),
            clientPKCS12Legacy: try writer.writeSecret("client.p12", pki.clientPKCS12(.legacy)),
            clientPKCS12PBES2: try writer.writeSecret("client-pbes2.p12", pki.clientPKCS12(.pbes2)),
            secondClientCertificate: try writer.writePublic("client-2.pem", pki.clientIdentity2.pem),
            secondClientKey: try writer.writeSecret("client-2.key", pki.clientIdentity2.key.pkcs8PEM),
            secondClientPKCS12Legacy: try writer.writeSecret("client-2.p12", pki.secondClientPKCS12(.legacy)),
            secondClientPKCS12PBES2: try writer.writeSecret("client-2-pbes2.p12", pki.secondClientPKCS12(.pbes2)))
    }

    /// Writes the body a client of `scenario` sends (public: the scenario holds it) and returns the
    /// file's path. Runs of one scenario that share these files write the same bytes.
    public func writeBody(_ body: String, scenario: String) throws -> String {
        try PKIFileWriter(directory: directory).writePublic("\(scenario).body", body)
    }

    /// Writes a hosts file for a client of `scenario`: this machine's `/etc/hosts` (when readable),
    /// then one line per mapping, so that it can stand in for `/etc/hosts` as it is
    /// (`check --isolate-hosts` mounts it there). Returns the file's path.
    public func writeHosts(_ mappings: [HostMapping], scenario: String) throws -> String {
        let system = (try? String(contentsOfFile: "/etc/hosts", encoding: .utf8)) ?? "127.0.0.1 localhost\n"
        let lines = mappings.map(\.hostsLine).joined(separator: "\n")
        let text =
            system + (system.hasSuffix("\n") ? "" : "\n") + "# MockAuth: the servers of \(scenario)\n" + lines + "\n"
        return try PKIFileWriter(directory: directory).writePublic("\(scenario).hosts", text)
    }

    /// Deletes the directory and everything in it.
    public func remove() {
        // Under the lock, so that an interrupt's ``removeAllLive()`` never deletes the same tree at
        // the same time (two concurrent deletions can each stop half-way and leave the key behind).
        Self.live.withLock { live in
            guard live.remove(directory.path) != nil else { return }
            try? FileManager.default.removeItem(at: directory)
        }
    }

    /// The directories of this process's client files not yet removed.
    private static let live = Mutex<Set<String>>([])

    /// Deletes every client-file directory this process wrote and has not removed: for a SIGINT or
    /// SIGTERM handler, so that no key is left behind when a tool is interrupted.
    public static func removeAllLive() {
        live.withLock { live in
            for directory in live { try? FileManager.default.removeItem(atPath: directory) }
            live.removeAll()
        }
    }
}
