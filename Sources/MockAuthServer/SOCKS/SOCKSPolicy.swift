/// What a SOCKS5 proxy may reach: the scenario's own servers, as its HTTP forward proxy may
/// (``ProxyPolicy/targets(of:)`` and ``ProxyPolicy/aliases(of:addressing:)``). The proxy never
/// resolves a name it was not given: a name under `.test` is reached through `aliases` only.
struct SOCKSPolicy: Sendable {
    /// The loopback targets the proxy dials as they are named.
    var allowedTargets: Set<ProxyTarget>
    /// Names (a server's `.test` name, another machine's name for it) and the address dialled for each.
    var aliases: [ProxyTarget: ProxyTarget] = [:]

    /// Where the proxy dials for a target a client named, or `nil` when it may not.
    func dialled(for named: ProxyTarget) -> ProxyTarget? {
        if let address = aliases[named] { return address }
        return named.isLoopback && allowedTargets.contains(named) ? named : nil
    }
}
