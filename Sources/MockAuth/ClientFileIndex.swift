import MockAuthMaterial
import Synchronization

/// The files a ``ClientFiles`` directory holds, by the variable they are the value of and their
/// bytes, and the names taken: so that runs sharing the directory share the files whose bytes are
/// the same, and a file with other bytes never replaces one a run was given.
final class ClientFileIndex: Sendable {
    private struct Key: Hashable {
        var variable: ClientVariable
        var contents: [UInt8]
    }

    private struct State {
        var paths: [Key: String] = [:]
        var names: Set<String> = []
    }

    private let state = Mutex(State())

    /// Records a file written at `path`, named `name`.
    func record(_ path: String, name: String, of variable: ClientVariable, holding contents: [UInt8]) {
        state.withLock { state in
            state.paths[Key(variable: variable, contents: contents)] = path
            state.names.insert(name)
        }
    }

    /// The path of the file holding `contents` as `variable`'s value; when there is none, `write`
    /// writes one under the name `name` picks among those not `taken`, and it is recorded.
    func path(
        of variable: ClientVariable, holding contents: [UInt8], write: (String) throws -> String,
        name: (_ taken: Set<String>) -> String
    ) throws -> String {
        try state.withLock { state in
            let key = Key(variable: variable, contents: contents)
            if let path = state.paths[key] { return path }
            let chosen = name(state.names)
            let path = try write(chosen)
            state.paths[key] = path
            state.names.insert(chosen)
            return path
        }
    }
}
