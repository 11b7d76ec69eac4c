import Foundation
import Testing

/// What a test saw of an assumption: whether it held, and the evidence in words.
struct AssumptionObservation: Sendable {
    var held: Bool
    var evidence: String
}

extension AppleAssumption {
    /// Judges this assumption with `observe`, records the outcome for the jobs' report, and when it
    /// did not hold (or `observe` threw) records an issue naming it, so that this test alone fails.
    /// An assumption a source contradicts (``Basis/contradicted(_:)``) is a known issue while it
    /// fails.
    ///
    /// - Parameters:
    ///   - test: the test, for the report (its function name by default).
    ///   - observe: exercises the system and says whether the assumption held.
    func check(
        in test: String = #function, sourceLocation: SourceLocation = #_sourceLocation,
        _ observe: () async throws -> AssumptionObservation
    ) async {
        let outcome: AssumptionOutcome
        do {
            let observation = try await observe()
            outcome = AssumptionOutcome(
                result: observation.held ? .held : .failed, evidence: observation.evidence)
        } catch {
            outcome = AssumptionOutcome(result: .error, evidence: "the test threw before it could tell: \(error)")
        }
        AssumptionRecorder.record(self, outcome, test: test)
        guard outcome.result != .held else { return }
        let message = Comment(
            rawValue: "Apple assumption '\(rawValue)' \(outcome.result.rawValue): \(statement).\n\(outcome.evidence)")
        switch basis {
        case .contradicted:
            withKnownIssue(message, isIntermittent: true) { Issue.record(message, sourceLocation: sourceLocation) }
        case .undocumented, .documented:
            Issue.record(message, sourceLocation: sourceLocation)
        }
    }
}

/// How one check of an assumption ended.
struct AssumptionOutcome: Sendable, Codable {
    enum Result: String, Sendable, Codable {
        case held
        case failed
        /// The test threw before the assumption could be judged (the report says "not run").
        case error
    }

    var result: Result
    var evidence: String
}

/// Writes each check's outcome where the CI jobs collect them: one JSON file per check in the
/// directory `MOCKAUTH_ASSUMPTIONS_DIR` names (on a simulator, `xcodebuild` passes
/// `TEST_RUNNER_MOCKAUTH_ASSUMPTIONS_DIR` to the test process as this variable, and the simulator's
/// processes write the Mac's files), and one line on standard output, for the log.
enum AssumptionRecorder {
    /// One check, as `scripts/apple-assumptions` reads it.
    struct Record: Codable {
        var assumption: String
        var result: AssumptionOutcome.Result
        var evidence: String
        var test: String
        var platform: String
    }

    static func record(_ assumption: AppleAssumption, _ outcome: AssumptionOutcome, test: String) {
        print("mockauth-assumption \(assumption.rawValue): \(outcome.result.rawValue) (\(test))")
        guard let directory = ProcessInfo.processInfo.environment["MOCKAUTH_ASSUMPTIONS_DIR"], !directory.isEmpty
        else { return }
        let record = Record(
            assumption: assumption.rawValue, result: outcome.result, evidence: outcome.evidence, test: test,
            platform: platform)
        let file = URL(fileURLWithPath: directory).appendingPathComponent(
            "\(assumption.rawValue)-\(UUID().uuidString).json")
        do {
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try JSONEncoder().encode(record).write(to: file)
        } catch {
            print("mockauth-assumption \(assumption.rawValue): cannot write \(file.path): \(error)")
        }
    }

    /// The system the test ran on: its OS and version, and on a simulator the device and runtime
    /// the simulator says it is.
    static var platform: String {
        let environment = ProcessInfo.processInfo.environment
        #if os(macOS)
            let name = "macOS"
        #elseif targetEnvironment(macCatalyst)
            let name = "Mac Catalyst"
        #elseif os(iOS)
            let name = "iOS"
        #elseif os(tvOS)
            let name = "tvOS"
        #elseif os(watchOS)
            let name = "watchOS"
        #elseif os(visionOS)
            let name = "visionOS"
        #else
            let name = "Linux"
        #endif
        var words = [name, ProcessInfo.processInfo.operatingSystemVersionString]
        if let device = environment["SIMULATOR_DEVICE_NAME"] {
            words.append("simulator \(device), runtime \(environment["SIMULATOR_RUNTIME_VERSION"] ?? "?")")
        }
        return words.joined(separator: " ")
    }
}
