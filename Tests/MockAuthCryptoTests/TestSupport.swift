import Foundation
import MockAuthTestSupport
import Testing

/// Runs the `openssl` command-line tool with `input` on its standard input and returns its exit
/// status and standard output. The inputs are small, so writing them all before reading is safe.
func openssl(_ arguments: [String], input: [UInt8]) throws -> (status: Int32, output: [UInt8]) {
    try Tool.require(.openssl)
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
