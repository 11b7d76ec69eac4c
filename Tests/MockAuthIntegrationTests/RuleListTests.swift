import Foundation
import MockAuth
import MockAuthScenario
import Testing

/// A rule is one type: the list of rule types is the one place the loader, the judge and the docs
/// learn which rules exist, and a rule is known to no other source file.
@Suite("The rule list")
struct RuleListTests {
    static let sources = MockAuthDBinary.repositoryRoot.appendingPathComponent("Sources")

    @Test("the rule table of docs/scenario-format.md lists the rules of the list, in its order")
    func documentedTable() throws {
        let document = try String(
            contentsOf: MockAuthDBinary.repositoryRoot.appendingPathComponent("docs/scenario-format.md"),
            encoding: .utf8)
        let section = try #require(document.split(separator: "\n## ").first { $0.hasPrefix("Rules\n") })
        // "| `authenticates` (`path`, `after-challenge`) | …": the first cell's first code span.
        let documented = section.split(separator: "\n").filter { $0.hasPrefix("| `") }.compactMap { line in
            line.firstMatch(of: /^\| `([a-z0-9-]+)`/).map { String($0.1) }
        }
        #expect(documented == ScenarioRules.names.map(\.rawValue))
    }

    @Test("a rule's type appears in at most 3 source files: its own, its evaluation and the list")
    func ruleFiles() throws {
        let files = try Self.swiftFiles(under: Self.sources)
        #expect(files.count > 100, "found only \(files.count) Swift files under Sources")
        let rulesFolder = "MockAuthScenario/Rules/"
        for rule in ScenarioRules.all {
            let type = String(describing: rule)
            // ASCII word boundaries: `RejectsCertificate.self` names the type.
            let word = try Regex("\\b\(type)\\b").wordBoundaryKind(.simple)
            let naming = Set(files.filter { $0.text.contains(word) }.map(\.path))
            let expected: Set = [
                "\(rulesFolder)\(type).swift", "\(rulesFolder)\(type)+Evaluation.swift",
                "\(rulesFolder)ScenarioRules.swift",
            ]
            #expect(naming == expected, "\(type) (\(rule.name)) is named by \(naming.sorted())")
            let own = try #require(files.first { $0.path == "\(rulesFolder)\(type).swift" })
            #expect(
                own.text.contains("static let name: RuleName = \"\(rule.name)\""),
                "\(type).swift does not define the name \(rule.name)")
        }
    }

    @Test("every name is a distinct lowercase word, as scenario files write it")
    func names() {
        let names = ScenarioRules.names.map(\.rawValue)
        #expect(Set(names).count == names.count)
        for name in names { #expect(name.wholeMatch(of: /[a-z]+(-[a-z0-9]+)*/) != nil, "\(name)") }
    }

    /// Every `.swift` file under `root`, with its path relative to `root` and its text.
    static func swiftFiles(under root: URL) throws -> [(path: String, text: String)] {
        guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else {
            return []
        }
        var files: [(path: String, text: String)] = []
        let prefix = root.standardizedFileURL.path + "/"
        for case let url as URL in walker where url.pathExtension == "swift" {
            let path = url.standardizedFileURL.path
            files.append((String(path.dropFirst(prefix.count)), try String(contentsOf: url, encoding: .utf8)))
        }
        return files
    }
}
