import MockAuth

/// What the conformance site says about a scenario beyond the report's cells: its summary and
/// description and its control, read from the catalog (``ConformanceSite``). The report holds only the
/// scenario's name and tags, so a site built without the catalog shows those alone.
package struct ScenarioAbout: Sendable, Equatable {
    /// One line saying what the scenario checks.
    package var summary: String
    /// The situation and what a correct client does.
    package var description: String
    /// The scenario that breaks nothing and is otherwise the same, if it has one.
    package var control: String?
    /// Why the scenario is retired, when it is.
    package var retired: String?

    package init(summary: String, description: String = "", control: String? = nil, retired: String? = nil) {
        self.summary = summary
        self.description = description
        self.control = control
        self.retired = retired
    }

    /// What `scenario` says about itself.
    package init(_ scenario: Scenario) {
        self.init(
            summary: scenario.summary, description: scenario.description, control: scenario.control,
            retired: scenario.retired)
    }
}
