// A reference adapter for `mockauthd conform`: runs a built-in MockAuthClients client
// (URLSession or AsyncHTTPClient) against the scenario described by the MOCKAUTH_* environment.
// Exit 0: every request got a 2xx; 89: the client cannot do what the scenario needs; 1 otherwise.
// Usage: mockauth-adapter urlsession|asynchttpclient [--ca-in-system-store]
// --ca-in-system-store: the harness CA is the system trust store (a private mount namespace, see
// Conformance/adapters/urlsession.sh), so a client that only trusts the system store can verify.
import Foundation
import MockAuthAsyncHTTPClient
import MockAuthClients

/// The clients this adapter runs, by the name its first argument gives.
enum AdapterClient: String, CaseIterable {
    case urlsession, asynchttpclient

    var client: any ChallengeClient {
        switch self {
        case .urlsession: URLSessionClient()
        case .asynchttpclient: AsyncHTTPClientClient()
        }
    }
}

let arguments = CommandLine.arguments.dropFirst()
guard let chosen = arguments.first.flatMap(AdapterClient.init(rawValue:)) else {
    let names = AdapterClient.allCases.map(\.rawValue).joined(separator: "|")
    FileHandle.standardError.write(Data("usage: mockauth-adapter \(names) [--ca-in-system-store]\n".utf8))
    exit(2)
}
let client = chosen.client

let context: ClientContext
do {
    context = try ClientContext(environment: ProcessInfo.processInfo.environment)
} catch {
    FileHandle.standardError.write(Data("mockauth-adapter: \(error)\n".utf8))
    exit(1)
}
// The scenario's needs (MOCKAUTH_FEATURES) against the client's limits: the same derivation
// `replay` and `conform` use (`conform` finds the library's lacks in Conformance/clients.yaml first
// and never runs the adapter for those cells; this is the same check, for a run without the table).
var lacking = client.lacks.union(client.unsupported)
if arguments.contains("--ca-in-system-store") { lacking.remove(.customTrustAnchors) }
let missing = context.requirements.unmet(lacking: lacking)
if !missing.isEmpty {
    FileHandle.standardError.write(Data("\(client.name) lacks \(missing.joined(separator: ", "))\n".utf8))
    exit(ClientExit.unsupportedStatus)
}
let report = await client.perform(context)
print(report.summary)
exit(report.succeeded ? 0 : 1)
