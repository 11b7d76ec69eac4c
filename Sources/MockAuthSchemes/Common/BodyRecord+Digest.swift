import MockAuthTranscript

extension BodyRecord {
    /// The record of `body`: its size and SHA-256.
    public init(of body: [UInt8]) {
        self.init(bytes: body.count, sha256: DigestAlgorithm.sha256.hexDigest(body))
    }
}
