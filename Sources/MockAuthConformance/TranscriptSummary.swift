import MockAuth

/// What the servers saw, in a few lines per connection, for reports.
enum TranscriptSummary {
    static func describe(_ transcript: Transcript) -> String {
        var lines = ["What the servers saw:"]
        for connection in transcript.connections {
            var line = "  #\(connection.id) \(connection.server)"
            if let tls = connection.tls {
                line += " TLS \(tls.state.rawValue)"
                if let method = tls.plainHTTPMethod {
                    line += ", a plain-text HTTP request (\(method))"
                } else if let alert = tls.alert {
                    line += ", alert \(alert)"
                } else if let error = tls.error {
                    line += ", \(error)"
                }
                if let certificate = tls.clientCertificate {
                    line += ", client certificate \(certificate.subject)\(certificate.verified ? "" : " (refused)")"
                } else if tls.clientCertificateRefusal == .missing {
                    line += ", no client certificate (required)"
                }
            }
            if let socks = connection.socks {
                line += " SOCKS5: the client \(socks.summary(protocolError: connection.protocolError))"
            }
            lines.append(line)
            for request in connection.requests {
                var entry = "      \(request.summary) → \(request.responseStatus.map(String.init) ?? "no answer")"
                if let auth = request.auth {
                    entry += " [\(auth.header): \(auth.decision.rawValue)\(auth.scheme.map { " \($0)" } ?? "")"
                    entry += auth.reason.isEmpty ? "]" : " – \(auth.reason)]"
                }
                lines.append(entry)
            }
            if let limit = connection.closedByLimit { lines.append("      closed by the server: \(limit)") }
        }
        if transcript.connections.isEmpty { lines.append("  no connection") }
        return lines.joined(separator: "\n")
    }
}
