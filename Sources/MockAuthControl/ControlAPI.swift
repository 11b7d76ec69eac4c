import Foundation
import MockAuth
import MockAuthRemote
import NIOHTTP1

/// The control API of `mockauthd serve`, version 1, apart from HTTP: every request is checked for
/// the bearer token, routed, and answered with JSON (`docs/remote.md`, schemas in
/// `docs/schemas/control/`).
///
/// ```swift
/// let api = ControlAPI(token: .random(), registry: registry)
/// let response = await api.respond(to: ControlRequest(method: .GET, target: "/v1/scenarios", authorization: "Bearer …"))
/// ```
public struct ControlAPI: Sendable {
    package let token: ControlToken
    package let registry: RunRegistry

    public init(token: ControlToken, registry: RunRegistry) {
        self.token = token
        self.registry = registry
    }

    /// Answers one request. A request without the right token learns nothing but `401`.
    package func respond(to request: ControlRequest) async -> ControlResponse {
        if let refusal = refusal(of: request.authorization) { return refusal }
        guard let route = ControlRoute(target: request.target) else {
            return Self.error(
                ControlFailure(.notFound, "no such resource: \(ControlFailure.printable(request.target))"))
        }
        guard route.methods.contains(request.method) else {
            let allowed = route.methods.map(\.rawValue).joined(separator: ", ")
            return Self.error(
                ControlFailure(
                    .methodNotAllowed, "\(request.method.rawValue) is not allowed here (allowed: \(allowed))"),
                headers: [("Allow", allowed)])
        }
        do {
            return try await answer(route, request)
        } catch let failure as ControlFailure {
            return Self.error(failure)
        } catch {
            return Self.error(ControlFailure(.internalServerError, "\(error)"))
        }
    }

    private func answer(_ route: ControlRoute, _ request: ControlRequest) async throws -> ControlResponse {
        switch (route, request.method) {
        case (.scenarios, _):
            return try Self.json(.ok, RemoteScenarioList(scenarios: await registry.scenarios()))
        case (.runs, .POST):
            let body: RunRequest
            do {
                body = try JSONDecoder().decode(RunRequest.self, from: Data(request.body))
            } catch {
                throw ControlFailure(.badRequest, "the body must be JSON like {\"scenario\": \"tls-expired\"}")
            }
            return try Self.json(.created, try await registry.begin(body))
        case (.runs, _):
            return try Self.json(.ok, RunList(runs: await registry.runs()))
        case (.run(let id), .DELETE):
            return try Self.json(.ok, try await registry.end(id))
        case (.run(let id), _):
            return try Self.json(.ok, try await registry.description(of: id))
        case (.verdict(let id, let control), _):
            if let control, !ControlRoute.isRunID(control) { throw ControlFailure.notARunID(control) }
            return try Self.json(.ok, try await registry.verdict(of: id, control: control))
        case (.transcript(let id), _):
            return try Self.json(.ok, try await registry.transcript(of: id))
        }
    }

    /// The `401` for a request whose `Authorization` is not the token, or `nil` when it is: decided
    /// from the head alone, so the HTTP layer asks before it reads a body (``ControlHTTPHandler``).
    package func refusal(of authorization: String?) -> ControlResponse? {
        guard !token.authorizes(authorization) else { return nil }
        return Self.error(
            ControlFailure(.unauthorized, "send Authorization: Bearer with the token of the endpoints file"),
            headers: [("WWW-Authenticate", "Bearer realm=\"mockauthd control\"")])
    }

    /// Every answer, in the JSON of `mockauthd check --json` (``JSONEncoder/harnessOutput()``).
    static func json(_ status: HTTPResponseStatus, _ value: some Encodable, headers: [(String, String)] = [])
        throws -> ControlResponse
    {
        ControlResponse(status: status, headers: headers, body: Array(try JSONEncoder.harnessOutput().encode(value)))
    }

    static func error(_ failure: ControlFailure, headers: [(String, String)] = []) -> ControlResponse {
        let body = (try? json(failure.status, ControlErrorBody(error: failure.message)).body) ?? Array("{}".utf8)
        return ControlResponse(status: failure.status, headers: headers, body: body)
    }

}
