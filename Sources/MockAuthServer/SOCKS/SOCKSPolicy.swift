import MockAuthSchemes
import MockAuthVocabulary

/// What a SOCKS5 proxy may reach: the scenario's own servers, as its HTTP forward proxy may
/// (``ProxyPolicy/targets(of:)`` and ``ProxyPolicy/aliases(of:addressing:)``). The proxy never
/// resolves a name it was not given: a name under `.test` is reached through `aliases` only.
struct SOCKSPolicy: Sendable {
    /// The loopback targets the proxy dials as they are named.
    var allowedTargets: Set<ProxyTarget>
    /// Names (a server's `.test` name, another machine's name for it) and the address dialled for each.
    var aliases: [ProxyTarget: ProxyTarget] = [:]
    /// The account RFC 1929's username/password step must present, or `nil` for a proxy that asks
    /// for no authentication.
    var account: Account? = nil

    /// The method the proxy demands: username/password when it has an account, else none.
    var demandsPassword: Bool { account != nil }

    /// Whether RFC 1929's step presented the account, byte for byte.
    func accepts(_ request: SOCKSUsernamePassword) -> Bool {
        guard let account else { return false }
        // Both compared whole, in time that depends only on the lengths, like the schemes' verifiers.
        let user = constantTimeEquals(request.username, Array(account.username.utf8))
        let password = constantTimeEquals(request.password, Array(account.password.utf8))
        return user && password
    }

    /// Where the proxy dials for a target a client named, or `nil` when it may not.
    func dialled(for named: ProxyTarget) -> ProxyTarget? {
        if let address = aliases[named] { return address }
        return named.isLoopback && allowedTargets.contains(named) ? named : nil
    }
}
