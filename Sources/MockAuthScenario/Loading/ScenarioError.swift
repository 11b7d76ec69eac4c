/// Why a scenario could not be loaded: where, what is wrong, and what to write instead.
///
/// Two errors are equal when their codes are, whatever the location and words, so tests can
/// compare against `ScenarioError.unknownKey` and the like.
public struct ScenarioError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The kind of mistake.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        fileprivate let name: String
        public var description: String { name }

        /// The file is not valid YAML.
        public static let syntax = Code(name: "syntax")
        /// A key the format does not know.
        public static let unknownKey = Code(name: "unknown-key")
        /// A key the format requires is missing.
        public static let missingKey = Code(name: "missing-key")
        /// A value has the wrong type or is outside its allowed set.
        public static let invalidValue = Code(name: "invalid-value")
        /// A reference to something the scenario does not define (a server id, a control).
        public static let unknownReference = Code(name: "unknown-reference")
        /// The file is written for a newer format version.
        public static let unsupportedVersion = Code(name: "unsupported-version")
        /// The file could not be read, or no scenario has that name.
        public static let notFound = Code(name: "not-found")
    }

    public var code: Code
    /// Where the mistake is. `nil` only when there is no file (e.g. an unknown scenario name).
    public var location: ScenarioLocation?
    /// What is wrong.
    public var reason: String
    /// What to write instead.
    public var hint: String?

    package init(_ code: Code, at location: ScenarioLocation?, _ reason: String, hint: String? = nil) {
        self.code = code
        self.location = location
        self.reason = reason
        self.hint = hint
    }

    public var description: String {
        var text = location.map { "\($0): error: " } ?? "error: "
        text += reason
        if let hint { text += "\n    write instead: \(hint)" }
        return text
    }

    public static func == (lhs: ScenarioError, rhs: ScenarioError) -> Bool { lhs.code == rhs.code }
}

/// Several scenario errors at once (e.g. `mockauthd validate` over many files).
public struct ScenarioErrors: Error, Sendable, CustomStringConvertible {
    public var errors: [ScenarioError]

    package init(_ errors: [ScenarioError]) { self.errors = errors }

    public var description: String { errors.map(\.description).joined(separator: "\n") }
}
