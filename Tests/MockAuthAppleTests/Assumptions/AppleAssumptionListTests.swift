import Foundation
import Testing

/// docs/platforms.md lists the Apple assumptions exactly as ``AppleAssumption`` defines them, so
/// that what the docs call assumed is what the tests judge and the jobs report. Runs everywhere,
/// Linux included.
@Suite("The Apple assumptions: the tests' list is the docs' list")
struct AppleAssumptionListTests {
    /// The repository's docs/platforms.md, found from this file's path.
    static let platformsPage = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("docs/platforms.md")

    /// The heading of the section whose table lists the assumptions.
    static let heading = "## Apple assumptions"

    @Test("docs/platforms.md's table of assumptions has one row per AppleAssumption, in order, as it writes them")
    func docsListEqualsTheTests() throws {
        let page = try String(contentsOf: Self.platformsPage, encoding: .utf8)
        let section = try #require(
            page.components(separatedBy: "\n\(Self.heading)\n").dropFirst().first, "no '\(Self.heading)' section")
        let body = section.components(separatedBy: "\n## ").first ?? section
        let rows = body.split(separator: "\n").map(String.init).filter { $0.hasPrefix("| `") }
        let expected = AppleAssumption.allCases.map(\.markdownRow)
        #expect(rows == expected, "write the table from AppleAssumption.markdownRow")
        #expect(Set(rows).count == rows.count)
    }

    @Test("every cell of 'Which job proves what' names its job, or claims nothing; every assumption it names exists")
    func everyClaimHasItsJob() throws {
        let page = try String(contentsOf: Self.platformsPage, encoding: .utf8)
        let section = try #require(page.components(separatedBy: "\n## Which job proves what\n").dropFirst().first)
        let table = (section.components(separatedBy: "\n## ").first ?? section).split(separator: "\n")
            .filter { $0.hasPrefix("| ") && !$0.hasPrefix("| Capability") }
        #expect(table.count >= 15, "\(table.count) rows")
        let jobs = ["`linux`", "`macos", "`apple-platforms"]
        // What a cell may say without a job: that nothing is claimed, or where to look.
        let claimsNothing = ["not tested", "absent", "—", "as iOS", "built", "no", "not expected"]
        let names = Set(AppleAssumption.allCases.map(\.rawValue))
        for row in table {
            let cells = row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }.dropFirst()
            for cell in cells {
                let provenOrNot = jobs.contains { cell.contains($0) } || claimsNothing.contains { cell.hasPrefix($0) }
                #expect(provenOrNot, "'\(cell)' in \(row.prefix(60))… names no job")
                #expect(!cell.hasPrefix("yes") || jobs.contains { cell.contains($0) }, "'\(cell)': a yes without a job")
                for assumed in cell.matches(of: /`([a-z0-9-]+)`/).map({ String($0.output.1) })
                where cell.contains("assumed") && !["linux", "macos"].contains(assumed) {
                    #expect(names.contains(assumed), "'\(assumed)' in '\(cell)' is no AppleAssumption")
                }
            }
        }
    }

    @Test("names are kebab-case and unique, and an assumption rests only on others")
    func names() {
        for assumption in AppleAssumption.allCases {
            #expect(assumption.rawValue.allSatisfy { $0.isLowercase || $0.isNumber || $0 == "-" }, "\(assumption)")
            #expect(!assumption.restsOn.contains(assumption), "\(assumption) rests on itself")
            #expect(!assumption.statement.contains("|"), "\(assumption): a table cell cannot hold '|'")
        }
        #expect(Set(AppleAssumption.allCases.map(\.rawValue)).count == AppleAssumption.allCases.count)
        for assumption in AppleAssumption.allCases {
            var seen: Set<AppleAssumption> = []
            var next = assumption.restsOn
            while let other = next.popLast() {
                #expect(other != assumption, "\(assumption) rests on itself through \(seen)")
                if seen.insert(other).inserted { next += other.restsOn }
            }
        }
    }

    @Test("every assumption is judged by at least one Apple test (AppleAssumption.NAME.check)")
    func everyAssumptionIsChecked() throws {
        let folder = Self.platformsPage.deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Tests/MockAuthAppleTests")
        let files = try #require(FileManager.default.subpaths(atPath: folder.path)).filter {
            $0.hasSuffix(".swift") && !$0.hasPrefix("Assumptions/")
        }
        let sources = try files.map { try String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8) }
            .joined(separator: "\n")
        for assumption in AppleAssumption.allCases {
            #expect(sources.contains("AppleAssumption.\(assumption).check"), "no test judges '\(assumption.rawValue)'")
        }
    }
}
