import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The file every skipped test is written to, for CI to list: `MOCKAUTH_SKIP_LOG`.
///
/// When `MOCKAUTH_SKIP_LOG` names a file, each skip (a missing tool in ``Tool/require(_:sourceLocation:)``,
/// the `.needs(…)` and `.bindable(…)` traits, a curl outside a case's recorded versions) appends one
/// line to it: `<test or tool context>: <the message the skip shows>`. Parallel tests, and several
/// test processes, may append at once: each line goes out in one `write(2)` on a descriptor opened
/// with `O_APPEND`, so lines never interleave. Without the variable nothing is written.
public enum SkipLog {
    /// The file named by `MOCKAUTH_SKIP_LOG`, if any.
    public static var path: String? {
        guard let path = ProcessInfo.processInfo.environment["MOCKAUTH_SKIP_LOG"], !path.isEmpty else { return nil }
        return path
    }

    /// What a test running in this task is, beyond its function's name: the description of the
    /// parameterized case (``withCase(_:_:)``), which Swift Testing does not make public.
    @TaskLocal public static var caseDescription: String?

    /// Runs `body` with `description` as the running case's name in the lines written.
    public static func withCase<Result>(
        _ description: String, _ body: () async throws -> Result, isolation: isolated (any Actor)? = #isolation
    ) async rethrows -> Result {
        try await $caseDescription.withValue(description, operation: body, isolation: isolation)
    }

    /// The context of a skip in the running test: its identifier (module, suite, function) and the
    /// case's description; `fallback` (e.g. a trait's source location) outside a test.
    public static func context(fallback: String) -> String {
        let test = Test.current.map { test in
            ([test.id.moduleName] + test.id.nameComponents).joined(separator: ".")
        }
        return [test ?? fallback, caseDescription].compactMap { $0 }.joined(separator: " ")
    }

    /// Appends the line for a skip to `file`: by default `MOCKAUTH_SKIP_LOG`'s, when the variable is set.
    public static func record(context: String, message: String, to file: String? = SkipLog.path) {
        guard let path = file else { return }
        if !append(line(context: context, message: message), to: path) {
            FileHandle.standardError.write(Data("MOCKAUTH_SKIP_LOG: cannot append to \(path)\n".utf8))
        }
    }

    /// The line written for a skip: `context: message`, on one line (line breaks become spaces), ending in a newline.
    public static func line(context: String, message: String) -> String {
        let text = "\(context): \(message)"
        return text.split(whereSeparator: \.isNewline).joined(separator: " ") + "\n"
    }

    /// Appends `line` to the file at `path` (created if need be) in one `write(2)` with `O_APPEND`:
    /// whether all of it was written.
    @discardableResult
    public static func append(_ line: String, to path: String) -> Bool {
        let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        let bytes = Array(line.utf8)
        while true {
            let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if written < 0 && errno == EINTR { continue }
            return written == bytes.count
        }
    }
}
