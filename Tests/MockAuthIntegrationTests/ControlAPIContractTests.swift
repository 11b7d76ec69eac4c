import Foundation
import MockAuthRemote
import MockAuthTestSupport
import Testing

@testable import MockAuthControl

/// `docs/openapi.yaml` is the control API's source of truth: the server's routes are its paths, a
/// live `serve` answers every call exactly as it says (`Tests/Clients/control_api_contract.py`), and
/// the Swift client (`MockAuthRemote`) reads every example it gives and writes what it accepts.
@Suite("The control API's OpenAPI document")
struct ControlAPIContractTests {
    static let document = MockAuthDBinary.repositoryRoot.appendingPathComponent("docs/openapi.yaml").path
    static let checker = MockAuthDBinary.repositoryRoot.appendingPathComponent(
        "Tests/Clients/control_api_contract.py"
    ).path

    /// Runs the checker with `arguments` (after its command and the document).
    func check(_ command: String, _ arguments: [String] = [], timeout: Double = 120) async throws -> CommandResult {
        try await Tool.require(.pythonSchema)
        return try await Shell.execute(
            ["/usr/bin/env", "python3", Self.checker, command, Self.document] + arguments, mergingErrors: true,
            timeout: timeout)
    }

    /// The resources `ControlRoute` parses, as the checker takes them: path, methods, query.
    static var routes: String {
        let routes = ControlRoute.Resource.allCases.map { resource in
            [
                "path": resource.rawValue as Any, "methods": resource.methods.map(\.rawValue),
                "query": resource.queryParameters,
            ]
        }
        let data = (try? JSONSerialization.data(withJSONObject: routes, options: [.sortedKeys])) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }

    @Test("the document is OpenAPI 3.1, its schemas are valid, and every example satisfies its schema")
    func document() async throws {
        let result = try await check("document")
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("7 operations"), "\(result.output)")
    }

    @Test("each resource's path in the document is the one ControlRoute parses it from")
    func routesParseBack() throws {
        for resource in ControlRoute.Resource.allCases {
            let query = resource.queryParameters.map { "\($0)=run-control00001" }.joined(separator: "&")
            let target = resource.rawValue.replacingOccurrences(of: "{id}", with: "run-k3x9q0m2a7bd")
            let route = try #require(ControlRoute(target: query.isEmpty ? target : target + "?" + query), "\(target)")
            #expect(route.resource == resource)
            #expect(route.methods == resource.methods)
            if case .verdict(let id, let control) = route {
                #expect(id == "run-k3x9q0m2a7bd" && control == "run-control00001")
            }
        }
    }

    @Test("a live serve answers every call as the document says, and nothing it does not say")
    func live() async throws {
        try await ServeProcess.with(["tls-valid", "--max-runs", "3"]) { serve in
            let result = try await check("live", ["--endpoints", serve.endpointsFile, "--routes", Self.routes])
            #expect(result.status == 0, "\(result.output)")
            #expect(result.output.contains("live: no finding"), "\(result.output)")
            let (status, output) = await serve.stop()
            #expect(status == 0, "serve after the contract's calls: \(output)")
        }
    }

    @Test("MockAuthRemote decodes every body example of the document and encodes it back unchanged")
    func remoteDecodesExamples() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("openapi-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let written = try await check("examples", [directory.path])
        #expect(written.status == 0, "\(written.output)")
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        var schemas = Set<String>()
        for file in files {
            let schema = file.components(separatedBy: "--")[0]
            schemas.insert(schema)
            let data = try Data(contentsOf: directory.appendingPathComponent(file))
            let encoded: Data
            do {
                encoded = try Self.roundTrip(schema, data)
            } catch {
                Issue.record("\(file): \(error)")
                continue
            }
            #expect(try Self.canonical(encoded) == Self.canonical(data), "\(file): encoded back, it differs")
        }
        #expect(
            schemas == ["ended-run", "error", "run", "run-request", "runs", "scenarios", "transcript", "verdict"],
            "\(schemas.sorted())")
    }

    @Test("RunRequest as MockAuthRemote encodes it satisfies the request's schema")
    func runRequestEncoding() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("openapi-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var files: [String] = []
        for (index, request) in [
            RunRequest(scenario: "tls-expired", client: "MyApp"), RunRequest(scenario: "basic"),
        ].enumerated() {
            let file = directory.appendingPathComponent("request-\(index).json")
            try JSONEncoder().encode(request).write(to: file)
            files.append(file.path)
        }
        let result = try await check("validate", ["run-request"] + files)
        #expect(result.status == 0, "\(result.output)")
    }

    /// Decodes `data` as the MockAuthRemote type of `schema` (a schema's file name without
    /// `.schema.json`) and encodes it again.
    static func roundTrip(_ schema: String, _ data: Data) throws -> Data {
        func again<Value: Codable>(_ type: Value.Type) throws -> Data {
            try JSONEncoder().encode(try JSONDecoder().decode(type, from: data))
        }
        switch schema {
        case "scenarios": return try again(RemoteScenarioList.self)
        case "run": return try again(RunDescription.self)
        case "runs": return try again(RunList.self)
        case "verdict": return try again(Verdict.self)
        case "transcript": return try again(Transcript.self)
        case "ended-run": return try again(EndedRun.self)
        case "run-request": return try again(RunRequest.self)
        case "error": return try again(ControlErrorBody.self)
        default: throw ServeProcessError(message: "no MockAuthRemote type for the schema \(schema)")
        }
    }

    /// JSON with sorted keys, for comparing values whatever their formatting.
    static func canonical(_ data: Data) throws -> String {
        let value = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        return String(
            decoding: try JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .fragmentsAllowed]),
            as: UTF8.self)
    }
}
