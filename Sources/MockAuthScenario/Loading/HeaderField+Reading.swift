import MockAuthVocabulary
import Yams

extension HeaderField {
    /// Header fields a scenario may not set: HTTP's framing and connection management, which the
    /// client's or the server's HTTP stack writes itself. Lower-cased.
    static let reservedNames: Set<String> = [
        "host", "content-length", "transfer-encoding", "connection", "keep-alive", "upgrade", "te", "trailer",
        "proxy-connection",
    ]

    /// Reads a mapping of field names to values (`X-Api-Key: k-7f3a`), in file order. A name must be
    /// an HTTP token and not one of ``reservedNames``; a value must be sendable as it is (no CR, LF or
    /// other control character, nothing that would end the line and start another header).
    static func readList(_ node: Node, file: String, context: String) throws(ScenarioError) -> [HeaderField] {
        var mapping = try YAMLMapping(node, file: file, context: context)
        var fields: [HeaderField] = []
        var seen: Set<String> = []
        for name in mapping.keys {
            let location = mapping.location(of: name)
            guard HTTPFieldSyntax.isToken(name) else {
                throw ScenarioError(
                    .invalidValue, at: location, "'\(name)' in \(context) is not an HTTP field name",
                    hint: "letters, digits and !#$%&'*+-.^_`|~, e.g. X-Api-Key")
            }
            guard !reservedNames.contains(name.lowercased()) else {
                throw ScenarioError(
                    .invalidValue, at: location,
                    "\(context) cannot set \(name): the HTTP stack writes it itself")
            }
            guard seen.insert(name.lowercased()).inserted else {
                throw ScenarioError(.invalidValue, at: location, "\(name) appears twice in \(context)")
            }
            let value = try mapping.string(name) ?? ""
            guard HTTPFieldSyntax.isFieldValue(value) else {
                throw ScenarioError(
                    .invalidValue, at: location,
                    "the value of \(name) in \(context) cannot be sent in a header: no line breaks, control characters, or spaces at either end"
                )
            }
            fields.append(HeaderField(name: name, value: value))
        }
        try mapping.finish()
        return fields
    }
}
