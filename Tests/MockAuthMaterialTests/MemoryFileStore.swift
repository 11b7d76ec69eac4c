import MockAuthMaterial
import Synchronization

/// A ``ClientFileStore`` in memory: each file a path under `/memory/`, read back with ``read(_:)``;
/// a file asked for again with the same bytes keeps its path.
final class MemoryFileStore: ClientFileStore {
    private struct Key: Hashable {
        var variable: ClientVariable
        var contents: [UInt8]
    }

    private struct Files {
        var paths: [Key: String] = [:]
        var contents: [String: [UInt8]] = [:]
    }

    private let files = Mutex(Files())

    func path(of variable: ClientVariable, holding contents: [UInt8], scenario: String) throws -> String {
        files.withLock { files in
            let key = Key(variable: variable, contents: contents)
            if let path = files.paths[key] { return path }
            let path = "/memory/\(scenario)/\(variable.name)/\(files.contents.count)"
            files.paths[key] = path
            files.contents[path] = contents
            return path
        }
    }

    /// The bytes at `path`.
    func read(_ path: String) throws -> [UInt8] {
        guard let contents = files.withLock({ $0.contents[path] }) else { throw ClientMaterialError("no file \(path)") }
        return contents
    }

    /// How many files were written.
    var count: Int { files.withLock { $0.contents.count } }
}
