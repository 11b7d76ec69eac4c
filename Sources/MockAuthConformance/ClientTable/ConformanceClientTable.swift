import MockAuth

/// The capability table of `mockauthd conform --clients FILE` (the reference clients':
/// `Conformance/clients.yaml`): the one place for each client's command, how its version is read
/// at run time, what its library lacks by its documentation (UNSUPPORTED), what its adapter does
/// not drive (SKIP), and which cells a documented option or the adapter's own code decides (the
/// cell's ``Credit``). The Makefile, `conform` and the docs take them from here.
package struct ConformanceClientTable: Sendable, Equatable {
    /// One client of the matrix.
    package struct Client: Sendable, Equatable {
        /// The matrix's column.
        package var name: String
        /// Run with `/bin/sh -c` from the current directory, once per scenario.
        package var command: String
        /// Run once per run: prints the client's version and its TLS library on one line.
        package var version: String?
        /// The library's documentation.
        package var documentation: String?
        /// What the library lacks, by its documentation: UNSUPPORTED.
        package var lacks: [Lack]
        /// What the library has and the adapter does not drive: SKIP.
        package var notDriven: [Lack]
        /// Cells judged with a documented option the adapter sets.
        package var configured: [CreditRule]
        /// Cells whose behaviour the adapter's code decides.
        package var adapterDecides: [CreditRule]

        package init(
            name: String, command: String, version: String? = nil, documentation: String? = nil, lacks: [Lack] = [],
            notDriven: [Lack] = [], configured: [CreditRule] = [], adapterDecides: [CreditRule] = []
        ) {
            self.name = name
            self.command = command
            self.version = version
            self.documentation = documentation
            self.lacks = lacks
            self.notDriven = notDriven
            self.configured = configured
            self.adapterDecides = adapterDecides
        }

        /// The features of ``lacks``.
        package var lackedFeatures: Set<ClientFeature> { Set(lacks.compactMap(\.feature)) }
        /// The features of ``notDriven``.
        package var undrivenFeatures: Set<ClientFeature> { Set(notDriven.compactMap(\.feature)) }
        /// What ``lacks`` says of scenarios by name: each scenario with what it lacks.
        package var lackedScenarios: [String: String] { Self.byScenario(lacks) }
        /// What ``notDriven`` says of scenarios by name.
        package var undrivenScenarios: [String: String] { Self.byScenario(notDriven) }

        private static func byScenario(_ lacks: [Lack]) -> [String: String] {
            var result: [String: String] = [:]
            for lack in lacks {
                for scenario in lack.scenarios { result[scenario] = lack.what }
            }
            return result
        }
    }

    /// What a library lacks, or an adapter does not drive, and why: a feature (every scenario
    /// that needs it), or what some scenarios need that no feature names (a scheme a library answers
    /// for servers but not for proxies), by their names.
    package struct Lack: Sendable, Equatable {
        package var feature: ClientFeature?
        package var scenarios: Set<String>
        /// What is lacking, in a few words (the feature's name, or ``what`` for scenarios).
        package var what: String
        /// One sentence, true of the library (or of the adapter).
        package var because: String
        /// The documentation or source that says so (required for a library's lack).
        package var source: String?

        package init(feature: ClientFeature, because: String, source: String? = nil) {
            self.feature = feature
            self.scenarios = []
            self.what = feature.name
            self.because = because
            self.source = source
        }

        package init(scenarios: Set<String>, what: String, because: String, source: String? = nil) {
            self.feature = nil
            self.scenarios = scenarios
            self.what = what
            self.because = because
            self.source = source
        }
    }

    /// Which cells an option or the adapter's code decides: the scenarios that need any of
    /// ``features``, and the scenarios named in ``scenarios``.
    package struct CreditRule: Sendable, Equatable {
        package var features: Set<ClientFeature>
        package var scenarios: Set<String>
        /// What decides: the option as the adapter sets it, or the adapter's code and why.
        package var note: String
        /// The documentation of the option (`configured`).
        package var source: String?
        /// The adapter file whose code decides, and text it holds (`adapter-decides`).
        package var code: String?
        package var symbol: String?

        package init(
            features: Set<ClientFeature> = [], scenarios: Set<String> = [], note: String, source: String? = nil,
            code: String? = nil, symbol: String? = nil
        ) {
            self.features = features
            self.scenarios = scenarios
            self.note = note
            self.source = source
            self.code = code
            self.symbol = symbol
        }

        /// Whether the rule covers `scenario`: it names it, or the scenario needs one of its features
        /// (among the features it needs, or the schemes it offers the client to choose from).
        package func covers(_ scenario: Scenario) -> Bool {
            let requirements = scenario.requirements
            let needed = requirements.features.union(requirements.choices.flatMap(\.self))
            return scenarios.contains(scenario.name) || !features.isDisjoint(with: needed)
        }
    }

    /// The clients, in the matrix's order.
    package var clients: [Client]

    package init(clients: [Client]) {
        self.clients = clients
    }

    /// The client called `name`.
    package func client(_ name: String) -> Client? {
        clients.first { $0.name == name }
    }
}

extension ConformanceClientTable.Client {
    /// Whose behaviour the cell of this client on `scenario` judges, and what decided it when it is
    /// not the library as documented: the adapter's code first, then a documented option.
    package func credit(for scenario: Scenario) -> (credit: Credit, note: String?) {
        if let rule = adapterDecides.first(where: { $0.covers(scenario) }) {
            let place = rule.code.map { code in rule.symbol.map { "\(code) (\($0))" } ?? code }
            return (.adapter, [place, rule.note].compactMap(\.self).joined(separator: ": "))
        }
        if let rule = configured.first(where: { $0.covers(scenario) }) {
            return (.configured, rule.note)
        }
        return (.client, nil)
    }
}
