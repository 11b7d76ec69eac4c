import MockAuthVocabulary
import NIOHTTP1

/// The resources of the control API, version 1, parsed from a request target.
enum ControlRoute: Equatable {
    /// `/v1/scenarios`
    case scenarios
    /// `/v1/runs`
    case runs
    /// `/v1/runs/ID`
    case run(String)
    /// `/v1/runs/ID/verdict`, optionally `?control=ID`
    case verdict(String, control: String?)
    /// `/v1/runs/ID/transcript`
    case transcript(String)

    /// The route of `target` (origin-form, or absolute-form, which a server must accept: RFC 9112
    /// §3.2.2, read through ``RequestTarget`` as every listener reads it), or `nil` when the control
    /// API has no such resource.
    init?(target: String) {
        let origin = RequestTarget.originForm(ofAbsolute: target) ?? target
        let parts = origin.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        let segments = parts[0].split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        let query = parts.count > 1 ? Self.query(parts[1]) : [:]
        guard segments.first == "v1", segments.dropFirst().allSatisfy(Self.isRunID) else { return nil }
        switch Array(segments.dropFirst()) {
        case ["scenarios"]: self = .scenarios
        case ["runs"]: self = .runs
        case let path where path.count == 2 && path[0] == "runs": self = .run(path[1])
        case let path where path.count == 3 && path[0] == "runs" && path[2] == "verdict":
            self = .verdict(path[1], control: query["control"])
        case let path where path.count == 3 && path[0] == "runs" && path[2] == "transcript":
            self = .transcript(path[1])
        default: return nil
        }
    }

    /// The resource, whatever its ids.
    var resource: Resource {
        switch self {
        case .scenarios: .scenarios
        case .runs: .runs
        case .run: .run
        case .verdict: .verdict
        case .transcript: .transcript
        }
    }

    /// The methods the resource answers.
    var methods: [HTTPMethod] { resource.methods }

    /// A resource of the control API, by its path in `docs/openapi.yaml`, the source of truth of the
    /// API: the contract test (`ControlAPIContractTests`) holds the document's paths, methods and
    /// query parameters to these, so a route cannot be added here without the document.
    enum Resource: String, CaseIterable {
        case scenarios = "/v1/scenarios"
        case runs = "/v1/runs"
        case run = "/v1/runs/{id}"
        case verdict = "/v1/runs/{id}/verdict"
        case transcript = "/v1/runs/{id}/transcript"

        /// The methods it answers (`405` with `Allow` for the others).
        var methods: [HTTPMethod] {
            switch self {
            case .scenarios, .verdict, .transcript: [.GET]
            case .runs: [.GET, .POST]
            case .run: [.GET, .DELETE]
            }
        }

        /// The query parameters it reads; any other is ignored.
        var queryParameters: [String] {
            switch self {
            case .verdict: ["control"]
            case .scenarios, .runs, .run, .transcript: []
            }
        }
    }

    /// Whether `text` is a run id as `docs/openapi.yaml`'s `RunID` pattern says one is,
    /// `^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$`: an ASCII letter or digit, then at most 127 letters,
    /// digits, `.`, `_` or `-`. Every segment of a path is held to it (ids, names and the API's own
    /// words alike), and so is `?control=`.
    static func isRunID(_ text: some StringProtocol) -> Bool {
        let scalars = text.unicodeScalars
        guard let first = scalars.first, isLetterOrDigit(first), scalars.count <= 128 else { return false }
        return scalars.dropFirst().allSatisfy { isLetterOrDigit($0) || "-_.".unicodeScalars.contains($0) }
    }

    private static func isLetterOrDigit(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
    }

    private static func query(_ text: Substring) -> [String: String] {
        var values: [String: String] = [:]
        for pair in text.split(separator: "&").prefix(8) {
            let field = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard field.count == 2 else { continue }
            values[String(field[0])] = String(field[1])
        }
        return values
    }
}
