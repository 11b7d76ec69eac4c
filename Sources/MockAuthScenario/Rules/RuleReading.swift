import MockAuthVocabulary
import Yams

// The keys several rules read the same way.
extension YAMLMapping {
    /// The rule's `server`: the id of the server whose transcript it reads.
    package mutating func ruleServer() throws(ScenarioError) -> String {
        try required("server", example: "server: origin").scalarString(file: file, what: "'server'")
    }

    /// A required string key of a rule (`path: /b`).
    package mutating func requiredString(_ key: String, example: String) throws(ScenarioError) -> String {
        try required(key, example: "\(key): \(example)").scalarString(file: file, what: "'\(key)'")
    }

    /// A rule's whole-number parameter `key` (0 or more).
    package mutating func count(_ key: String, example: Int) throws(ScenarioError) -> Int {
        let node = try required(key, example: "\(key): \(example)")
        guard let value = Int(try node.scalarString(file: file, what: "'\(key)'")), value >= 0 else {
            throw ScenarioError(
                .invalidValue, at: ScenarioLocation(node, file: file), "'\(key)' is a whole number",
                hint: "\(key): \(example)")
        }
        return value
    }

    /// The field a rule about a request field is about: `header` (any HTTP field name), or
    /// `cookie` (one cookie of the `Cookie` field, by name; `header` may then only say `Cookie`).
    package mutating func requestField(rule: RuleName, example: String) throws(ScenarioError)
        -> (header: String, cookie: String?)
    {
        guard let cookieNode = node("cookie") else {
            let headerNode = try required("header", example: "header: \(example)")
            return (try fieldName(headerNode, rule: rule), nil)
        }
        let cookie = try cookieNode.scalarString(file: file, what: "'cookie'")
        guard HTTPFieldSyntax.isToken(cookie) else {
            throw ScenarioError(
                .invalidValue, at: ScenarioLocation(cookieNode, file: file),
                "'\(rule)' needs a cookie name (a token) as 'cookie', not '\(cookie)'", hint: "cookie: sid")
        }
        if let headerNode = node("header") {
            let header = try fieldName(headerNode, rule: rule)
            guard header.lowercased() == "cookie" else {
                throw ScenarioError(
                    .invalidValue, at: ScenarioLocation(headerNode, file: file),
                    "'\(rule)' with 'cookie' is about the Cookie field, not \(header)", hint: "header: Cookie")
            }
            return (header, cookie)
        }
        return ("Cookie", cookie)
    }

    private func fieldName(_ node: Node, rule: RuleName) throws(ScenarioError) -> String {
        let header = try node.scalarString(file: file, what: "'header'")
        guard HTTPFieldSyntax.isToken(header) else {
            throw ScenarioError(
                .invalidValue, at: ScenarioLocation(node, file: file),
                "'\(rule)' needs an HTTP field name as 'header', not '\(header)'", hint: "header: Authorization")
        }
        return header
    }
}

extension Scenario {
    /// Throws unless the scenario has a server called `id`, with the closest id as the hint.
    package func requireServer(_ id: String, at location: ScenarioLocation) throws(ScenarioError) {
        let ids = servers.map(\.id)
        guard !ids.contains(id) else { return }
        let guess = closestWord(to: id, among: ids) ?? ids.first ?? "origin"
        throw ScenarioError(
            .unknownReference, at: location, "there is no server '\(id)' in this scenario", hint: "server: \(guess)")
    }
}
