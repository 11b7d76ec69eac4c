import Foundation
import PackagePlugin

/// Embeds every `Scenarios/*.yaml` of the package into the target as Swift source, so the catalog
/// travels inside the binary: an installed `mockauthd` or a client project's tests need no checkout
/// and no resource bundle. The file list is read on every build, so a new scenario file is picked
/// up without touching the manifest.
@main
struct EmbedScenarios: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: any Target) async throws -> [Command] {
        let scenarios = context.package.directoryURL.appendingPathComponent("Scenarios")
        let files = try FileManager.default.contentsOfDirectory(at: scenarios, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "yaml" }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("EmbeddedScenarios.swift")
        return [
            .buildCommand(
                displayName: "Embedding \(files.count) scenario files",
                executable: try context.tool(named: "mockauth-embed-scenarios").url,
                arguments: [output.path] + files.map(\.path),
                inputFiles: files + [scenarios],
                outputFiles: [output]
            )
        ]
    }
}
