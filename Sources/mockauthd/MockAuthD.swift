import ArgumentParser
import Foundation
import MockAuthClients

/// `mockauthd`: serves MockAuth scenarios and judges clients against them.
///
/// Exit codes are a contract (the README's table of exit codes): 0 the client behaved as expected, 1 it did not,
/// 2 usage error or invalid scenario, 3 the harness itself failed.
@main
struct MockAuthD: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mockauthd",
        abstract: "Mock TLS and auth challenge servers that judge HTTP clients.",
        discussion: """
            Exit codes: 0 the client behaved as the scenario expects; 1 it did not (each violated \
            expectation is listed); 2 usage error or invalid scenario; 3 the harness itself failed.
            """,
        version: Version.line,
        subcommands: [Check.self, Serve.self, Conform.self, Validate.self, List.self, Certs.self]
    )

    static func main() async {
        do {
            var command = try parseAsRoot()
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            Foundation.exit(report(error))
        }
    }

    /// Prints `error` and returns the exit code the contract assigns to it.
    static func report(_ error: any Error) -> Int32 {
        switch error {
        case let error as ScenarioError:
            printError(error.description)
            return ExitStatus.usage
        case let error as ScenarioErrors:
            printError(error.description)
            return ExitStatus.usage
        case let error as any HarnessFailure:
            printError(error.description)
            return ExitStatus.harness
        default:
            let code = exitCode(for: error)
            if code == .success {
                print(fullMessage(for: error))
                return 0
            }
            if code == .validationFailure {
                printError(fullMessage(for: error))
                return ExitStatus.usage
            }
            if error is ExitCode {
                return code.rawValue
            }
            printError("harness error: \(error)")
            return ExitStatus.harness
        }
    }
}

/// The exit statuses the README documents (a contract: scripts outside the repository read them).
enum ExitStatus {
    static let passed: Int32 = 0
    static let clientFailed: Int32 = 1
    static let usage: Int32 = 2
    static let harness: Int32 = 3
}

func printError(_ message: String) {
    FileHandle.standardError.write(Data((message + "\n").utf8))
}
