/// Where the files of a client's environment live. The material holds a file's bytes; the
/// environment names the file by its path, which a store gives.
///
/// `ClientFiles` (in `MockAuth`) is the store of a scenario run: a private directory whose files
/// several runs may share.
public protocol ClientFileStore: Sendable {
    /// The path of a file that holds `contents` as the value of `variable` (a variable that names
    /// a file) for a client of `scenario`: a file the store already has with exactly these bytes,
    /// else a new one, readable by its owner only when the file is secret (a key, a passphrase).
    func path(of variable: ClientVariable, holding contents: [UInt8], scenario: String) throws -> String
}
