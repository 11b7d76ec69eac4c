import MockAuthTestSupport

/// Runs the `openssl` command-line tool (OpenSSL 3) and returns its status and its combined output.
func opensslCommand(_ arguments: [String]) async throws -> (status: Int32, output: String) {
    let result = try await Shell.execute(["openssl"] + arguments, mergingErrors: true)
    return (result.status, result.output)
}
