import Foundation
import MockAuthTestSupport
import Testing

/// `scripts/check-portability` keeps the library buildable for iOS, tvOS, watchOS and visionOS.
@Suite("Portability check")
struct PortabilityCheckTests {
    static let script = MockAuthDBinary.repositoryRoot.appendingPathComponent("scripts/check-portability").path

    @Test(
        "it catches each planted violation, at its line, and passes what is guarded, commented, an executable's or the processes-only target's"
    )
    func catchesPlantedViolations() async throws {
        let fixture = MockAuthDBinary.repositoryRoot.appendingPathComponent("Tests/Fixtures/portability-violation")
        let result = try await Shell.execute([Self.script, fixture.path], timeout: 120)
        #expect(result.status == 1, "\(result.output)\(result.error)")
        let problems = result.output.split(separator: "\n").filter { !$0.hasPrefix("check-portability:") }
        #expect(
            problems.map { String($0.prefix { $0 != " " }) } == [
                "Package.swift:", "Sources/Leaky/Leaky.swift:2:", "Sources/Leaky/Leaky.swift:10:",
                "Sources/Leaky/Leaky.swift:16:", "Package.swift:", "Sources/Leaky/Leaky.swift:10:",
                "Sources/Tool/main.swift:4:", "Sources/Tool/main.swift:6:", "Tests/LeakyTests/Spawn.swift:5:",
                "Package.swift:",
            ], "\(result.output)")
        #expect(result.output.contains("links the system library 'crypto'"))
        #expect(result.output.contains("MockAuthRemote must need Foundation only, but Leaky depends on NIOCore"))
        #expect(result.output.contains("imports Glibc"))
        #expect(result.output.contains("library target Reaching reaches MockAuthCommands"))
        #expect(result.output.contains("starts a process by hand (Process())"))
        #expect(result.output.contains("starts a process by hand (posix_spawnattr_t())"))
        #expect(result.output.contains("starts a process by hand (posix_spawn_file_actions_t())"))
        #expect(!result.output.contains("Commands.swift"), "the processes-only target may use Glibc and kill")
    }

    @Test("the package's own library targets are portable")
    func packageIsPortable() async throws {
        let result = try await Shell.execute([Self.script, MockAuthDBinary.repositoryRoot.path], timeout: 120)
        #expect(result.status == 0, "\(result.output)\(result.error)")
        #expect(result.output.contains("MockAuthClients") && result.output.contains("MockAuthPKI"))
        #expect(!result.output.contains("by hand"), "no file of the repository starts a process by hand")
    }
}
