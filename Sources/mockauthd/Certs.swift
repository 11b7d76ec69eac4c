import ArgumentParser
import Foundation
import MockAuthClients
import MockAuthPKI
import MockAuthVocabulary

extension MockAuthD {
    /// `mockauthd certs --out DIR`: writes a full PKI set for inspection.
    struct Certs: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract:
                "Write a full certificate set (CAs, every profile's server chain, client identity, PKCS#12) to a directory.",
            discussion:
                "Keys and PKCS#12 files are written with mode 0600. The set is valid from now: regenerate it rather than commit it."
        )

        @Option(name: .long, help: "The directory to write to (created with mode 0700).")
        var out: String

        @Option(name: .long, help: "Key algorithm of the server leaves: p256 or rsa-2048.")
        var key: String = KeyAlgorithm.p256.rawValue

        func validate() throws {
            guard KeyAlgorithm(rawValue: key) != nil else {
                throw ValidationError(
                    "--key must be one of \(KeyAlgorithm.allCases.map(\.rawValue).joined(separator: ", "))")
            }
        }

        func run() throws {
            let pki = try HarnessPKI()
            let writer = try PKIFileWriter(directory: URL(fileURLWithPath: out))
            let written = try PKIExport(pki: pki, writer: writer).writeAll(key: KeyAlgorithm(rawValue: key) ?? .p256)
            print(written.joined(separator: "\n"))
        }
    }
}
