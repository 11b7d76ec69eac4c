import Foundation

extension JSONEncoder {
    /// The encoder of every JSON document MockAuth writes for people and tools to read: verdicts and
    /// transcripts (`check --json`, the control API's answers), the conformance reports and
    /// baselines, `serve`'s endpoints file, `list --json`. Indented, keys sorted (two runs diff line
    /// by line), and `/` as it is (URLs read as written).
    package static func harnessOutput() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return encoder
    }
}
