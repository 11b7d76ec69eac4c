/// Reads the server's own first TLS flight, as it leaves, to tell whether the handshake resumed a
/// session; swift-nio-ssl does not say (BoringSSL's `SSL_session_reused` is not exposed).
///
/// - TLS 1.3: the ServerHello carries `pre_shared_key` (extension 41) exactly when the server
///   accepted a PSK, which is how a session is resumed (RFC 8446 §4.2.11).
/// - TLS 1.2: a resumed (abbreviated) handshake sends ChangeCipherSpec after the ServerHello (and
///   any NewSessionTicket); a full one sends its Certificate first (RFC 5246 §7.3).
///
/// A HelloRetryRequest (a ServerHello with RFC 8446's special random) is skipped. Bytes are only
/// read, never changed; after ``byteLimit`` bytes without an answer it gives up.
struct ServerHelloReader {
    /// More than any first flight (a certificate chain is a few kilobytes).
    static let byteLimit = 32 * 1024

    /// An incomplete record the server wrote, waiting for its rest.
    private var pending: [UInt8] = []
    /// The payloads of handshake records, concatenated (messages may span records), from
    /// ``handshakeConsumed`` on.
    private var handshake: [UInt8] = []
    private var handshakeConsumed = 0
    private var seen = 0
    private var version: Version?
    /// Whether the reader has its answer or gave up; then it needs no more bytes.
    private(set) var isDone = false

    private enum Version { case tls12, tls13 }

    /// Reads `bytes` the server wrote; returns whether the handshake resumed once that is known.
    /// Whole records are read where they lie; only a record cut between two writes is copied.
    mutating func read(_ bytes: some Sequence<UInt8>) -> Bool? {
        guard !isDone else { return nil }
        if pending.isEmpty,
            let answer = bytes.withContiguousStorageIfAvailable({ buffer -> Bool? in
                seen += buffer.count
                return readContiguous(buffer)
            })
        {
            return answer
        }
        let before = pending.count
        pending.append(contentsOf: bytes)
        seen += pending.count - before
        let waiting = pending
        pending = []
        return waiting.withUnsafeBufferPointer { readContiguous($0) }
    }

    /// Reads the complete records of `bytes` and keeps an incomplete one for the next write.
    private mutating func readContiguous(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool? {
        var start = 0
        while bytes.count - start >= 5 {
            let length = Int(bytes[start + 3]) << 8 | Int(bytes[start + 4])
            guard bytes.count - start >= 5 + length else { break }
            let record = start
            start += 5 + length
            switch bytes[record] {
            case 22:  // handshake
                handshake.append(contentsOf: bytes[(record + 5)..<start])
                if let answer = readHandshakeMessages() { return finish(answer) }
            case 20:  // change_cipher_spec: in TLS 1.2, before any Certificate, an abbreviated handshake
                if version == .tls12 { return finish(true) }
            default:
                break
            }
            if isDone { return nil }
        }
        pending.append(contentsOf: bytes[start...])
        if seen > Self.byteLimit { isDone = true }
        return nil
    }

    private mutating func finish(_ answer: Bool) -> Bool {
        isDone = true
        pending = []
        handshake = []
        return answer
    }

    /// Consumes the complete handshake messages; an answer when one decides.
    private mutating func readHandshakeMessages() -> Bool? {
        while handshake.count - handshakeConsumed >= 4 {
            let start = handshakeConsumed
            let length = Int(handshake[start + 1]) << 16 | Int(handshake[start + 2]) << 8 | Int(handshake[start + 3])
            guard handshake.count - start >= 4 + length else { return nil }
            handshakeConsumed = start + 4 + length
            switch (handshake[start], version) {
            case (2, nil):  // server_hello
                guard let hello = Self.serverHello(handshake[(start + 4)..<handshakeConsumed]) else {
                    isDone = true
                    return nil
                }
                if hello.isRetryRequest { continue }
                if hello.isTLS13 { return hello.hasPreSharedKey }
                version = .tls12
            case (11, .tls12):  // certificate: a full handshake
                return false
            default:
                continue
            }
        }
        return nil
    }

    private struct ServerHello {
        var isRetryRequest: Bool
        var isTLS13: Bool
        var hasPreSharedKey: Bool
    }

    /// RFC 8446 §4.1.3: the `random` of a HelloRetryRequest.
    private static let retryRequestRandom: [UInt8] = [
        0xCF, 0x21, 0xAD, 0x74, 0xE5, 0x9A, 0x61, 0x11, 0xBE, 0x1D, 0x8C, 0x02, 0x1E, 0x65, 0xB8, 0x91,
        0xC2, 0xA2, 0x11, 0x16, 0x7A, 0xBB, 0x8C, 0x5E, 0x07, 0x9E, 0x09, 0xE2, 0xC8, 0xA8, 0x33, 0x9C,
    ]

    /// legacy_version, random, session id, cipher suite, compression, then the extensions.
    private static func serverHello(_ message: ArraySlice<UInt8>) -> ServerHello? {
        let body = message.startIndex
        guard message.count >= 38 else { return nil }
        let isRetry = message[(body + 2)..<(body + 34)].elementsEqual(retryRequestRandom)
        var index = body + 34
        let sessionIDLength = Int(message[index])
        index += 1 + sessionIDLength + 2 + 1
        var hello = ServerHello(isRetryRequest: isRetry, isTLS13: false, hasPreSharedKey: false)
        guard index + 2 <= message.endIndex else { return index <= message.endIndex ? hello : nil }
        let end = min(message.endIndex, index + 2 + (Int(message[index]) << 8 | Int(message[index + 1])))
        index += 2
        while index + 4 <= end {
            let type = Int(message[index]) << 8 | Int(message[index + 1])
            let length = Int(message[index + 2]) << 8 | Int(message[index + 3])
            let data = index + 4
            guard data + length <= end else { return nil }
            switch type {
            case 43 where length == 2:  // supported_versions: the selected version
                hello.isTLS13 = message[data] == 0x03 && message[data + 1] == 0x04
            case 41:  // pre_shared_key: the server accepted a PSK
                hello.hasPreSharedKey = true
            default:
                break
            }
            index = data + length
        }
        return hello
    }
}
