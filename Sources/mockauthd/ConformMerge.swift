import ArgumentParser
import Foundation
import MockAuthConformance

extension MockAuthD.Conform {
    /// `mockauthd conform merge SHARD.json …`: the reports of `conform --shard K/N` runs as one.
    struct Merge: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Merge the --json reports of sharded conform runs into one report.",
            discussion: """
                The merged report has the cells an unsharded run of the same clients and catalog gives, in \
                the same order, and is written and compared with baselines as conform's own (exit 1 on a \
                regression).
                """
        )

        @Argument(help: "The --json reports of the shards.") var files: [String] = []

        @Option(
            name: .customLong("clients"),
            help: "The capability table the shards ran (for --summary's page, which lists it).")
        var table: String?

        @OptionGroup var report: ReportOptions

        func validate() throws {
            guard !files.isEmpty else { throw ValidationError("give the --json reports of the shards to merge") }
        }

        func run() async throws {
            let baselines = try report.readBaselines()
            let shards = try files.map { path in
                do {
                    return try ConformanceReport(json: Data(contentsOf: URL(fileURLWithPath: path)))
                } catch {
                    throw ValidationError("cannot read the report \(path): \(error)")
                }
            }
            let merged: ConformanceReport
            do {
                merged = try ConformanceReport(merging: shards)
            } catch {
                throw ValidationError(error.description)
            }
            print(TerminalReporter(colour: false).matrix(merged))
            let clients = try table.map { path in
                do {
                    return try ConformanceClientTable(contentsOf: path)
                } catch {
                    throw ValidationError("\(error)")
                }
            }
            try report.write(merged, table: clients)
            try report.compare(merged, with: baselines)
        }
    }
}
