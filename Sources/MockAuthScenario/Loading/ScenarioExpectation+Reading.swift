import Yams

extension ScenarioExpectation {
    /// Reads the `expect:` list.
    static func readAll(_ node: Node, file: String) throws(ScenarioError) -> [ScenarioExpectation] {
        let example = "expect:\n      - rule: request-succeeds\n        server: origin"
        let elements = try node.sequenceElements(file: file, what: "'expect'", example: example)
        guard !elements.isEmpty else {
            throw ScenarioError(
                .missingKey, at: ScenarioLocation(node, file: file), "'expect' needs at least one expectation",
                hint: example)
        }
        return try elements.map { (element) throws(ScenarioError) in try read(element, file: file) }
    }

    private static func read(_ node: Node, file: String) throws(ScenarioError) -> ScenarioExpectation {
        var entry = try YAMLMapping(node, file: file, context: "an expectation")
        let ruleNode = try entry.required("rule", example: "rule: request-succeeds")
        let ruleName = try ruleNode.scalarString(file: file, what: "'rule'")
        let serverNode = try entry.required("server", example: "server: origin")
        let server = try serverNode.scalarString(file: file, what: "'server'")
        let rule: ExpectationRule
        switch ruleName {
        case "rejects-certificate":
            rule = .rejectsCertificate(server: server)
        case "request-succeeds":
            rule = .requestSucceeds(server: server, path: try entry.string("path"))
        case "presents-client-certificate":
            rule = .presentsClientCertificate(server: server)
        default:
            let guess = closestWord(to: ruleName, among: ExpectationRule.names)
            throw ScenarioError(
                .invalidValue, at: ScenarioLocation(ruleNode, file: file), "unknown rule '\(ruleName)'",
                hint: guess.map { "rule: \($0)" } ?? "one of \(ExpectationRule.names.joined(separator: ", "))")
        }
        var level = ExpectationLevel.must
        if let levelName = try entry.string("level") {
            guard let known = ExpectationLevel(named: levelName) else {
                throw ScenarioError(
                    .invalidValue, at: entry.location(of: "level"),
                    "level must be 'must' or 'should', not '\(levelName)'",
                    hint: "level: should")
            }
            level = known
        }
        let because = try entry.string("because")
        try entry.finish()
        return ScenarioExpectation(rule, level: level, because: because)
    }
}
