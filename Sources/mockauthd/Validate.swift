import ArgumentParser
import MockAuthClients
import MockAuthScenario

extension MockAuthD {
    /// `mockauthd validate FILE…`: checks scenario files (or directories of them) without serving.
    struct Validate: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Check scenario files or directories; exit 2 with file:line:column on the first mistake of each."
        )

        @Argument(help: "Scenario files, or directories of them (a directory also checks each 'control').")
        var paths: [String]

        func run() throws {
            var errors: [ScenarioError] = []
            var count = 0
            for path in paths {
                if isDirectory(path) {
                    do {
                        count += try ScenarioLoader.loadCatalog(directory: path).count
                    } catch {
                        errors += error.errors
                    }
                } else {
                    do {
                        _ = try ScenarioLoader.load(file: path)
                        count += 1
                    } catch {
                        errors.append(error)
                    }
                }
            }
            guard errors.isEmpty else { throw ScenarioErrors(errors) }
            print("\(count) scenario\(count == 1 ? "" : "s") valid")
        }
    }
}
