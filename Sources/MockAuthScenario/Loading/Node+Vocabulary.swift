import Yams

extension Node {
    /// The node as one word of a vocabulary: an enum whose raw values are the words scenario files use.
    /// An unknown word is an error at the value, suggesting the closest word (`key: word`) or listing them.
    ///
    /// - Parameters:
    ///   - what: the kind of word, for the message ("TLS profile" → "unknown TLS profile 'expird'").
    ///   - key: the key the value belongs to, for the hint ("profile" → "profile: expired").
    func word<Word: RawRepresentable & CaseIterable>(
        _ type: Word.Type, file: String, what: String, key: String
    ) throws(ScenarioError) -> Word where Word.RawValue == String {
        let text = try scalarString(file: file, what: "'\(key)'")
        if let word = Word(rawValue: text) { return word }
        let words = Word.allCases.map(\.rawValue)
        throw ScenarioError(
            .invalidValue, at: ScenarioLocation(self, file: file), "unknown \(what) '\(text)'",
            hint: closestWord(to: text, among: words).map { "\(key): \($0)" }
                ?? words.map { "\(key): \($0)" }.joined(separator: " or "))
    }
}

extension YAMLMapping {
    /// The value of `key` as one word of a vocabulary (see ``Node/word(_:file:what:key:)``), if present.
    mutating func word<Word: RawRepresentable & CaseIterable>(
        _ key: String, _ type: Word.Type, what: String
    ) throws(ScenarioError) -> Word? where Word.RawValue == String {
        guard let node = node(key) else { return nil }
        return try node.word(type, file: file, what: what, key: key)
    }
}
