import MockAuthMaterial
import MockAuthVerdict
import MockAuthVocabulary

/// The JSON bodies of `mockauthd serve`'s control API, version 1: the contract between the server
/// (`MockAuthControl`) and every client of it (``MockAuthControlClient``, `curl`, any language).
/// `docs/schemas/control/` holds a JSON Schema for each; `docs/remote.md` describes the API.
public enum ControlAPIVersion {
    /// The path prefix of this version: `/v1/`.
    public static let pathPrefix = "/v1/"
}

/// One scenario of the catalog, as `GET /v1/scenarios` lists it.
public struct RemoteScenario: Sendable, Codable, Equatable {
    /// The scenario's name: what `POST /v1/runs` takes.
    public var name: String
    /// One line: what is broken, or what is asked of the client.
    public var summary: String
    /// What the scenario checks and why, in full.
    public var description: String
    public var tags: [String]
    /// The scenario's control (its twin that breaks nothing), when it has one.
    public var control: String?
    /// What a correct client does, in words.
    public var correctClient: String

    package init(
        name: String, summary: String, description: String, tags: [String], control: String?, correctClient: String
    ) {
        self.name = name
        self.summary = summary
        self.description = description
        self.tags = tags
        self.control = control
        self.correctClient = correctClient
    }
}

/// `GET /v1/scenarios`.
public struct RemoteScenarioList: Sendable, Codable, Equatable {
    public var scenarios: [RemoteScenario]

    package init(scenarios: [RemoteScenario]) { self.scenarios = scenarios }
}

/// `POST /v1/runs`'s body.
public struct RunRequest: Sendable, Codable, Equatable {
    /// The scenario to run, by name.
    public var scenario: String
    /// Who the client is, for the report `serve` writes on exit (default `remote`).
    public var client: String?

    package init(scenario: String, client: String? = nil) {
        self.scenario = scenario
        self.client = client
    }
}

/// A run that has begun (`201` to `POST /v1/runs`): its own servers, and what its client is given.
public struct RunDescription: Sendable, Codable, Equatable {
    /// The run's id, for `/v1/runs/ID/…`.
    public var id: String
    /// The scenario's name.
    public var scenario: String
    /// The scenario's control, when it has one: begin a run of it too, and pass its id as
    /// `?control=ID` when asking for this run's verdict.
    public var control: String?
    /// The first URL the client requests.
    public var url: String
    /// Every URL the client requests, in order.
    public var urls: [String]
    /// Exactly the `MOCKAUTH_*` variables `mockauthd check` gives a client command (file paths on
    /// the machine that runs `serve`).
    public var environment: [String: String]
    /// Everything the client is given, inline (files as their contents), for a client that cannot
    /// read that machine's files: the value ``environment`` is a projection of.
    public var material: ClientMaterial

    package init(
        id: String, scenario: String, control: String?, url: String, urls: [String], environment: [String: String],
        material: ClientMaterial
    ) {
        self.id = id
        self.scenario = scenario
        self.control = control
        self.url = url
        self.urls = urls
        self.environment = environment
        self.material = material
    }

    private enum CodingKeys: String, CodingKey {
        case id, scenario, control, url, urls, environment, material
    }

    /// Reads a run description; a `material` from a `serve` that did not yet carry the scenario's
    /// name and URLs in it takes the description's own.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let scenario = try container.decode(String.self, forKey: .scenario)
        let urls = try container.decode([String].self, forKey: .urls)
        var material = try container.decode(ClientMaterial.self, forKey: .material)
        if material.scenario.isEmpty { material.scenario = scenario }
        if material.urls.isEmpty { material.urls = urls }
        self.init(
            id: try container.decode(String.self, forKey: .id), scenario: scenario,
            control: try container.decodeIfPresent(String.self, forKey: .control),
            url: try container.decode(String.self, forKey: .url), urls: urls,
            environment: try container.decode([String: String].self, forKey: .environment), material: material)
    }
}

/// A live run, as `GET /v1/runs` lists it.
public struct RunSummary: Sendable, Codable, Equatable {
    public var id: String
    public var scenario: String
    public var url: String

    package init(id: String, scenario: String, url: String) {
        self.id = id
        self.scenario = scenario
        self.url = url
    }
}

/// `GET /v1/runs`.
public struct RunList: Sendable, Codable, Equatable {
    public var runs: [RunSummary]

    package init(runs: [RunSummary]) { self.runs = runs }
}

/// `200` to `DELETE /v1/runs/ID`: the run's final verdict; its servers are stopped.
public struct EndedRun: Sendable, Codable, Equatable {
    public var id: String
    public var scenario: String
    public var verdict: Verdict

    package init(id: String, scenario: String, verdict: Verdict) {
        self.id = id
        self.scenario = scenario
        self.verdict = verdict
    }
}

/// The body of every error response (4xx and 5xx): what was wrong, in words.
public struct ControlErrorBody: Sendable, Codable, Equatable {
    public var error: String

    package init(error: String) { self.error = error }
}
