import MockAuth

extension Scenario {
    /// What a client needs to be able to do to take part in this scenario at all: its ``features``
    /// as capabilities, plus answering challenges when any scheme is offered.
    public var requiredCapabilities: Set<ClientCapability> {
        let general: Set<String> = ["tls", "redirect"]
        var needs = Set(features.subtracting(general).map(ClientCapability.init))
        if features.contains(where: { AuthSchemeSpec(named: $0) != nil }) { needs.insert(.originAuthentication) }
        needs.remove(.scheme("basic"))
        return needs
    }
}
