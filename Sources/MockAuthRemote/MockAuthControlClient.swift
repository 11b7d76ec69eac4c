import Foundation
import MockAuthMaterial
import MockAuthTranscript
import MockAuthVerdict

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The remote face of MockAuth: talks to the control API of a running `mockauthd serve` to begin
/// runs, hand their URLs and material to a client MockAuth does not launch (an app under XCUITest,
/// a device, a container), and fetch the verdict. Foundation only: it links into a UI-test bundle
/// or an app without SwiftNIO.
///
/// ```swift
/// let control = try MockAuthControlClient(endpointsFile: "/tmp/mockauth-endpoints.json")
/// let run = try await control.begin(scenario: "tls-expired")
/// app.launchArguments += ["-serverURL", run.url, "-anchorPEM", run.material.caCertificatePEM ?? ""]
/// // … drive the app …
/// let verdict = try await run.verdict()
/// try await run.end()
/// ```
public struct MockAuthControlClient: Sendable {
    /// The control API's base URL, e.g. `http://127.0.0.1:49200/`.
    public let url: URL
    private let token: String
    private let session: URLSession

    /// A client of the control API at `url`, authenticating with `token`.
    public init(url: URL, token: String, session: URLSession = .shared) {
        self.url = url
        self.token = token
        self.session = session
    }

    /// A client of the control API described by `serve --endpoints-file`'s `control` entry.
    public init(endpointsFile path: String, session: URLSession = .shared) throws {
        struct Endpoints: Decodable {
            struct Control: Decodable {
                var url: String
                var token: String
            }
            var control: Control
        }
        let endpoints: Endpoints
        do {
            endpoints = try JSONDecoder().decode(Endpoints.self, from: Data(contentsOf: URL(fileURLWithPath: path)))
        } catch {
            throw ControlAPIError(status: nil, message: "cannot read the control API from \(path): \(error)")
        }
        guard let url = URL(string: endpoints.control.url) else {
            throw ControlAPIError(status: nil, message: "\(path): control.url is not a URL")
        }
        self.init(url: url, token: endpoints.control.token, session: session)
    }

    /// A client of the control API named by `MOCKAUTH_CONTROL_URL` and `MOCKAUTH_CONTROL_TOKEN`
    /// (for a test runner whose scheme passes them), else by the endpoints file that
    /// `MOCKAUTH_ENDPOINTS_FILE` names.
    public static func fromEnvironment(
        _ environment: [String: String] = ProcessInfo.processInfo.environment, session: URLSession = .shared
    ) throws -> MockAuthControlClient {
        if let address = environment["MOCKAUTH_CONTROL_URL"], let token = environment["MOCKAUTH_CONTROL_TOKEN"] {
            guard let url = URL(string: address) else {
                throw ControlAPIError(status: nil, message: "MOCKAUTH_CONTROL_URL is not a URL")
            }
            return MockAuthControlClient(url: url, token: token, session: session)
        }
        if let file = environment["MOCKAUTH_ENDPOINTS_FILE"] {
            return try MockAuthControlClient(endpointsFile: file, session: session)
        }
        throw ControlAPIError(
            status: nil,
            message:
                "set MOCKAUTH_CONTROL_URL and MOCKAUTH_CONTROL_TOKEN, or MOCKAUTH_ENDPOINTS_FILE (mockauthd serve --endpoints-file)"
        )
    }

    /// Where requests go: ``url``, but on Apple platforms a control API that `url` names by
    /// `127.0.0.1` (`serve`'s default) is reached as `localhost`. App Transport Security lets an
    /// app, a UI-test runner among them, reach `localhost` over plain HTTP without exceptions, while
    /// from iOS 17 and macOS 14 it refuses plain HTTP to an IP address; `localhost` reaches the same
    /// listener (over `::1` first when it listens there, else `127.0.0.1`).
    package var reachedURL: URL {
        #if canImport(Darwin)
            guard var components = URLComponents(url: url, resolvingAgainstBaseURL: true),
                components.host == "127.0.0.1"
            else { return url }
            components.host = "localhost"
            return components.url ?? url
        #else
            return url
        #endif
    }

    /// The scenarios the server can run.
    public func scenarios() async throws -> [RemoteScenario] {
        try await send("GET", "v1/scenarios", as: RemoteScenarioList.self).scenarios
    }

    /// Begins a run of `scenario` on servers of its own.
    ///
    /// - Parameter client: who the client is, for the report `serve` writes on exit.
    public func begin(scenario: String, client: String? = nil) async throws -> RemoteRun {
        let body = try JSONEncoder().encode(RunRequest(scenario: scenario, client: client))
        let details = try await send("POST", "v1/runs", body: body, as: RunDescription.self)
        return RemoteRun(details: details, control: self)
    }

    /// The live runs.
    public func runs() async throws -> [RunSummary] {
        try await send("GET", "v1/runs", as: RunList.self).runs
    }

