import MockAuthTestSupport

/// Runs the `openssl` command-line tool with `input` on its standard input and returns its exit
/// status and standard output.
func openssl(_ arguments: [String], input: [UInt8]) async throws -> (status: Int32, output: [UInt8]) {
    let result = try await Shell.execute(["openssl"] + arguments, input: input)
    return (result.status, result.outputBytes)
}
