// A reference adapter for `mockauthd conform`: runs a built-in MockAuthTesting client
// (URLSession or AsyncHTTPClient) against the scenario described by the MOCKAUTH_* environment.
// Exit 0: every request got a 2xx; 89: the client cannot do what the scenario needs; 1 otherwise.
// Usage: mockauth-adapter urlsession|asynchttpclient [--ca-in-system-store]
// --ca-in-system-store: the harness CA is the system trust store (a private mount namespace, see
// Conformance/adapters/urlsession.sh), so a client that only trusts the system store can verify.
import Foundation
import MockAuthAsyncHTTPClient
import MockAuthTesting

let arguments = CommandLine.arguments.dropFirst()
let client: any ChallengeClient
switch arguments.first {
case "urlsession": client = URLSessionClient()
case "asynchttpclient": client = AsyncHTTPClientClient()
default:
    FileHandle.standardError.write(Data("usage: mockauth-adapter urlsession|asynchttpclient\n".utf8))
    exit(2)
}

let context: ClientContext
do {
    context = try ClientContext(environment: ProcessInfo.processInfo.environment)
} catch {
    FileHandle.standardError.write(Data("mockauth-adapter: \(error)\n".utf8))
    exit(1)
}
var needs = context.requiredCapabilities
if arguments.contains("--ca-in-system-store") { needs.remove(.customTrustRoots) }
let missing = needs.intersection(client.unsupported)
if !missing.isEmpty {
    FileHandle.standardError.write(
        Data("\(client.name) cannot: \(missing.map(\.name).sorted().joined(separator: ", "))\n".utf8))
    exit(89)
}
let report = await client.perform(context)
print(report.summary)
let succeeded = report.notAttempted == nil && report.outcomes.allSatisfy { ($0.status ?? 0) / 100 == 2 }
exit(succeeded ? 0 : 1)
