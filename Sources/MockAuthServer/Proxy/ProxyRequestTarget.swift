import NIOHTTP1

/// Where a request to the forward proxy wants to go, read from its request-target.
enum ProxyRequestTarget: Equatable {
    /// `GET http://host:port/path?query`: forward the request to `target` as `originForm`.
    case absolute(ProxyTarget, originForm: String)
    /// `CONNECT host:port`: open a tunnel to `target`.
    case authority(ProxyTarget)

    /// The host and port to dial.
    var target: ProxyTarget {
        switch self {
        case .absolute(let target, _), .authority(let target): target
        }
    }

    /// Reads the request-target of a request to the proxy: authority-form for `CONNECT`,
    /// `http://` absolute-form for everything else.
    ///
    /// - Throws: ``ProxyRequestTargetError`` saying what is wrong (the proxy answers 400).
    init(method: HTTPMethod, uri: String) throws(ProxyRequestTargetError) {
        if method == .CONNECT {
            self = .authority(try Self.target(authority: Substring(uri), defaultPort: nil))
            return
        }
        let lowercased = uri.lowercased()
        if lowercased.hasPrefix("https://") {
            throw ProxyRequestTargetError("https:// is reached through CONNECT, not absolute-form: \(uri)")
        }
        guard lowercased.hasPrefix("http://") else {
            throw ProxyRequestTargetError("a proxy needs an absolute-form target (http://host:port/path), got: \(uri)")
        }
        let rest = uri.dropFirst("http://".count)
        let authorityEnd = rest.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? rest.endIndex
        let target = try Self.target(authority: rest[..<authorityEnd], defaultPort: 80)
        var originForm = rest[authorityEnd...]
        if let fragment = originForm.firstIndex(of: "#") { originForm = originForm[..<fragment] }
        let path = originForm.hasPrefix("/") ? String(originForm) : "/" + originForm
        self = .absolute(target, originForm: path)
    }

    /// Reads `host:port`, `[v6]:port`, or `host` alone when there is a `defaultPort`.
    private static func target(authority: Substring, defaultPort: Int?) throws(ProxyRequestTargetError)
        -> ProxyTarget
    {
        let host: Substring
        let port: Substring?
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else {
                throw ProxyRequestTargetError("unterminated IPv6 address in \(authority)")
            }
            host = authority[authority.index(after: authority.startIndex)..<close]
            let after = authority[authority.index(after: close)...]
            guard after.isEmpty || after.hasPrefix(":") else {
                throw ProxyRequestTargetError("unexpected text after the IPv6 address in \(authority)")
            }
            port = after.isEmpty ? nil : after.dropFirst()
        } else if let colon = authority.firstIndex(of: ":") {
            host = authority[..<colon]
            port = authority[authority.index(after: colon)...]
        } else {
            host = authority
            port = nil
        }
        guard !host.isEmpty, host.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-._:".contains($0)) })
        else {
            throw ProxyRequestTargetError("not a host name or address: \(authority)")
        }
        guard let port else {
            guard let defaultPort else { throw ProxyRequestTargetError("no port in \(authority)") }
            return ProxyTarget(host: String(host), port: defaultPort)
        }
        guard !port.isEmpty, port.count <= 5, port.allSatisfy(\.isASCIIDigit), let number = Int(port),
            (1...65535).contains(number)
        else {
            throw ProxyRequestTargetError("not a port: \(port) in \(authority)")
        }
        return ProxyTarget(host: String(host), port: number)
    }
}

/// Why a request-target cannot be served by the proxy.
struct ProxyRequestTargetError: Error, Equatable {
    /// What is wrong, in words for the 400 body.
    var reason: String

    init(_ reason: String) {
        self.reason = reason
    }
}
