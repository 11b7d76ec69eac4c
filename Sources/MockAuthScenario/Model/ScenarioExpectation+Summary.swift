extension ScenarioExpectation {
    /// What a correct client does, in a few words ("refuses the certificate of origin").
    public var summary: String {
        let text =
            switch rule {
            case .rejectsCertificate(let server): "refuses the certificate of \(server)"
            case .requestSucceeds(let server, let path): "gets a 2xx from \(server)\(path.map { " for \($0)" } ?? "")"
            case .presentsClientCertificate(let server): "presents the client certificate to \(server)"
            }
        return level == .should ? "should \(text)" : text
    }
}

extension Scenario {
    /// What a correct client does, in a few words: every expectation's summary.
    public var correctClientSummary: String {
        expectations.map(\.summary).joined(separator: "; ")
    }
}
