import MockAuthTranscript
import MockAuthVocabulary
import NIOHTTP1

extension HTTPHeaders {
    /// Bytes of one header value a transcript keeps; the rest is replaced by a note of its length.
    static let recordedValueLimit = 4096

    /// The header lines as a transcript keeps them: the first
    /// ``RequestHeadLimits/maximumFieldCount`` (a head with more is refused), each value cut at
    /// ``recordedValueLimit`` bytes, so that a client sending huge heads cannot make the transcript
    /// grow without bound.
    var recorded: [HeaderField] {
        prefix(RequestHeadLimits.maximumFieldCount).map { name, value in
            let bytes = value.utf8.count
            guard bytes > Self.recordedValueLimit else { return HeaderField(name: name, value: value) }
            let kept = String(decoding: value.utf8.prefix(Self.recordedValueLimit), as: UTF8.self)
            // An ASCII marker: a non-ASCII one would make every hash of the record (folding) normalize
            // the 4 KiB value to NFC.
            return HeaderField(name: name, value: kept + "...(\(bytes) bytes in all)")
        }
    }
}
