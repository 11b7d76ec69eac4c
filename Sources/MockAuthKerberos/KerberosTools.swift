import Foundation

/// The MIT Kerberos programs a realm is started with, found on the `PATH` or where Debian and
/// Homebrew install them (`/usr/sbin` is not on every user's `PATH`).
struct KerberosTools: Sendable {
    /// Creates the realm's database (`kdb5_util create`).
    var databaseUtility: String
    /// Adds principals and writes keytabs (`kadmin.local`).
    var administration: String
    /// The KDC (`krb5kdc`).
    var kdc: String
    /// Gets the client's ticket-granting ticket (`kinit`).
    var kinit: String

    /// Directories searched after the `PATH`.
    static let extraDirectories = [
        "/usr/sbin", "/usr/local/sbin", "/opt/homebrew/opt/krb5/sbin", "/opt/homebrew/opt/krb5/bin",
        "/usr/local/opt/krb5/sbin", "/usr/local/opt/krb5/bin",
    ]

    /// Finds every program, or says which are missing and how to install them.
    static func find(environment: [String: String] = ProcessInfo.processInfo.environment) throws(KerberosError)
        -> KerberosTools
    {
        let path = (environment["PATH"] ?? "").split(separator: ":").map(String.init)
        let directories = path + extraDirectories
        func locate(_ name: String) -> String? {
            directories.lazy.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
        }
        let names = ["kdb5_util", "kadmin.local", "krb5kdc", "kinit"]
        let found = names.map(locate)
        let missing = zip(names, found).filter { $0.1 == nil }.map(\.0)
        guard missing.isEmpty, let tools = found as? [String] else {
            throw KerberosError("\(missing.joined(separator: ", ")) not found. \(KerberosError.installHint)")
        }
        return KerberosTools(databaseUtility: tools[0], administration: tools[1], kdc: tools[2], kinit: tools[3])
    }
}
