/// What a transcript keeps at most, whatever clients send: the harness decides these bounds, never
/// the client.
///
/// - Per server, at most ``recordsPerServer`` request records and at most ``recordsPerServer``
///   connection records, those that hold its kept requests included (and a tenth more generalized
///   ones, ``generalizedRecords(of:)``); past that, connections that kept no request and are
///   unlike any before are folded into generalized records (``ConnectionRecord/generalized``) and
///   counted in ``TranscriptOverflow/foldedConnections``, requests unlike any before only counted.
/// - Every value a client chooses and a record keeps (a method, a request target, a header field's
///   name, a user name, a SOCKS CONNECT's target, a request line sent in plain text, a certificate's
///   names) is cut to ``valueBytes``; a header field's value to ``headerValueBytes``; a server's
///   reason, which may quote such values, to ``reasonBytes``. A cut value ends with
///   `...(N bytes in all)` and is no longer than its limit, that note included.
package enum TranscriptLimits {
    /// Records kept per server: request records, and connection records (those holding kept
    /// requests included).
    package static let recordsPerServer = 10_000
    /// Bytes kept of a client-chosen value other than a header field's value.
    package static let valueBytes = 256
    /// Bytes kept of a header field's value: the judge reads `Cookie` fields (cookie names) and the
    /// scheme of credentials, and a credentials field is legitimately a few kilobytes.
    package static let headerValueBytes = 4096
    /// Bytes kept of a server's reason (``AuthRecord/reason``).
    package static let reasonBytes = 1024
    /// Addresses kept of the connections one proxy connection opened to origins
    /// (``ConnectionRecord/dialledFrom``): a client makes a few requests through a proxy in a
    /// scenario; a connection that has a proxy dial more keeps the first ones.
    package static let dialledAddresses = 32
    /// Distinct values kept from each end of a list that is cut (the first few and the last few).
    package static let listedValues = 5

    /// The share of ``recordsPerServer`` kept for generalized connection records: connections unlike
    /// any before are kept with their own values while fewer than `limit - generalizedRecords(limit)`
    /// records are, then generalized.
    package static func generalizedRecords(of limit: Int) -> Int {
        max(1, limit / 10)
    }
}

extension String {
    /// This string when it has at most `limit` bytes of UTF-8; else its first bytes (whole
    /// characters' scalars) followed by an ASCII note of its length, `...(300 bytes in all)`, in
    /// `limit` bytes at most (an ASCII note: a non-ASCII one would make every hash of the record
    /// normalize the value).
    package func cut(toBytes limit: Int) -> String {
        let bytes = utf8.count
        guard bytes > limit else { return self }
        let note = "...(\(bytes) bytes in all)"
        var kept = max(0, limit - note.utf8.count)
        let utf8 = Array(self.utf8)
        // Back off to the start of a scalar: continuation bytes are 0b10xxxxxx.
        while kept > 0, kept < utf8.count, utf8[kept] & 0xC0 == 0x80 { kept -= 1 }
        return String(decoding: utf8[..<kept], as: UTF8.self) + note
    }

    /// Whether ``cut(toBytes:)`` cut this string.
    package var wasCut: Bool { hasSuffix(" bytes in all)") && contains("...(") }
}

extension Optional<String> {
    /// The string cut to `limit` bytes (``String/cut(toBytes:)``), `nil` staying `nil`.
    package func cut(toBytes limit: Int) -> String? {
        map { $0.cut(toBytes: limit) }
    }
}
