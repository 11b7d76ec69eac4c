import Crypto
import MockAuthVocabulary

extension BodyRecord {
    /// The record of `body`: its size and SHA-256. The server records each request's body so, and
    /// the judge the body a scenario gives its client, to compare the two.
    package init(of body: [UInt8]) {
        self.init(bytes: body.count, sha256: SHA256.hash(data: body).map { hexDigits($0) }.joined())
    }
}

/// `byte` as two lower-case hex digits.
private func hexDigits(_ byte: UInt8) -> String {
    let digits = Array("0123456789abcdef")
    return String([digits[Int(byte >> 4)], digits[Int(byte & 0x0f)]])
}
