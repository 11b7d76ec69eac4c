import Foundation
import MockAuthMaterial
import MockAuthPKI
import MockAuthVocabulary
import Synchronization

/// The files a client is given by path: the trust anchors, the client identities, the body and
/// hosts files of the scenarios run with them.
///
/// They live in a private temporary directory (0700; keys 0600) that ``remove()`` deletes. Several
/// runs may share one (`mockauthd serve`): as a ``ClientFileStore`` it gives each run the file that
/// already holds the bytes its material names, and writes the others.
public struct ClientFiles: ClientFileStore {
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
    package func secondClientPKCS12(_ encoding: PKCS12Encoding) -> String {
        switch encoding {
        case .legacy: secondClientPKCS12Legacy
        case .pbes2: secondClientPKCS12PBES2
        }
    }

    /// The client identity as PKCS#12 in `encoding` (mode 0600): `client.p12` or `client-pbes2.p12`.
    package func clientPKCS12(_ encoding: PKCS12Encoding) -> String {
        switch encoding {
        case .legacy: clientPKCS12Legacy
        case .pbes2: clientPKCS12PBES2
        }
    }

    /// The files written so far, by variable and contents: what ``path(of:holding:scenario:)`` reuses.
    private let index: ClientFileIndex

    /// Writes the files of `pki` to a new directory under `parent` (the system temporary directory
    /// by default).
    public static func write(_ pki: HarnessPKI, under parent: URL? = nil) throws -> ClientFiles {
        let base = parent ?? FileManager.default.temporaryDirectory
        let directory = base.appendingPathComponent("mockauth-\(UUID().uuidString.prefix(8).lowercased())")
        let writer = try PKIFileWriter(directory: directory)
        _ = live.withLock { $0.insert(directory.path) }
        let index = ClientFileIndex()
        /// Writes `contents` as `name`, the value of `variable` for every run that gives these bytes.
        func write(_ variable: ClientVariable, _ name: String, _ contents: String) throws -> String {
            try writeBytes(variable, name, Array(contents.utf8))
        }
        func writeBytes(_ variable: ClientVariable, _ name: String, _ contents: [UInt8]) throws -> String {
            let path = try Self.write(contents, as: name, secret: variable.form == .file(secret: true), with: writer)
            index.record(path, name: name, of: variable, holding: contents)
            return path
        }
        return ClientFiles(
            directory: directory,
            caFile: try write(.caFile, "ca.pem", pki.root.pem),
            caFileWithExpiredRoot: try write(.caFile, "ca-and-expired-root.pem", pki.root.pem + pki.expiredRoot.pem),
            clientCertificate: try write(.clientCertificate, "client.pem", pki.clientIdentity.pem),
            clientKey: try write(.clientKey, "client.key", pki.clientIdentity.key.pkcs8PEM),
            clientPKCS12Passphrase: pki.clientPKCS12Passphrase,
            clientPKCS12PassphraseFile: try writer.writeSecret("client.p12.passphrase", pki.clientPKCS12Passphrase),
            clientPKCS12Legacy: try writeBytes(.clientPKCS12, "client.p12", pki.clientPKCS12(.legacy)),
            clientPKCS12PBES2: try writeBytes(.clientPKCS12, "client-pbes2.p12", pki.clientPKCS12(.pbes2)),
            secondClientCertificate: try write(.secondClientCertificate, "client-2.pem", pki.clientIdentity2.pem),
            secondClientKey: try write(.secondClientKey, "client-2.key", pki.clientIdentity2.key.pkcs8PEM),
            secondClientPKCS12Legacy: try writeBytes(
                .secondClientPKCS12, "client-2.p12", pki.secondClientPKCS12(.legacy)),
            secondClientPKCS12PBES2: try writeBytes(
                .secondClientPKCS12, "client-2-pbes2.p12", pki.secondClientPKCS12(.pbes2)),
            index: index)
    }

    private static func write(_ contents: [UInt8], as name: String, secret: Bool, with writer: PKIFileWriter) throws
        -> String
    {
        secret ? try writer.writeSecret(name, contents) : try writer.writePublic(name, contents)
    }

    /// The path of a file holding `contents` as `variable`'s value: the one written already with
    /// these bytes, else a new file named after the variable (`ca.pem`, `SCENARIO.body` …; a number
    /// is added when that name holds other bytes).
    public func path(of variable: ClientVariable, holding contents: [UInt8], scenario: String) throws -> String {
        guard case .file(let secret) = variable.form else {
            throw HarnessError("\(variable) names no file")
        }
        return try index.path(of: variable, holding: contents) { name in
            try Self.write(contents, as: name, secret: secret, with: PKIFileWriter(directory: directory))
        } name: { taken in
            Self.fileName(of: variable, scenario: scenario, taken: taken)
        }
    }

    /// The file name for `variable`'s value: its usual name, or with `.2`, `.3` … before the
    /// extension when `taken` has it.
    private static func fileName(of variable: ClientVariable, scenario: String, taken: Set<String>) -> String {
        let (stem, suffix): (String, String) =
            switch variable {
            case .caFile: ("ca", "pem")
            case .clientCertificate: ("client", "pem")
            case .clientKey: ("client", "key")
            case .clientPKCS12: ("client", "p12")
            case .secondClientCertificate: ("client-2", "pem")
            case .secondClientKey: ("client-2", "key")
            case .secondClientPKCS12: ("client-2", "p12")
            case .bodyFile: (scenario, "body")
            case .hostsFile: (scenario, "hosts")
            case .kerberosConfiguration: ("krb5", "conf")
            case .kerberosCredentialCache: ("krb5", "ccache")
            case .scenario, .url, .urls, .features, .clientPKCS12Password, .pinSHA256, .username, .password, .domain,
                .requestUsername, .requestPassword, .requestDomain, .token, .method, .headers, .proxyURL,
                .proxyUsername, .proxyPassword, .proxyDomain, .noProxy, .resolve, .pauseSeconds, .concurrent, .tokenURL,
                .clientID,
                .clientSecret, .refreshToken:
                (variable.name, "txt")
            }
        var name = "\(stem).\(suffix)"
        var number = 2
        while taken.contains(name) {
            name = "\(stem).\(number).\(suffix)"
            number += 1
        }
        return name
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
    package static func removeAllLive() {
        live.withLock { live in
            for directory in live { try? FileManager.default.removeItem(atPath: directory) }
            live.removeAll()
        }
    }
}
