import Foundation
import Testing

/// `scripts/check-portability` keeps the library buildable for iOS, tvOS, watchOS and visionOS.
@Suite("Portability check")
struct PortabilityCheckTests {
    static let script = MockAuthDBinary.repositoryRoot.appendingPathComponent("scripts/check-portability").path

    @Test("it catches each planted violation, at its line, and passes what is guarded, commented or an executable's")
    func catchesPlantedViolations() throws {
        let fixture = MockAuthDBinary.repositoryRoot.appendingPathComponent("Tests/Fixtures/portability-violation")
        let result = try Shell.execute([Self.script, fixture.path], timeout: 120)
        #expect(result.status == 1, "\(result.output)\(result.error)")
        let problems = result.output.split(separator: "\n").filter { !$0.hasPrefix("check-portability:") }
        #expect(
            problems.map { String($0.prefix { $0 != " " }) } == [
                "Package.swift:", "Sources/Leaky/Leaky.swift:2:", "Sources/Leaky/Leaky.swift:10:",
                "Sources/Leaky/Leaky.swift:16:", "Package.swift:",
            ], "\(result.output)")
        #expect(result.output.contains("links the system library 'crypto'"))
        #expect(result.output.contains("MockAuthRemote must need Foundation only, but Leaky depends on NIOCore"))
        #expect(result.output.contains("imports Glibc"))
        #expect(!result.output.contains("Tool"), "executables may start processes")
    }

    @Test("the package's own library targets are portable")
    func packageIsPortable() throws {
        let result = try Shell.execute([Self.script, MockAuthDBinary.repositoryRoot.path], timeout: 120)
        #expect(result.status == 0, "\(result.output)\(result.error)")
        #expect(result.output.contains("MockAuthClients") && result.output.contains("MockAuthPKI"))
    }
}
