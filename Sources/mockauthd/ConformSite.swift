import ArgumentParser
import Foundation
import MockAuthClients
import MockAuthConformance

extension MockAuthD.Conform {
    /// `mockauthd conform site REPORT.json --out DIR`: a run's report as a static site.
    struct Site: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Write a conform --json report as a static site: an index, a page per client and per scenario.",
            discussion: """
                DIR/index.html holds the summary per client and the heat map and links every page; \
                DIR/clients/NAME.html shows each of the client's cells by area (outcome, credit, reason, what the \
                servers saw) and its version; DIR/scenarios/NAME.html shows every client's cell of the scenario \
                side by side with its tags, and its summary and description when --scenarios names the catalog \
                (the report holds only names and tags; without --scenarios no catalog is read, as the one at hand \
                may not be the one the report was made from). Plain HTML and CSS with relative links: it opens from \
                file:// and serves from any sub-path (GitHub Pages). A name unsafe in a file name gets a mapped, \
                unique file name. Exit 2 when the report cannot be read, 3 when the site cannot be written.
                """
        )

        @Argument(help: "The report: conform's or conform merge's --json file.") var report: String

        @Option(name: .long, help: "The directory to write the site into (created as needed).") var out: String

        /// `--scenarios`: the same option group as `conform`'s, which parses it before this subcommand
        /// sees it (ArgumentParser shares a group's values between a command and its subcommands, and
        /// only those). Read only when given: the catalog a checkout or the build has may not be the one
        /// the report was made from.
        @OptionGroup(title: "Catalog")
        var catalog: CatalogOptions

        func run() throws {
            let matrix = try readReport()
            let about = try catalogAbout()
            let site = ConformanceSite(report: matrix, about: about)
            do {
                try site.write(to: out)
            } catch {
                throw HarnessError(error.description)
            }
            print(
                "wrote \((out as NSString).appendingPathComponent("index.html")): \(site.clients.count) client pages, "
                    + "\(site.scenarios.count) scenario pages")
        }

        /// The report, or exit 2 with a line that says what is wrong with the file (no usage text: the
        /// command line was right).
        private func readReport() throws -> ConformanceReport {
            guard FileManager.default.fileExists(atPath: report) else {
                throw unusable(
                    "no report at \(report): give the --json file of 'mockauthd conform' or 'conform merge' "
                        + "(make conformance and make conformance-merge write .build/conformance/results.json)")
            }
            guard !isDirectory(report) else { throw unusable("\(report) is a directory, not a report") }
            let data: Data
            do {
                data = try Data(contentsOf: URL(fileURLWithPath: report))
            } catch {
                throw unusable("cannot read the report \(report): \(error.localizedDescription)")
            }
            let matrix: ConformanceReport
            do {
                matrix = try ConformanceReport(json: data)
            } catch let error as DecodingError {
                throw unusable("\(report) is not a conform --json report: \(Self.describe(error))")
            } catch {
                throw unusable("\(report) is not a conform --json report: \(error)")
            }
            guard matrix.version <= ConformanceReport.formatVersion else {
                throw unusable(
                    "\(report) is a report of format \(matrix.version); this mockauthd reads up to format "
                        + "\(ConformanceReport.formatVersion)")
            }
            return matrix
        }

        /// Prints `message` and returns the usage exit status to throw.
        private func unusable(_ message: String) -> ExitCode {
            printError("error: \(message)")
            return ExitCode(ExitStatus.usage)
        }

        /// A decoding error in a line: what was wrong, and where in the JSON.
        private static func describe(_ error: DecodingError) -> String {
            func path(_ keys: [any CodingKey]) -> String {
                guard !keys.isEmpty else { return "the top level" }
                return keys.reduce("") { path, key in
                    key.intValue.map { path + "[\($0)]" }
                        ?? (path.isEmpty ? key.stringValue : path + "." + key.stringValue)
                }
            }
            switch error {
            case .keyNotFound(let key, let context):
                return "no '\(key.stringValue)' at \(path(context.codingPath))"
            case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
                return "\(context.debugDescription) (at \(path(context.codingPath)))"
            @unknown default:
                return "\(error)"
            }
        }

        /// What the catalog of `--scenarios` says about each scenario, or nothing without it.
        private func catalogAbout() throws -> [String: ScenarioAbout] {
            guard let scenarios = catalog.scenarios else { return [:] }
            guard isDirectory(scenarios) else { throw ValidationError("--scenarios \(scenarios) is not a directory") }
            let catalog = try ScenarioCatalog.directory(scenarios).loadAll()
            return Dictionary(catalog.map { ($0.name, ScenarioAbout($0)) }) { first, _ in first }
        }
    }
}
