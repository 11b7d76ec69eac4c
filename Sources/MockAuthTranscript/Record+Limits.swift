import MockAuthVocabulary

// Every record cut to `TranscriptLimits`: what a recorder applies to a record when it is made, so
// that no value a client chooses grows a transcript past its documented size. A record within the
// limits is returned unchanged.

extension RequestRecord {
    /// The request with its client-chosen values cut: the method, the target, the header fields,
    /// the credentials the authentication read and its reason.
    package var withinTranscriptLimits: RequestRecord {
        guard exceedsTranscriptLimits else { return self }
        var record = self
        record.method = method.cut(toBytes: TranscriptLimits.valueBytes)
        record.target = target.cut(toBytes: TranscriptLimits.valueBytes)
        record.headers = headers.map(\.withinTranscriptLimits)
        record.auth = auth?.withinTranscriptLimits
        return record
    }

    private var exceedsTranscriptLimits: Bool {
        method.utf8.count > TranscriptLimits.valueBytes || target.utf8.count > TranscriptLimits.valueBytes
            || headers.contains(where: \.exceedsTranscriptLimits) || auth?.exceedsTranscriptLimits == true
    }
}

extension HeaderField {
    /// The field with its name cut to ``TranscriptLimits/valueBytes`` and its value to
    /// ``TranscriptLimits/headerValueBytes``.
    package var withinTranscriptLimits: HeaderField {
        guard exceedsTranscriptLimits else { return self }
        return HeaderField(
            name: name.cut(toBytes: TranscriptLimits.valueBytes),
            value: value.cut(toBytes: TranscriptLimits.headerValueBytes))
    }

    fileprivate var exceedsTranscriptLimits: Bool {
        name.utf8.count > TranscriptLimits.valueBytes || value.utf8.count > TranscriptLimits.headerValueBytes
    }
}

extension AuthRecord {
    /// The record with the credentials' values the client chose cut, and the reason.
    package var withinTranscriptLimits: AuthRecord {
        guard exceedsTranscriptLimits else { return self }
        var record = self
        record.scheme = scheme.cut(toBytes: TranscriptLimits.valueBytes)
        record.username = username.cut(toBytes: TranscriptLimits.valueBytes)
        record.domain = domain.cut(toBytes: TranscriptLimits.valueBytes)
        record.workstation = workstation.cut(toBytes: TranscriptLimits.valueBytes)
        record.algorithm = algorithm.cut(toBytes: TranscriptLimits.valueBytes)
        record.reason = reason.cut(toBytes: TranscriptLimits.reasonBytes)
        record.kerberos = kerberos?.withinTranscriptLimits
        return record
    }

    fileprivate var exceedsTranscriptLimits: Bool {
        kerberos?.exceedsTranscriptLimits == true || scheme.isLonger(than: TranscriptLimits.valueBytes)
            || username.isLonger(than: TranscriptLimits.valueBytes)
            || domain.isLonger(than: TranscriptLimits.valueBytes)
            || workstation.isLonger(than: TranscriptLimits.valueBytes)
            || algorithm.isLonger(than: TranscriptLimits.valueBytes) || reason.utf8.count > TranscriptLimits.reasonBytes
    }
}

extension KerberosTicket {
    /// The record with the principals the client chose cut.
    fileprivate var withinTranscriptLimits: KerberosTicket {
        var record = self
        record.servicePrincipal = servicePrincipal.cut(toBytes: TranscriptLimits.valueBytes)
        record.clientPrincipal = clientPrincipal.cut(toBytes: TranscriptLimits.valueBytes)
        return record
    }

    fileprivate var exceedsTranscriptLimits: Bool {
        servicePrincipal.utf8.count > TranscriptLimits.valueBytes
            || clientPrincipal.isLonger(than: TranscriptLimits.valueBytes)
    }
}

extension SOCKSRecord {
    /// The record with the client's username, CONNECT target and stray HTTP request line cut, and
    /// at most 255 methods (what a greeting can carry).
    package var withinTranscriptLimits: SOCKSRecord {
        let limit = TranscriptLimits.valueBytes
        guard
            username.isLonger(than: limit) || target.isLonger(than: limit) || httpRequest.isLonger(than: limit)
                || malformedStep.isLonger(than: limit) || methodsOffered.count > 255
        else { return self }
        var record = self
        record.username = username.cut(toBytes: limit)
        record.target = target.cut(toBytes: limit)
        record.httpRequest = httpRequest.cut(toBytes: limit)
        record.malformedStep = malformedStep.cut(toBytes: limit)
        record.methodsOffered = Array(methodsOffered.prefix(255))
        return record
    }
}

extension TLSHandshakeRecord {
    /// The record with the plain-text method and the names of the client's certificate cut.
    package var withinTranscriptLimits: TLSHandshakeRecord {
        let limit = TranscriptLimits.valueBytes
        let certificate = clientCertificate.map { [$0.subject, $0.issuer, $0.sha256Fingerprint] } ?? []
        guard
            plainHTTPMethod.isLonger(than: limit) || alert.isLonger(than: limit) || error.isLonger(than: limit)
                || certificate.contains(where: { $0.utf8.count > limit })
        else { return self }
        var record = self
        record.plainHTTPMethod = plainHTTPMethod.cut(toBytes: limit)
        record.alert = alert.cut(toBytes: limit)
        record.error = error.cut(toBytes: limit)
        record.clientCertificate?.subject = clientCertificate?.subject.cut(toBytes: limit) ?? ""
        record.clientCertificate?.issuer = clientCertificate?.issuer.cut(toBytes: limit) ?? ""
        record.clientCertificate?.sha256Fingerprint = clientCertificate?.sha256Fingerprint.cut(toBytes: limit) ?? ""
        return record
    }
}

extension Optional<String> {
    /// Whether the string has more than `limit` bytes of UTF-8 (`nil` has none).
    fileprivate func isLonger(than limit: Int) -> Bool {
        (self?.utf8.count ?? 0) > limit
    }
}
