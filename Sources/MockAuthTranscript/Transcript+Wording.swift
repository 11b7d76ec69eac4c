extension ConnectionRecord {
    /// How the handshake ended, in words: "aborted the handshake with alert unknown_ca"; on a
    /// connection to a SOCKS5 proxy, the negotiation in RFC 1928's terms (``SOCKSRecord/summary(protocolError:)``).
    package var handshakeSummary: String {
        if let socks { return socks.summary(protocolError: protocolError) }
        let refused = protocolError.map { "sent what is not an HTTP/1.1 request (\($0))" }
        guard let tls else {
            return requests.isEmpty
                ? refused ?? "connected in plain HTTP and closed the connection without a request"
                : "used plain HTTP"
        }
        switch tls.state {
        case .completed:
            guard requests.isEmpty else {
                return tls.resumed == true ? "completed the handshake (resuming a session)" : "completed the handshake"
            }
            if let missing = tls.missingProtocol {
                return
                    "completed the handshake without choosing \(missing) by ALPN, the only protocol the server speaks, and the server closed the connection"
            }
            return "completed the handshake, then " + (refused ?? "closed the connection without a request")
        case .failed:
            switch tls.clientCertificateRefusal {
            case .missing:
                return "sent no client certificate, and the server ended the handshake (it requires one)"
            case .untrusted:
                let certificate = tls.clientCertificate.map { " (\($0.subject), issued by \($0.issuer))" } ?? ""
                return
                    "presented a client certificate\(certificate) the server does not trust, and the server ended the handshake"
            case nil:
                break
            }
            if let method = tls.plainHTTPMethod {
                return "sent an HTTP request (\(method)) in plain text where the TLS handshake was expected"
            }
            if let alert = tls.alert { return "aborted the handshake with alert \(alert)" }
            return "failed the handshake (\(tls.error ?? "no detail"))"
        case .abandoned:
            return "closed the connection during the handshake"
        case .inProgress:
            return "left the handshake unfinished"
        }
    }
}

extension SOCKSRecord {
    /// What the client did on a connection to a SOCKS5 proxy, as a clause that follows "the client":
    /// "greeted the SOCKS5 proxy offering no-authentication, gssapi; the proxy chose
    /// no-authentication; then the client sent CONNECT 127.0.0.1:4433 by IPv4 address, answered
    /// succeeded", "sent an HTTP request (CONNECT 127.0.0.1:4433) where a SOCKS5 greeting was
    /// expected", "sent bytes that are not SOCKS5 (first byte 0x16, a TLS handshake record: it spoke
    /// TLS to the proxy)".
    ///
    /// - Parameter protocolError: what the proxy could not read later in the negotiation, in words.
    package func summary(protocolError: String?) -> String {
        if let firstByte {
            if let httpRequest {
                return "sent an HTTP request (\(httpRequest)) where a SOCKS5 greeting was expected"
            }
            return "sent bytes that are not SOCKS5 (first byte \(Self.describe(firstByte)))"
        }
        guard !methodsOffered.isEmpty else {
            return protocolError.map { "sent a SOCKS5 greeting the proxy could not read (\($0))" }
                ?? "closed the connection without a SOCKS5 greeting"
        }
        var clauses = ["greeted the SOCKS5 proxy offering \(methodsOffered.listed())"]
        switch methodChosen {
        case "no-acceptable-methods":
            clauses[0] += ", none of which the proxy accepts (it answered no-acceptable-methods)"
            return clauses[0]
        case let chosen?:
            clauses.append("the proxy chose \(chosen)")
        case nil:
            clauses.append("the proxy had not answered")
            return clauses.joined(separator: "; ")
        }
        let user = username.map { " for user \($0)" } ?? ""
        if let malformedStep {
            clauses.append(
                "then the client sent a username/password step (RFC 1929)\(user) the proxy could not read: \(malformedStep)"
            )
        } else if authenticated == false {
            clauses.append(
                "then the client sent a username/password step (RFC 1929)\(user), which the proxy refused (status 1)")
        } else if authenticated == true {
            clauses.append("then the client authenticated (RFC 1929)\(user)")
        }
        if let target, let addressType {
            let answer = reply.map { ", answered \($0)" } ?? ", which the proxy had not answered"
            clauses.append("then the client sent CONNECT \(target) by \(addressType.words)\(answer)")
        } else if let protocolError {
            clauses.append("then the client sent \(protocolError)")
        } else if !passwordStepFailed {
            clauses.append("then the client closed the connection without a CONNECT")
        }
        return clauses.joined(separator: "; ")
    }

    /// "0x43 'C'", "0x16, a TLS handshake record: it spoke TLS to the proxy", "0x04: SOCKS4".
    package static func describe(_ byte: UInt8) -> String {
        let hex = "0x" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
        switch byte {
        case 0x16: return "\(hex), a TLS handshake record: it spoke TLS to the proxy"
        case 0x04: return "\(hex): SOCKS4"
        case 0x21...0x7E: return "\(hex) '\(Character(Unicode.Scalar(byte)))'"
        default: return hex
        }
    }
}

extension SOCKSRecord.AddressType {
    /// "IPv4 address", "IPv6 address", "domain name".
    package var words: String {
        switch self {
        case .ipv4: "IPv4 address"
        case .ipv6: "IPv6 address"
        case .domainName: "domain name"
        }
    }
}

extension Transcript {
    /// "origin (https://127.0.0.1:4433)".
    package func serverName(_ server: String) -> String {
        guard let url = endpoint(server)?.url else { return server }
        return "\(server) (\(url))"
    }

    /// What the client did on `server`'s connections, as a clause: "the client aborted the
    /// handshake with alert unknown_ca", or "over 3 connections the client …; …".
    package func connectionSummary(_ server: String) -> String {
        let connections = connections(to: server)
        let count = connections.reduce(0) { $0 + $1.occurrences }
        let unique = connections.map(\.handshakeSummary).uniqued()
        let prefix = count > 1 ? "over \(count) connections " : ""
        return "\(prefix)the client \(unique.listed(separator: "; "))"
    }
}

/// "GET /" or "GET / (and 2 more requests)", counting folded repeats.
package func describe(_ requests: [RequestRecord]) -> String {
    guard let first = requests.first else { return "no request" }
    let more = requests.reduce(0) { $0 + $1.occurrences } - 1
    return more == 0 ? first.summary : "\(first.summary) (and \(more) more request\(more == 1 ? "" : "s"))"
}

extension Sequence<RequestRecord> {
    /// The request (of those matching `condition`) that arrived last, counting folded repeats.
    package func latest(where condition: (RequestRecord) -> Bool = { _ in true }) -> RequestRecord? {
        filter(condition).max { $0.lastSequence < $1.lastSequence }
    }
}
