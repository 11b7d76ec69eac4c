import Foundation
import MockAuthTestSupport
import Testing

/// Calls `serve`'s control API with curl, keeps every answer, and checks them all against the
/// JSON Schemas in `docs/schemas/control/` (Python's jsonschema).
final class ControlAPICalls: @unchecked Sendable {
    struct Answer {
        var status: Int
        var body: String
        var json: [String: Any] {
            (try? JSONSerialization.jsonObject(with: Data(body.utf8))) as? [String: Any] ?? [:]
        }
    }

    let url: String
    let token: String
    private let directory: String
    private let lock = NSLock()
    /// (body file, schema name) of every answer so far.
    private var received: [(String, String)] = []

    init(_ serve: ServeProcess) throws {
        (url, token) = try serve.control()
        directory = serve.directory
    }

    /// `METHOD /path` with the token (or `authorization`, or none), expecting an answer of `schema`.
    @discardableResult
    func call(
        _ method: String, _ path: String, body: String? = nil, authorization: String?? = .none,
        schema: String? = nil
    ) async throws -> Answer {
        let file = directory + "/answer-\(UUID().uuidString).json"
        var arguments = [
            "/usr/bin/env", "curl", "-sS", "--max-time", "30", "-X", method, "-o", file, "-w", "%{http_code}",
        ]
        switch authorization {
        case .none: arguments += ["-H", "Authorization: Bearer \(token)"]
        case .some(.none): break
        case .some(.some(let value)): arguments += ["-H", "Authorization: \(value)"]
        }
        if let body { arguments += ["-H", "Content-Type: application/json", "--data-binary", body] }
        arguments.append(url + path.dropFirst(path.hasPrefix("/") ? 1 : 0))
        let result = try await Shell.execute(arguments, timeout: 40)
        guard result.status == 0 else {
            throw ServeProcessError(message: "curl \(method) \(path) failed: \(result.error)")
        }
        let status = Int(result.output) ?? 0
        let text = (try? String(contentsOfFile: file, encoding: .utf8)) ?? ""
        let name = schema ?? ((200..<300).contains(status) ? nil : "error")
        if let name { lock.withLock { received.append((file, name)) } }
        return Answer(status: status, body: text)
    }

    /// Validates every answer received against its schema; returns what jsonschema said.
    func validateAll() async throws -> CommandResult {
        let pairs = lock.withLock { received }.flatMap { [$0.0, $0.1] }
        return try await Shell.execute(
            [
                "/usr/bin/env", "python3", "-c",
                """
                import json, pathlib, sys, jsonschema
                from referencing import Registry, Resource
                directory = pathlib.Path(sys.argv[1])
                schemas = {p.name.removesuffix(".schema.json"): json.loads(p.read_text()) for p in directory.glob("*.schema.json")}
                registry = Registry().with_resources((s["$id"], Resource.from_contents(s)) for s in schemas.values())
                failed = 0
                pairs = sys.argv[2:]
                for body, name in zip(pairs[0::2], pairs[1::2]):
                    jsonschema.Draft202012Validator.check_schema(schemas[name])
                    validator = jsonschema.Draft202012Validator(schemas[name], registry=registry)
                    for error in validator.iter_errors(json.load(open(body))):
                        failed += 1
                        print(f"{name}: {error.json_path}: {error.message}")
                print(f"validated {len(pairs) // 2} answers")
                sys.exit(1 if failed else 0)
                """,
                MockAuthDBinary.repositoryRoot.appendingPathComponent("docs/schemas/control").path,
            ] + pairs)
    }
}
