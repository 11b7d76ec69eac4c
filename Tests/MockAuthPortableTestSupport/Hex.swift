import Foundation

/// Bytes from hex digits (whitespace ignored); a malformed literal gives no bytes, so the test fails
/// on the value.
public func hex(_ text: String) -> [UInt8] {
    let digits = Array(text.filter { !$0.isWhitespace })
    guard digits.count.isMultiple(of: 2) else { return [] }
    return stride(from: 0, to: digits.count, by: 2).compactMap { UInt8(String(digits[$0...$0 + 1]), radix: 16) }
}

/// Lower-case hex of `bytes`.
public func hexOf(_ bytes: [UInt8]) -> String { bytes.map { String(format: "%02x", $0) }.joined() }
