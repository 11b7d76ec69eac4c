extension DigestCredentials {
    /// Validates the shape of parsed `Digest` credentials: required parameters, `nc` format, qop companions,
    /// `username` vs `username*`, hex `response`. Unknown parameters are ignored.
    package init(parsing value: AuthCredentialsValue) throws(DigestParseError) {
        guard value.token68 == nil else { throw DigestParseError(reason: "Digest credentials must be auth-params") }
        func required(_ name: String) throws(DigestParseError) -> String {
            guard let found = value.parameter(name) else {
                throw DigestParseError(reason: "Digest credentials lack \(name)")
            }
            return found
        }
        let userhashText = value.parameter("userhash")?.lowercased()
        switch userhashText {
        case nil, "false": self.userhash = false
        case "true": self.userhash = true
        case .some(let other): throw DigestParseError(reason: "userhash must be true or false, not \(other)")
        }
        switch (value.parameter("username"), value.parameter("username*")) {
        case (.some(let plain), nil):
            self.username = plain
            self.usedExtendedUsername = false
        case (nil, .some(let extended)):
            guard !userhash else { throw DigestParseError(reason: "username* cannot be combined with userhash=true") }
            self.username = try Self.decodeExtendedValue(extended)
            self.usedExtendedUsername = true
        case (.some, .some): throw DigestParseError(reason: "both username and username* sent")
        case (nil, nil): throw DigestParseError(reason: "Digest credentials lack username")
        }
        self.realm = try required("realm")
        self.nonce = try required("nonce")
        self.uri = try required("uri")
        let response = try required("response")
        guard !response.isEmpty, [UInt8](hexString: response) != nil else {
            throw DigestParseError(reason: "response is not hexadecimal")
        }
        self.response = response.lowercased()
        self.algorithmToken = value.parameter("algorithm")
        self.cnonce = value.parameter("cnonce")
        self.opaque = value.parameter("opaque")
        self.qopToken = value.parameter("qop")
        self.nonceCountText = value.parameter("nc")
        self.nonceCount = nil
        if let nonceCountText {
            guard nonceCountText.utf8.count == 8, let count = UInt32(nonceCountText, radix: 16),
                nonceCountText.utf8.allSatisfy({ $0 != UInt8(ascii: "+") && $0 != UInt8(ascii: "-") })
            else { throw DigestParseError(reason: "nc must be exactly 8 hex digits, got \(nonceCountText)") }
            self.nonceCount = count
        }
        if qopToken != nil {
            guard nonceCountText != nil else { throw DigestParseError(reason: "qop sent without nc") }
            guard cnonce != nil else { throw DigestParseError(reason: "qop sent without cnonce") }
        }
    }

    /// Decodes an RFC 8187 ext-value (`UTF-8''J%C3%A4s%C3%B8n%20Doe`); UTF-8 and ISO-8859-1 charsets.
    static func decodeExtendedValue(_ text: String) throws(DigestParseError) -> String {
        let parts = text.split(separator: "'", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count == 3 else { throw DigestParseError(reason: "username* is not charset'lang'value") }
        let encoded = Array(parts[2].utf8)
        var bytes: [UInt8] = []
        var index = 0
        while index < encoded.count {
            if encoded[index] == UInt8(ascii: "%") {
                guard index + 2 < encoded.count,
                    let byte = [UInt8](hexString: String(decoding: encoded[(index + 1)...(index + 2)], as: UTF8.self))
                else { throw DigestParseError(reason: "username* has a bad percent-escape") }
                bytes += byte
                index += 3
            } else {
                bytes.append(encoded[index])
                index += 1
            }
        }
        switch parts[0].lowercased() {
        case "utf-8":
            guard let decoded = String(validating: bytes, as: UTF8.self) else {
                throw DigestParseError(reason: "username* is not valid UTF-8")
            }
            return decoded
        case "iso-8859-1":
            return String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) }))
        default:
            throw DigestParseError(reason: "username* charset \(parts[0]) is not supported")
        }
    }
}
