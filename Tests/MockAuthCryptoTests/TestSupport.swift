import Foundation

/// Bytes from hex digits (whitespace ignored); a test with a malformed literal fails on the value.
func hex(_ text: String) -> [UInt8] {
    let digits = Array(text.filter { !$0.isWhitespace })
    guard digits.count.isMultiple(of: 2) else { return [] }
    return stride(from: 0, to: digits.count, by: 2).compactMap { UInt8(String(digits[$0...$0 + 1]), radix: 16) }
}

/// Lower-case hex of `bytes`.
func hexOf(_ bytes: [UInt8]) -> String { bytes.map { String(format: "%02x", $0) }.joined() }

/// Runs the `openssl` command-line tool with `input` on its standard input and returns its exit
/// status and standard output. The inputs are small, so writing them all before reading is safe.
func openssl(_ arguments: [String], input: [UInt8]) throws -> (status: Int32, output: [UInt8]) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["openssl"] + arguments
    let standardInput = Pipe()
    let standardOutput = Pipe()
    process.standardInput = standardInput
    process.standardOutput = standardOutput
    process.standardError = FileHandle.nullDevice
    try process.run()
    try standardInput.fileHandleForWriting.write(contentsOf: Data(input))
    try standardInput.fileHandleForWriting.close()
    let output = standardOutput.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, Array(output))
}
