import Foundation
import MockAuth
import Testing

@testable import MockAuthControl

@Suite("Control API: token, routes")
struct ControlUnitTests {
    @Test("the token file is read trimmed; short or unprintable tokens are refused with a reason")
    func tokenFile() throws {
        #expect(ControlToken.testToken.secret == "test-token-0123456789abcdef")
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("token-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        for (text, complaint) in [("short", "too short"), ("has a space in the middle!", "printable ASCII")] {
            let file = directory.appendingPathComponent(UUID().uuidString)
            try text.write(to: file, atomically: true, encoding: .utf8)
            #expect(throws: HarnessError.self) { try ControlToken(contentsOf: file.path) }
            do {
                _ = try ControlToken(contentsOf: file.path)
            } catch {
                #expect("\(error)".contains(complaint), "\(error)")
            }
        }
        #expect(throws: HarnessError.self) { try ControlToken(contentsOf: directory.path + "/missing") }
    }

    @Test("random tokens are 43 base64url characters, differ, and never show in descriptions")
    func randomToken() {
        let first = ControlToken.random(), second = ControlToken.random()
        #expect(first.secret.count == 43 && first.secret != second.secret)
        #expect(first.secret.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" })
        #expect(!String(reflecting: first).contains(first.secret))
        #expect("\(first)" == "ControlToken(redacted)")
    }

    @Test("authorization: Bearer, any case, exact token only")
    func authorizes() {
        let token = ControlToken.testToken
        #expect(token.authorizes("Bearer \(token.secret)"))
        #expect(token.authorizes("bearer \(token.secret)"))
        #expect(!token.authorizes(nil))
        #expect(!token.authorizes(""))
        #expect(!token.authorizes("Bearer"))
        #expect(!token.authorizes("Bearer \(token.secret)0"))
        #expect(!token.authorizes("Bearer \(token.secret.dropLast())"))
        #expect(!token.authorizes("Basic \(token.secret)"))
        #expect(!token.authorizes(token.secret))
    }

    @Test(
        "routes",
        arguments: [
            ("/v1/scenarios", ControlRoute.scenarios),
            ("/v1/runs", .runs),
            ("/v1/runs/", .runs),
            ("/v1/runs/run-abc", .run("run-abc")),
            ("/v1/runs/run-abc/verdict", .verdict("run-abc", control: nil)),
            ("/v1/runs/run-abc/verdict?control=run-def", .verdict("run-abc", control: "run-def")),
            ("/v1/runs/tls-valid/transcript", .transcript("tls-valid")),
            // The absolute-form, which a server must accept (RFC 9112 §3.2.2).
            ("http://127.0.0.1:8080/v1/runs/run-abc/verdict?control=run-def", .verdict("run-abc", control: "run-def")),
            ("HTTP://localhost/v1/scenarios", .scenarios),
        ])
    func routes(target: String, route: ControlRoute) {
        #expect(ControlRoute(target: target) == route)
    }

    @Test(
        "not routes",
        arguments: [
            "/", "/v1", "/v2/runs", "/v1/runs/a/b/c/d", "/v1/runs/a%2F/verdict", "/v1/runs/../verdict/x",
            "/v1/runs/\(String(repeating: "a", count: 200))", "/v1/scenarios/x", "/v1/runs/x/y",
            "/v1/runs/-abc", "/v1/runs/.abc/verdict", "/v1/runs/\(String(repeating: "a", count: 129))/transcript",
        ])
    func notRoutes(target: String) {
        #expect(ControlRoute(target: target) == nil)
    }

    @Test("a run id is the contract's RunID pattern: a letter or digit, then at most 127 of [A-Za-z0-9._-]")
    func runIDs() {
        for id in ["run-k3x9q0m2a7bd", "tls-valid", "a", "9", "A.b_c-d", "r" + String(repeating: "-", count: 127)] {
            #expect(ControlRoute.isRunID(id), "\(id)")
        }
        for id in [
            "", "-run", ".run", "_run", "run one", "run%20one", "ré", "run/x", "r" + String(repeating: "x", count: 128),
        ] {
            #expect(!ControlRoute.isRunID(id), "\(id)")
        }
    }
}
