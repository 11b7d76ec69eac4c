import Foundation
import MockAuth
import MockAuthRemote

extension RunMaterial {
    /// What `run`'s client is given, inline: exactly what ``ScenarioRun/environment`` gives as files
    /// and variables, under the same conditions.
    init(_ run: ScenarioRun) {
        let client = run.scenario.client
        self.init()
        if client.trust.isGiven {
            caCertificatePEM = run.caCertificatePEM
        }
        if client.identity != nil {
            clientCertificatePEM = run.clientCertificatePEM
            clientKeyPEM = run.clientKeyPEM
            clientP12Base64 = Data(run.clientPKCS12).base64EncodedString()
            clientP12Password = run.clientPKCS12Passphrase
        }
        if client.identity?.second == true {
            secondClientCertificatePEM = run.secondClientCertificatePEM
            secondClientKeyPEM = run.secondClientKeyPEM
            secondClientP12Base64 = Data(run.secondClientPKCS12).base64EncodedString()
        }
        pinSHA256 = run.pin
        credentials = client.credentials.map {
            RemoteCredentials(username: $0.username, password: $0.password, domain: $0.domain)
        }
        token = client.token
        headers = client.headers.isEmpty ? nil : client.headers
        var perRequest: [String: RemoteCredentials] = [:]
        for (index, request) in client.requests.enumerated() {
            guard let account = request.credentials else { continue }
            perRequest[String(index + 1)] = RemoteCredentials(
                username: account.username, password: account.password, domain: account.domain)
        }
        requestCredentials = perRequest.isEmpty ? nil : perRequest
        method = client.sendsRequestContent ? client.method : nil
        let mappings = run.server.hostMappings
        hosts = mappings.isEmpty ? nil : mappings
        body = client.body
        if let proxy = client.proxy, let endpoint = run.server.endpoint(proxy.server) {
            self.proxy = RemoteProxy(
                url: endpoint.baseURL,
                credentials: proxy.credentials.map {
                    RemoteCredentials(username: $0.username, password: $0.password, domain: $0.domain)
                })
        }
    }
}
