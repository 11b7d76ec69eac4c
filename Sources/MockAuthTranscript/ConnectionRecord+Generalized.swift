extension ConnectionRecord {
    /// What stands in a generalized record for a value the client chose.
    package static let foldedValue = "(folded)"

    /// The connection with every value its client chose replaced by ``foldedValue`` (the SOCKS
    /// username, CONNECT target and stray request line; the method sent in plain text on a TLS port;
    /// the names and fingerprint of the client's certificate), and the methods of a SOCKS greeting
    /// reduced to the ones RFC 1928 names, once each (any other becomes `other`): what is left is
    /// what the server chose or saw happen (how the handshake ended, whether the step was accepted,
    /// the address type, the reply, the limit that closed the connection), which every rule that
    /// counts connections reads. Past ``TranscriptLimits/recordsPerServer``, a recorder folds
    /// connections unlike any before by this kind.
    ///
    /// - Returns: the generalized record, and the values it replaced, in words (`username alice`).
    package var generalized: (record: ConnectionRecord, values: [String]) {
        var record = self
        var values: [String] = []
        func fold(_ value: inout String?, _ name: String) {
            guard let kept = value, kept != Self.foldedValue else { return }
            values.append("\(name) \(kept)")
            value = Self.foldedValue
        }
        if var socks = record.socks {
            fold(&socks.username, "username")
            fold(&socks.target, "target")
            fold(&socks.httpRequest, "request")
            let named: Set<String> = ["no-authentication", "gssapi", "username-password", "other"]
            var methods: [String] = []
            for method in socks.methodsOffered {
                let kind = named.contains(method) ? method : "other"
                if !methods.contains(kind) { methods.append(kind) }
            }
            if methods != socks.methodsOffered {
                values.append("methods \(socks.methodsOffered.joined(separator: ","))")
            }
            socks.methodsOffered = methods
            record.socks = socks
        }
        if var tls = record.tls {
            fold(&tls.plainHTTPMethod, "method")
            if var certificate = tls.clientCertificate, certificate.subject != Self.foldedValue {
                values.append("certificate \(certificate.subject)")
                certificate.subject = Self.foldedValue
                certificate.issuer = Self.foldedValue
                certificate.sha256Fingerprint = Self.foldedValue
                tls.clientCertificate = certificate
            }
            record.tls = tls
        }
        return (record, values.map { $0.cut(toBytes: TranscriptLimits.valueBytes) })
    }
}
