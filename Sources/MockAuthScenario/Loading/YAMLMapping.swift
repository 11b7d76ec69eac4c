import Yams

/// A YAML mapping being read: every lookup knows its location, and ``finish()`` reports keys
/// nobody asked for.
package struct YAMLMapping {
    package let file: String
    /// What the mapping is, for messages ("the tls section").
    package let context: String
    package let location: ScenarioLocation
    private let pairs: [(key: String, keyLocation: ScenarioLocation, value: Node)]
    /// Each key's first position in ``pairs``: lookups are constant time, so a mapping of thousands
    /// of servers reads in linear time.
    private let index: [String: Int]
    private var consumed: Set<String> = []

    package init(_ node: Node, file: String, context: String) throws(ScenarioError) {
        let location = ScenarioLocation(node, file: file)
        guard case .mapping(let mapping) = node else {
            throw ScenarioError(.invalidValue, at: location, "\(context) must be a mapping of keys to values")
        }
        var pairs: [(String, ScenarioLocation, Node)] = []
        for (key, value) in mapping {
            let keyLocation = ScenarioLocation(key, file: file)
            guard case .scalar(let scalar) = key else {
                throw ScenarioError(.invalidValue, at: keyLocation, "keys in \(context) must be plain words")
            }
            pairs.append((scalar.string, keyLocation, value))
        }
        self.file = file
        self.context = context
        self.location = location
        self.pairs = pairs
        self.index = Dictionary(pairs.enumerated().map { ($1.0, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The keys, in file order.
    package var keys: [String] { pairs.map(\.key) }

    /// The value of `key`, marking it as read.
    package mutating func node(_ key: String) -> Node? {
        consumed.insert(key)
        return index[key].map { pairs[$0].value }
    }

    /// Where `key` is written, or the mapping's own location.
    package func location(of key: String) -> ScenarioLocation {
        index[key].map { pairs[$0].keyLocation } ?? location
    }

    package mutating func required(_ key: String, example: String) throws(ScenarioError) -> Node {
        guard let node = node(key) else {
            // A misspelt key is more useful to point at than the key it should have been.
            let unread = pairs.filter { !consumed.contains($0.key) }
            if let typo = closestWord(to: key, among: unread.map(\.key)),
                let pair = unread.first(where: { $0.key == typo })
            {
                throw ScenarioError(
                    .unknownKey, at: pair.keyLocation, "unknown key '\(typo)' in \(context)", hint: "'\(key)'")
            }
            throw ScenarioError(
                .missingKey, at: location, "\(context) needs a '\(key)' key", hint: example)
        }
        return node
    }

    package mutating func string(_ key: String) throws(ScenarioError) -> String? {
        guard let node = node(key) else { return nil }
        return try node.scalarString(file: file, what: "'\(key)'")
    }

    package mutating func int(_ key: String) throws(ScenarioError) -> Int? {
        guard let node = node(key) else { return nil }
        let text = try node.scalarString(file: file, what: "'\(key)'")
        guard let value = Int(text) else {
            throw ScenarioError(
                .invalidValue, at: ScenarioLocation(node, file: file), "'\(key)' must be a whole number, not '\(text)'")
        }
        return value
    }

    package mutating func bool(_ key: String) throws(ScenarioError) -> Bool? {
        guard let node = node(key) else { return nil }
        let text = try node.scalarString(file: file, what: "'\(key)'")
        switch text {
        case "true", "yes": return true
        case "false", "no": return false
        default:
            throw ScenarioError(
                .invalidValue, at: ScenarioLocation(node, file: file), "'\(key)' must be true or false, not '\(text)'",
                hint: "\(key): true")
        }
    }

    package mutating func strings(_ key: String) throws(ScenarioError) -> [String]? {
        guard let node = node(key) else { return nil }
        guard case .sequence(let sequence) = node else {
            throw ScenarioError(
                .invalidValue, at: ScenarioLocation(node, file: file), "'\(key)' must be a list",
                hint: "\(key): [first, second]")
        }
        var values: [String] = []
        for element in sequence {
            values.append(try element.scalarString(file: file, what: "each entry of '\(key)'"))
        }
        return values
    }

    /// Fails on the first key that was never read, suggesting the closest known one.
    package func finish() throws(ScenarioError) {
        for pair in pairs where !consumed.contains(pair.key) {
            let suggestion = closestWord(to: pair.key, among: Array(consumed))
            throw ScenarioError(
                .unknownKey, at: pair.keyLocation, "unknown key '\(pair.key)' in \(context)",
                hint: suggestion.map { "'\($0)'" }
                    ?? "one of \(consumed.sorted().map { "'\($0)'" }.joined(separator: ", "))")
        }
    }
}

extension ScenarioLocation {
    package init(_ node: Node, file: String) {
        self.init(file: file, line: node.mark?.line ?? 1, column: node.mark?.column ?? 1)
    }
}

extension Node {
    /// The node as a plain scalar string.
    package func scalarString(file: String, what: String) throws(ScenarioError) -> String {
        guard case .scalar(let scalar) = self else {
            throw ScenarioError(.invalidValue, at: ScenarioLocation(self, file: file), "\(what) must be a single value")
        }
        return scalar.string
    }

    /// The elements of a sequence node.
    package func sequenceElements(file: String, what: String, example: String) throws(ScenarioError) -> [Node] {
        guard case .sequence(let sequence) = self else {
            throw ScenarioError(
                .invalidValue, at: ScenarioLocation(self, file: file), "\(what) must be a list", hint: example)
        }
        return Array(sequence)
    }
}
