import Foundation

/// Runs the `openssl` command-line tool (OpenSSL 3) and returns its status and its combined output.
/// `openssl pkcs12` reads a small file and exits, so reading to the end before waiting is safe.
func opensslCommand(_ arguments: [String]) throws -> (status: Int32, output: String) {
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

/// Bytes from hex digits (whitespace ignored).
func hex(_ text: String) -> [UInt8] {
    let digits = Array(text.filter { !$0.isWhitespace })
    guard digits.count.isMultiple(of: 2) else { return [] }
    return stride(from: 0, to: digits.count, by: 2).compactMap { UInt8(String(digits[$0...$0 + 1]), radix: 16) }
}

/// Lower-case hex of `bytes`.
func hexOf(_ bytes: [UInt8]) -> String { bytes.map { String(format: "%02x", $0) }.joined() }
