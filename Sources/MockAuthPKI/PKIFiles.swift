import Foundation

/// Writes PKI material to a directory: certificates 0644, private keys and PKCS#12 bundles 0600,
/// the directory itself 0700.
///
/// - Important: keys are written in the clear (PKCS#8 PEM). Point this at a per-user state
///   directory or a temporary one, never at the repository.
package struct PKIFileWriter: Sendable {
    /// The directory files are written to.
    package let directory: URL

    /// Creates `directory` (and its parents) with mode 0700 if it does not exist.
    package init(directory: URL) throws {
        self.directory = directory
        do {
            try FileManager.default.createDirectory(
                at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw PKIError("cannot create the directory \(directory.path): \(error.localizedDescription)")
        }
    }

    /// Writes public material (certificates); returns the file's path.
    @discardableResult
    package func writePublic(_ name: String, _ bytes: [UInt8]) throws -> String {
        try write(name, bytes, mode: 0o644)
    }

    /// Writes public text (PEM certificates); returns the file's path.
    @discardableResult
    package func writePublic(_ name: String, _ text: String) throws -> String {
        try write(name, Array(text.utf8), mode: 0o644)
    }

    /// Writes secret material (keys, PKCS#12, passphrases) readable by the owner only.
    @discardableResult
    package func writeSecret(_ name: String, _ bytes: [UInt8]) throws -> String {
        try write(name, bytes, mode: 0o600)
    }

    /// Writes secret text readable by the owner only.
    @discardableResult
    package func writeSecret(_ name: String, _ text: String) throws -> String {
        try write(name, Array(text.utf8), mode: 0o600)
    }

    /// Writes the file under a temporary name in the same directory, then renames it into place:
    /// a reader (a script polling for the endpoints file) sees no file or the whole file, never a
    /// partial one.
    private func write(_ name: String, _ bytes: [UInt8], mode: Int) throws -> String {
        let path = directory.appendingPathComponent(name).path
        let temporary = directory.appendingPathComponent(".\(name).\(UUID().uuidString).partial").path
        // Create empty with the final mode so a key is never readable by others, not even briefly.
        guard FileManager.default.createFile(atPath: temporary, contents: nil, attributes: [.posixPermissions: mode]),
            let handle = FileHandle(forWritingAtPath: temporary)
        else {
            throw PKIError("cannot write \(path)")
        }
        do {
            defer { try? handle.close() }
            try handle.write(contentsOf: Data(bytes))
            try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: temporary)
        } catch {
            try? FileManager.default.removeItem(atPath: temporary)
            throw PKIError("cannot write \(path): \(error.localizedDescription)")
        }
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(atPath: temporary)
            throw PKIError("cannot write \(path): \(reason)")
        }
        return path
    }
}
