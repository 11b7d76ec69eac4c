import Foundation
import MockAuthVocabulary

extension ClientMaterial {
    /// The environment a client command is given: one entry per ``ClientVariable`` that applies,
    /// files written through `files` and named by their paths. A variable that does not apply is
    /// absent, never empty. ``init(environment:readingFilesWith:)`` reads it back to this material.
    ///
    /// - Throws: what `files` throws when it cannot write a file.
    public func environment(files: some ClientFileStore) throws -> [String: String] {
        var environment: [String: String] = [:]
        for variable in ClientVariable.allCases {
            for (name, value) in try entries(of: variable, files: files) { environment[name] = value }
        }
        return environment
    }

    /// The entries of `variable`: none when it does not apply, one per request with an account of
    /// its own for a per-request variable, else one.
    private func entries(of variable: ClientVariable, files: some ClientFileStore) throws -> [(String, String)] {
        func text(_ value: String?) -> [(String, String)] { value.map { [(variable.rawValue, $0)] } ?? [] }
        func list(_ values: [String], separator: String) -> [(String, String)] {
            text(values.isEmpty ? nil : values.joined(separator: separator))
        }
        func file(_ contents: String?) throws -> [(String, String)] { try file(contents.map { Array($0.utf8) }) }
        func file(_ contents: [UInt8]?) throws -> [(String, String)] {
            try text(contents.map { try files.path(of: variable, holding: $0, scenario: scenario) })
        }
        func perRequest(_ value: (Account) -> String?) -> [(String, String)] {
            requestAccounts.sorted { $0.key < $1.key }.compactMap { request, account in
                value(account).map { (variable.name(request: request), $0) }
            }
        }
        switch variable {
        case .scenario: return text(scenario)
        case .url: return text(urls.first)
        case .urls: return list(urls, separator: " ")
        case .features: return list(features, separator: " ")
        case .caFile: return try file(caCertificatePEM)
        case .clientCertificate: return try file(identity?.certificatePEM)
        case .clientKey: return try file(identity?.privateKeyPEM)
        case .clientPKCS12: return try file(identity?.pkcs12)
        case .clientPKCS12Password: return text(pkcs12Passphrase)
        case .secondClientCertificate: return try file(secondIdentity?.certificatePEM)
        case .secondClientKey: return try file(secondIdentity?.privateKeyPEM)
        case .secondClientPKCS12: return try file(secondIdentity?.pkcs12)
        case .pinSHA256: return text(pinSHA256)
        case .username: return text(credentials?.username)
        case .password: return text(credentials?.password)
        case .domain: return text(credentials?.domain)
        case .requestUsername: return perRequest(\.username)
        case .requestPassword: return perRequest(\.password)
        case .requestDomain: return perRequest(\.domain)
        case .token: return text(token)
        case .method: return text(method)
        case .bodyFile: return try file(body)
        // One `Name: value` line each (values never hold a line break: the scenario loader refuses them).
        case .headers: return list(headers.map(\.line), separator: "\n")
        case .proxyURL: return text(proxy?.url)
        case .proxyUsername: return text(proxy?.credentials?.username)
        case .proxyPassword: return text(proxy?.credentials?.password)
        case .proxyDomain: return text(proxy?.credentials?.domain)
        case .noProxy: return list(proxy?.bypass ?? [], separator: ",")
        case .resolve: return list(hosts.map(\.curlResolve), separator: " ")
        case .hostsFile: return try file(hosts.isEmpty ? nil : hostsFile(system: Self.systemHosts()))
        case .pauseSeconds: return text(pauseSeconds.map(String.init))
        case .concurrent: return text(concurrent ? "1" : nil)
        case .kerberosConfiguration: return try file(kerberos?.configuration)
        case .kerberosCredentialCache: return try file(kerberos?.credentialCache)
        case .tokenURL: return text(tokenEndpoint?.url)
        case .clientID: return text(tokenEndpoint?.clientID)
        case .clientSecret: return text(tokenEndpoint?.clientSecret)
        case .refreshToken: return text(tokenEndpoint?.refreshToken)

        }
    }

