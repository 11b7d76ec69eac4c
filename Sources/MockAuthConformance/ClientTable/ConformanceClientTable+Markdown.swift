extension ConformanceClientTable {
    /// The markers between which `--summary` writes the table into a page that has them
    /// (`docs/conformance.md`).
    package static let markdownBegin =
        "<!-- make conformance: clients begin (generated from the capability table, do not edit by hand) -->"
    package static let markdownEnd = "<!-- make conformance: clients end -->"

    /// The table as a page reads it: per client, its command, documentation, what its library
    /// lacks (with the documentation that says so), what its adapter does not drive, and which
    /// cells a documented option or the adapter's code decides. No version is written here: the
    /// summary prints the one each run reads.
    package var markdown: String {
        var lines: [String] = []
        for client in clients {
            lines.append("#### \(client.name)")
            lines.append("")
            var head = "- Adapter: `\(client.command)`"
            if let documentation = client.documentation { head += "; documentation: <\(documentation)>" }
            lines.append(head)
            if !client.lacks.isEmpty {
                lines.append("- Its library lacks (UNSUPPORTED):")
                lines += client.lacks.map { lack in
                    "  - \(Self.subject(lack)): \(lack.because)" + (lack.source.map { " (<\($0)>)" } ?? "")
                }
            }
            if !client.notDriven.isEmpty {
                lines.append("- The adapter does not drive (SKIP):")
                lines += client.notDriven.map { "  - \(Self.subject($0)): \($0.because)" }
            }
            if !client.configured.isEmpty {
                lines.append("- Judged as configured:")
                lines += client.configured.map { rule in
                    "  - \(Self.scope(rule)): \(rule.note)" + (rule.source.map { " (<\($0)>)" } ?? "")
                }
            }
            if !client.adapterDecides.isEmpty {
                lines.append("- Decided by the adapter's code (counted apart):")
                lines += client.adapterDecides.map { rule in
                    let place = rule.code.map { code in rule.symbol.map { "`\(code)` (`\($0)`)" } ?? "`\(code)`" }
                    return "  - \(Self.scope(rule)): \(rule.note)" + (place.map { ", in \($0)" } ?? "")
                }
            }
            lines.append("")
        }
        return lines.joined(separator: "\n")
    }

    /// What a lack is about: its feature, or what its scenarios need and their names.
    private static func subject(_ lack: Lack) -> String {
        guard lack.feature == nil else { return "`\(lack.what)`" }
        return "\(lack.what) (" + lack.scenarios.sorted().map { "`\($0)`" }.joined(separator: ", ") + ")"
    }

    /// What a credit rule covers, in words: its features and scenarios.
    private static func scope(_ rule: CreditRule) -> String {
        let features = rule.features.map(\.name).sorted().map { "`\($0)`" }
        let scenarios = rule.scenarios.sorted().map { "`\($0)`" }
        return (features + scenarios).joined(separator: ", ")
    }

    /// `page` with the text between ``markdownBegin`` and ``markdownEnd`` replaced by ``markdown``,
    /// or `nil` when the page lacks the markers.
    package func replacingMarkdown(in page: String) -> String? {
        guard let begin = page.range(of: Self.markdownBegin),
            let end = page.range(of: Self.markdownEnd, range: begin.upperBound..<page.endIndex)
        else { return nil }
        return String(page[..<begin.upperBound]) + "\n" + markdown + String(page[end.lowerBound...])
    }
}