    /// Sends one request and decodes the answer; an error status becomes ``ControlAPIError``.
    func send<Answer: Decodable>(
        _ method: String, _ path: String, body: Data? = nil, as type: Answer.Type
    ) async throws -> Answer {
        guard let shown = URL(string: path, relativeTo: url), let target = URL(string: path, relativeTo: reachedURL)
        else {
            throw ControlAPIError(status: nil, message: "cannot form a URL for \(path)")
        }
        var request = URLRequest(url: target)
        request.httpMethod = method
        request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        if let body {
            request.httpBody = body
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await session.data(for: request)
        } catch {
            throw ControlAPIError(
                status: nil, message: "cannot reach \(shown.absoluteString) (is mockauthd serve running?): \(error)")
        }
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        guard (200..<300).contains(status) else {
            let message = (try? JSONDecoder().decode(ControlErrorBody.self, from: data))?.error
            throw ControlAPIError(status: status, message: message ?? ControlAPIError.meaning(of: status))
        }
        do {
            return try JSONDecoder().decode(Answer.self, from: data)
        } catch {
            throw ControlAPIError(status: status, message: "unexpected answer to \(method) /\(path): \(error)")
        }
    }
}

/// A run begun through the control API: its URLs and material, and its verdict on demand.
public struct RemoteRun: Sendable {
    /// What the server said when the run began.
    public let details: RunDescription
    let control: MockAuthControlClient

    /// The run's id.
    public var id: String { details.id }
    /// The scenario's name.
    public var scenario: String { details.scenario }
    /// The first URL the client requests.
    public var url: String { details.url }
    /// Every URL the client requests, in order.
    public var urls: [String] { details.urls }
    /// The `MOCKAUTH_*` variables, with paths on the machine that runs `serve`.
    public var environment: [String: String] { details.environment }
    /// Everything the client is given, inline: trust anchors, identities, pins, accounts, token,
    /// headers, proxy (``ClientMaterial``).
    public var material: ClientMaterial { details.material }

    /// The verdict on what the run's servers have seen so far. With `control`, a run of this
    /// scenario's control by the same client, the wrong-reason rule applies as in `mockauthd check`:
    /// a client that refuses here but also fails the control is INCONCLUSIVE, not PASS.
    ///
    /// Throws ``ControlAPIError`` with status `404` when this run has ended, and `409` when `control`
    /// conflicts with the runs: this scenario has no control (``RunDescription/control`` is `nil`),
    /// `control` has ended, or it is a run of another scenario than this one's control.
    public func verdict(control: RemoteRun? = nil) async throws -> Verdict {
        var path = "v1/runs/\(id)/verdict"
        if let control { path += "?control=\(control.id)" }
        return try await self.control.send("GET", path, as: Verdict.self)
    }

    /// Everything the run's servers have seen so far.
    public func transcript() async throws -> Transcript {
        try await control.send("GET", "v1/runs/\(id)/transcript", as: Transcript.self)
    }

    /// Ends the run, frees its ports, and returns its final verdict (without a control).
    @discardableResult
    public func end() async throws -> Verdict {
        try await control.send("DELETE", "v1/runs/\(id)", as: EndedRun.self).verdict
    }
}

/// The control API refused a request, or could not be reached or understood.
public struct ControlAPIError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The HTTP status, when the server answered: `400` a request the API's contract refuses, `401`
    /// a wrong token, `404` no such scenario or run (it never began, or it has ended), `409` a
    /// well-formed request that conflicts with the runs as they are (a `?control=` the run cannot be
    /// judged against), `413` and `431` a body or head over the limits, `429` too many live runs,
    /// `503` `serve` stopping (`docs/openapi.yaml` says when each is sent).
    public var status: Int?
    /// What went wrong, in the server's words when it said.
    public var message: String

    package init(status: Int?, message: String) {
        self.status = status
        self.message = message
    }

    public var description: String {
        status.map { "control API: \($0): \(message)" } ?? "control API: \(message)"
    }

    /// What `status` means from the control API, for an answer without the API's JSON error body.
    static func meaning(of status: Int) -> String {
        let meaning: String
        switch status {
        case 400: meaning = "the request is malformed"
        case 401: meaning = "the token is missing or wrong"
        case 404: meaning = "no such scenario, run or resource: the run never began, or it has ended"
        case 405: meaning = "the path does not answer this method"
        case 409:
            meaning = "the request conflicts with the runs as they are (a ?control= the run cannot be judged against)"
        case 413: meaning = "the body is too large"
        case 429: meaning = "too many live runs: end one first"
        case 431: meaning = "the request head is too large"
        case 503: meaning = "serve is stopping"
        default: meaning = HTTPURLResponse.localizedString(forStatusCode: status)
        }
        return "HTTP \(status): \(meaning)"
    }
}
