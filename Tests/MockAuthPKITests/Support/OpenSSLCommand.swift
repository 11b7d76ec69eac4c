import Foundation
import MockAuthTestSupport
import Testing

/// Runs the `openssl` command-line tool (OpenSSL 3) and returns its status and its combined output.
/// `openssl pkcs12` reads a small file and exits, so reading to the end before waiting is safe.
func opensslCommand(_ arguments: [String]) throws -> (status: Int32, output: String) {
    try Tool.require(.openssl)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["openssl"] + arguments
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return (process.terminationStatus, text)
}