    /// The material an environment of ``environment(files:)`` describes: its inverse. Files are
    /// read with `read`; variables that are unset leave their fields empty. `MOCKAUTH_HOSTS_FILE` is
    /// read for the canonical names of aliases alone (``HostMapping/canonicalName``):
    /// `MOCKAUTH_RESOLVE` names the same hosts.
    ///
    /// - Parameters:
    ///   - environment: the variables, e.g. `ProcessInfo.processInfo.environment` in an adapter.
    ///   - read: reads the file at a path; by default from the file system.
    /// - Throws: ``ClientMaterialError`` when a file cannot be read, a text file is not UTF-8, or
    ///   an identity comes in part (a certificate without its key or PKCS#12 bundle).
    public init(
        environment: [String: String], readingFilesWith read: (String) throws -> [UInt8] = ClientMaterial.readFile
    ) throws(ClientMaterialError) {
        func text(_ variable: ClientVariable) -> String? { environment[variable.rawValue] }
        func list(_ variable: ClientVariable, separator: Character) -> [String] {
            text(variable).map { $0.split(separator: separator).map(String.init) } ?? []
        }
        func file(_ variable: ClientVariable) throws(ClientMaterialError) -> [UInt8]? {
            guard let path = text(variable) else { return nil }
            do {
                return try read(path)
            } catch {
                throw ClientMaterialError("cannot read \(variable) (\(path)): \(error)")
            }
        }
        func textFile(_ variable: ClientVariable) throws(ClientMaterialError) -> String? {
            guard let bytes = try file(variable) else { return nil }
            guard let decoded = String(validating: bytes, as: UTF8.self) else {
                throw ClientMaterialError("\(variable) (\(text(variable) ?? "")) is not UTF-8 text")
            }
            return decoded
        }
        func identity(
            _ certificate: ClientVariable, _ key: ClientVariable, _ pkcs12: ClientVariable
        ) throws(ClientMaterialError) -> Identity? {
            let parts = [certificate, key, pkcs12]
            let given = parts.filter { text($0) != nil }
            guard !given.isEmpty else { return nil }
            guard given.count == parts.count, let certificatePEM = try textFile(certificate),
                let privateKeyPEM = try textFile(key), let bundle = try file(pkcs12)
            else {
                let missing = parts.filter { text($0) == nil }.map(\.name).joined(separator: ", ")
                throw ClientMaterialError("\(given.map(\.name).joined(separator: ", ")) without \(missing)")
            }
            return Identity(certificatePEM: certificatePEM, privateKeyPEM: privateKeyPEM, pkcs12: bundle)
        }
        func account(_ username: String?, _ password: String?, _ domain: String?) -> Account? {
            username.map { Account(username: $0, password: password ?? "", domain: domain) }
        }

        let urls = list(.urls, separator: " ")
        self.init(scenario: text(.scenario) ?? "", urls: urls.isEmpty ? text(.url).map { [$0] } ?? [] : urls)
        features = list(.features, separator: " ")
        caCertificatePEM = try textFile(.caFile)
        self.identity = try identity(.clientCertificate, .clientKey, .clientPKCS12)
        secondIdentity = try identity(.secondClientCertificate, .secondClientKey, .secondClientPKCS12)
        pkcs12Passphrase = text(.clientPKCS12Password)
        pinSHA256 = text(.pinSHA256)
        credentials = account(text(.username), text(.password), text(.domain))
        requestAccounts = Self.requestAccounts(environment)
        token = text(.token)
        headers = Self.headerFields(text(.headers) ?? "")
        method = text(.method)
        body = try textFile(.bodyFile)
        hosts = Self.hostMappings(text(.resolve) ?? "")
        // The aliases' canonical names (`canonical-name`) are in the hosts file alone.
        if let hostsFile = try textFile(.hostsFile) {
            let canonical = Self.canonicalNames(hostsFile: hostsFile)
            hosts = hosts.map { host in
                var host = host
                host.canonicalName = canonical[host.name]
                return host
            }
        }
        proxy = text(.proxyURL).map {
            Proxy(
                url: $0, credentials: account(text(.proxyUsername), text(.proxyPassword), text(.proxyDomain)),
                bypass: list(.noProxy, separator: ","))
        }
        pauseSeconds = text(.pauseSeconds).flatMap { Int($0) }
        concurrent = text(.concurrent) == "1"
        if let configuration = try textFile(.kerberosConfiguration) {
            kerberos = Kerberos(configuration: configuration, credentialCache: try file(.kerberosCredentialCache) ?? [])
        }
        tokenEndpoint = text(.tokenURL).map {
            TokenEndpoint(
                url: $0, clientID: text(.clientID) ?? "", clientSecret: text(.clientSecret) ?? "",
                refreshToken: text(.refreshToken) ?? "")
        }
    }

    /// Reads the file at `path` from the file system.
    public static func readFile(_ path: String) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    /// The accounts of `MOCKAUTH_USERNAME_N`, `_PASSWORD_N`, `_DOMAIN_N`, by N.
    private static func requestAccounts(_ environment: [String: String]) -> [Int: Account] {
        var parts: [Int: [ClientVariable: String]] = [:]
        for (name, value) in environment {
            guard let (variable, request) = ClientVariable.parse(name), let request else { continue }
            parts[request, default: [:]][variable] = value
        }
        return parts.compactMapValues { part in
            part[.requestUsername].map {
                Account(username: $0, password: part[.requestPassword] ?? "", domain: part[.requestDomain])
            }
        }
    }

    /// Reads `MOCKAUTH_HEADERS`: one `Name: value` line each; a line without a colon is skipped.
    static func headerFields(_ lines: String) -> [HeaderField] {
        lines.split(separator: "\n").compactMap { line in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            let value = line[line.index(after: colon)...].drop { $0 == " " || $0 == "\t" }
            return HeaderField(name: String(line[..<colon]), value: String(value))
        }
    }

    /// Reads `MOCKAUTH_RESOLVE`: `name:port:address` entries, space-separated (an IPv6 address in
    /// brackets); a malformed one is skipped.
    static func hostMappings(_ entries: String) -> [HostMapping] {
        entries.split(separator: " ").compactMap { entry in
            let parts = entry.split(separator: ":", maxSplits: 2)
            guard parts.count == 3, let port = Int(parts[1]) else { return nil }
            var address = String(parts[2])
            if address.hasPrefix("["), address.hasSuffix("]") { address = String(address.dropFirst().dropLast()) }
            return HostMapping(name: String(parts[0]), port: port, address: address)
        }
    }
}
