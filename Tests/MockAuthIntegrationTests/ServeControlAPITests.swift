import Foundation
import MockAuthTestSupport
import MockAuthTesting
import Testing

/// `mockauthd serve`'s control API, driven with curl against a real `serve` subprocess; the clients
/// judged are real too (curl with the CA, curl -k, curl with a wrong password). Every answer is
/// checked against the JSON Schemas of docs/schemas/control.
@Suite("serve's control API")
struct ServeControlAPITests {
    /// Writes `text` to a file in `serve`'s directory and returns its path.
    func file(_ serve: ServeProcess, _ name: String, _ text: String) throws -> String {
        let path = serve.directory + "/" + name
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func expectSchemasHold(_ calls: ControlAPICalls) async throws {
        let validation = try await calls.validateAll()
        #expect(validation.status == 0, "\(validation.output)\(validation.error)")
    }

    @Test("two runs of tls-expired: curl with the CA passes (checked against the control), curl -k fails")
    func tlsExpired() async throws {
        try await ServeProcess.with([]) { serve in
            let calls = try ControlAPICalls(serve)
            let good = try await calls.call(
                "POST", "/v1/runs", body: #"{"scenario":"tls-expired","client":"curl"}"#, schema: "run")
            let bad = try await calls.call("POST", "/v1/runs", body: #"{"scenario":"tls-expired"}"#, schema: "run")
            #expect(good.status == 201 && bad.status == 201, "\(good.body)\(bad.body)")
            let goodRun = good.json, badRun = bad.json
            #expect(goodRun["control"] as? String == "tls-valid")
            // The correct client is given the anchor inline (as a device would be), not as a path.
            let material = try #require(goodRun["material"] as? [String: Any])
            let anchor = try file(serve, "anchor.pem", try #require(material["caCertificatePEM"] as? String))
            let environment = try #require(goodRun["environment"] as? [String: String])
            #expect(environment["MOCKAUTH_CA_FILE"] != nil && environment["MOCKAUTH_URL"] == goodRun["url"] as? String)
            #expect(goodRun["url"] as? String != badRun["url"] as? String, "each run has servers of its own")

            let refused = try await Shell.execute([
                "/usr/bin/env", "curl", "-sS", "--max-time", "10", "--cacert", anchor, goodRun["url"] as? String ?? "",
            ])
            #expect(refused.status == 60, "curl must refuse the expired certificate: \(refused.error)")
            let accepted = try await Shell.execute([
                "/usr/bin/env", "curl", "-sSk", "--max-time", "10", badRun["url"] as? String ?? "",
            ])
            #expect(accepted.status == 0)

            // The control: the same client against tls-valid.
            let control = try await calls.call("POST", "/v1/runs", body: #"{"scenario":"tls-valid"}"#, schema: "run")
                .json
            let fetched = try await Shell.execute([
                "/usr/bin/env", "curl", "-sS", "--max-time", "10", "--cacert", anchor, control["url"] as? String ?? "",
            ])
            #expect(fetched.status == 0, "\(fetched.error)")

            let goodID = goodRun["id"] as? String ?? "", badID = badRun["id"] as? String ?? ""
            let controlID = control["id"] as? String ?? ""
            let pass = try await calls.call("GET", "/v1/runs/\(goodID)/verdict?control=\(controlID)", schema: "verdict")
                .json
            #expect(pass["result"] as? String == "pass", "\(pass)")
            #expect((pass["control"] as? [String: Any])?["result"] as? String == "pass", "\(pass)")
            let fail = try await calls.call("GET", "/v1/runs/\(badID)/verdict", schema: "verdict")
            #expect(fail.json["result"] as? String == "fail", "\(fail.body)")
            #expect(fail.body.contains("accepted an expired certificate"), "\(fail.body)")
            // A control of another scenario conflicts with the runs (409, not a malformed request), with a reason.
            let mismatched = try await calls.call("GET", "/v1/runs/\(goodID)/verdict?control=\(badID)")
            #expect(mismatched.status == 409 && mismatched.body.contains("not of tls-expired's control tls-valid"))
            // So does any control of a scenario that has none.
            let noControl = try await calls.call("GET", "/v1/runs/\(controlID)/verdict?control=\(goodID)")
            #expect(noControl.status == 409 && noControl.body.contains("tls-valid has no control"), "\(noControl.body)")

            let ended = try await calls.call("DELETE", "/v1/runs/\(badID)", schema: "ended-run")
            #expect((ended.json["verdict"] as? [String: Any])?["result"] as? String == "fail", "\(ended.body)")
            await #expect(try calls.call("GET", "/v1/runs/\(badID)/verdict").status == 404, "an ended run is gone")
            // Its port is free: nothing listens there any more.
            let gone = try await Shell.execute([
                "/usr/bin/env", "curl", "-sSk", "--max-time", "10", badRun["url"] as? String ?? "",
            ])
            #expect(gone.status == 7, "the ended run's server still answers: \(gone.status)")

            let (status, output) = await serve.stop()
            #expect(status == 0, "\(output)")
            #expect(output.contains("tls-expired (\(goodID), curl): PASS"), "\(output)")
            #expect(output.contains("tls-expired (\(badID), remote): FAIL"), "\(output)")
            try await expectSchemasHold(calls)
        }
    }

    @Test("basic: the wrong password fails, the right one passes; the transcript shows both")
    func basic() async throws {
        try await ServeProcess.with([]) { serve in
            let calls = try ControlAPICalls(serve)
            let wrong = try await calls.call("POST", "/v1/runs", body: #"{"scenario":"basic"}"#, schema: "run").json
            let right = try await calls.call("POST", "/v1/runs", body: #"{"scenario":"basic"}"#, schema: "run").json
            let material = try #require(right["material"] as? [String: Any])
            let credentials = try #require(material["credentials"] as? [String: String])
            let user = credentials["username"] ?? "", password = credentials["password"] ?? ""
            let anchor = try file(serve, "anchor.pem", material["caCertificatePEM"] as? String ?? "")
            let wrongFetch = try await Shell.execute([
                "/usr/bin/env", "curl", "-sS", "--max-time", "10", "--cacert", anchor, "-u", "\(user):not-\(password)",
                wrong["url"] as? String ?? "",
            ])
            let rightFetch = try await Shell.execute([
                "/usr/bin/env", "curl", "-sS", "--max-time", "10", "--fail", "--cacert", anchor, "-u",
                "\(user):\(password)",
                right["url"] as? String ?? "",
            ])
            #expect(wrongFetch.status == 0 && rightFetch.status == 0, "\(wrongFetch.error)\(rightFetch.error)")
            let failed = try await calls.call(
                "GET", "/v1/runs/\(wrong["id"] as? String ?? "")/verdict", schema: "verdict")
            let passed = try await calls.call(
                "GET", "/v1/runs/\(right["id"] as? String ?? "")/verdict", schema: "verdict")
            #expect(failed.json["result"] as? String == "fail", "\(failed.body)")
            #expect(failed.body.contains("wrong password") || failed.body.contains("refused"), "\(failed.body)")
            #expect(passed.json["result"] as? String == "pass", "\(passed.body)")
            let transcript = try await calls.call(
                "GET", "/v1/runs/\(wrong["id"] as? String ?? "")/transcript", schema: "transcript")
            #expect(transcript.body.contains("\"decision\" : \"refused\""), "\(transcript.body)")
            _ = await serve.stop()
            try await expectSchemasHold(calls)
        }
    }

    @Test("a precondition not met: INCONCLUSIVE, its findings marked precondition, valid against the schema")
    func precondition() async throws {
        try await ServeProcess.with([]) { serve in
            let calls = try ControlAPICalls(serve)
            // Begun by the Swift client of the API, judged over raw HTTP (against the schema) and by it.
            let client = try MockAuthControlClient(endpointsFile: serve.endpointsFile)
            let run = try await client.begin(scenario: "cookie-path-scoped")
            // curl without a cookie jar: every URL fetched, no cookie ever sent back.
            for url in run.urls {
                let fetched = try await Shell.execute(["/usr/bin/env", "curl", "-sS", "--max-time", "10", url])
                #expect(fetched.status == 0, "\(fetched.error)")
            }
            let id = run.id
            let verdict = try await calls.call("GET", "/v1/runs/\(id)/verdict", schema: "verdict")
            #expect(verdict.json["result"] as? String == "inconclusive", "\(verdict.body)")
            let findings = try #require(verdict.json["findings"] as? [[String: Any]])
            #expect(findings.map { $0["precondition"] as? Bool } == [true, true, nil, nil], "\(verdict.body)")
            #expect(
                verdict.body.contains("none carried cookie sid, which a server set, so whether it keeps sid"),
                "\(verdict.body)")
            // The Swift client of the API reads the same field.
            let decoded = try await run.verdict()
            #expect(decoded.result == .inconclusive && decoded.findings.first?.precondition == true)
            let ended = try await calls.call("DELETE", "/v1/runs/\(id)", schema: "ended-run")
            #expect((ended.json["verdict"] as? [String: Any])?["result"] as? String == "inconclusive")
            let (status, output) = await serve.stop()
            #expect(status == 0, "\(output)")
            #expect(output.contains("cookie-path-scoped (\(id), remote): INCONCLUSIVE"), "\(output)")
            try await expectSchemasHold(calls)
        }
    }

    @Test("a missing or wrong token gets 401 and no verdict data; the token is in no output")
    func token() async throws {
        try await ServeProcess.with(["tls-valid"]) { serve in
            let calls = try ControlAPICalls(serve)
            let run = try await calls.call("POST", "/v1/runs", body: #"{"scenario":"tls-expired"}"#, schema: "run").json
            let id = run["id"] as? String ?? ""
            _ = try await Shell.execute([
                "/usr/bin/env", "curl", "-sSk", "--max-time", "10", run["url"] as? String ?? "",
            ])
            for authorization: String? in [
                nil, "Bearer wrong-token", "Bearer \(calls.token)x", "Basic \(calls.token)", "\(calls.token)",
            ] {
                for (method, path) in [
                    ("GET", "/v1/runs/\(id)/verdict"), ("GET", "/v1/runs/\(id)/transcript"), ("GET", "/v1/scenarios"),
                    ("POST", "/v1/runs"), ("DELETE", "/v1/runs/\(id)"), ("GET", "/v1/nothing"),
                ] {
                    let answer = try await calls.call(
                        method, path, body: method == "POST" ? #"{"scenario":"basic"}"# : nil,
                        authorization: .some(authorization))
                    #expect(
                        answer.status == 401, "\(method) \(path) with \(authorization ?? "no header"): \(answer.status)"
                    )
                    #expect(Array(answer.json.keys) == ["error"], "\(answer.body)")
                    #expect(!answer.body.contains("tls-expired") && !answer.body.contains("result"), "\(answer.body)")
                }
            }
            // The run is still there, untouched by the refused DELETE.
            await #expect(
                try calls.call("GET", "/v1/runs/\(id)/verdict", schema: "verdict").json["result"] as? String == "fail")
            let attributes = try FileManager.default.attributesOfItem(atPath: serve.endpointsFile)
            #expect((attributes[.posixPermissions] as? Int) == 0o600)
            let (_, output) = await serve.stop()
            #expect(!output.isEmpty && !output.contains(calls.token), "serve printed its token")
            #expect(output.contains("Control API: http://127.0.0.1:"), "\(output)")
            try await expectSchemasHold(calls)
        }
    }

    @Test("two runs of one scenario at once keep their servers, state and transcripts apart")
    func isolation() async throws {
        try await ServeProcess.with([]) { serve in
            let calls = try ControlAPICalls(serve)
            let first = try await calls.call("POST", "/v1/runs", body: #"{"scenario":"digest-md5"}"#, schema: "run")
                .json
            let second = try await calls.call("POST", "/v1/runs", body: #"{"scenario":"digest-md5"}"#, schema: "run")
                .json
            let credentials = (first["material"] as? [String: Any])?["credentials"] as? [String: String] ?? [:]
            let anchor = try file(
                serve, "anchor.pem", (first["material"] as? [String: Any])?["caCertificatePEM"] as? String ?? "")
            let account = "\(credentials["username"] ?? ""):\(credentials["password"] ?? "")"
            for _ in 0..<3 {
                _ = try await Shell.execute([
                    "/usr/bin/env", "curl", "-sS", "--fail", "--max-time", "10", "--cacert", anchor, "--digest", "-u",
                    account,
                    first["url"] as? String ?? "",
                ])
            }
            _ = try await Shell.execute([
                "/usr/bin/env", "curl", "-sS", "--max-time", "10", "--cacert", anchor, "--digest", "-u",
                account + "-wrong",
                second["url"] as? String ?? "",
            ])
            let one = try await calls.call(
                "GET", "/v1/runs/\(first["id"] as? String ?? "")/transcript", schema: "transcript"
            )
            .json
            let two = try await calls.call(
                "GET", "/v1/runs/\(second["id"] as? String ?? "")/transcript", schema: "transcript"
            )
            .json
            func connections(_ transcript: [String: Any]) -> Int {
                (transcript["connections"] as? [[String: Any]] ?? []).reduce(0) {
                    $0 + 1 + ($1["repeats"] as? Int ?? 0)
                }
            }
            #expect(connections(one) == 3 && connections(two) == 1, "\(connections(one)) \(connections(two))")
            let firstVerdict = try await calls.call(
                "GET", "/v1/runs/\(first["id"] as? String ?? "")/verdict", schema: "verdict")
            let secondVerdict = try await calls.call(
                "GET", "/v1/runs/\(second["id"] as? String ?? "")/verdict", schema: "verdict")
            #expect(firstVerdict.json["result"] as? String == "pass", "\(firstVerdict.body)")
            #expect(secondVerdict.json["result"] as? String == "fail", "\(secondVerdict.body)")
            _ = await serve.stop()
            try await expectSchemasHold(calls)
        }
    }

    @Test("errors: unknown scenario and run 404, malformed body 400, wrong method 405, too many runs 429")
    func errors() async throws {
        try await ServeProcess.with(["tls-valid", "--max-runs", "2"]) { serve in
            let calls = try ControlAPICalls(serve)
            await #expect(try calls.call("POST", "/v1/runs", body: #"{"scenario":"no-such"}"#).status == 404)
            await #expect(try calls.call("GET", "/v1/runs/run-nothing/verdict").status == 404)
            await #expect(try calls.call("DELETE", "/v1/runs/run-nothing").status == 404)
            await #expect(try calls.call("POST", "/v1/runs", body: "{not json").status == 400)
            await #expect(try calls.call("POST", "/v1/runs", body: #"{"scenaro":"basic"}"#).status == 400)
            await #expect(try calls.call("PUT", "/v1/scenarios").status == 405)
            await #expect(try calls.call("GET", "/v1/runs/../../etc/passwd").status == 404)
            await #expect(try calls.call("GET", "/nothing").status == 404)
            let scenarios = try await calls.call("GET", "/v1/scenarios", schema: "scenarios")
            #expect((scenarios.json["scenarios"] as? [Any])?.count ?? 0 >= 40)
            let first = try await calls.call("POST", "/v1/runs", body: #"{"scenario":"basic"}"#, schema: "run")
            await #expect(
                try calls.call("POST", "/v1/runs", body: #"{"scenario":"basic"}"#, schema: "run").status == 201)
            let third = try await calls.call("POST", "/v1/runs", body: #"{"scenario":"basic"}"#)
            #expect(third.status == 429 && third.body.contains("--max-runs 2"), "\(third.body)")
            // Runs serve started itself do not count; ending one frees a place.
            await #expect(try calls.call("GET", "/v1/runs", schema: "runs").body.contains("\"id\" : \"tls-valid\""))
            await #expect(
                try calls.call("DELETE", "/v1/runs/\(first.json["id"] as? String ?? "")", schema: "ended-run").status
                    == 200
            )
            await #expect(
                try calls.call("POST", "/v1/runs", body: #"{"scenario":"basic"}"#, schema: "run").status == 201)
            // A body over the limit is refused without being read.
            let huge = String(repeating: "x", count: 100_000)
            await #expect(try calls.call("POST", "/v1/runs", body: huge).status == 413)
            // Garbage instead of HTTP: 400 and a close, and serve still answers everyone.
            let port = calls.url.split(separator: ":").last.map { $0.filter(\.isNumber) } ?? ""
            let garbage = try await Shell.run(
                "exec 3<>/dev/tcp/127.0.0.1/\(port); printf '\\001\\002GARBAGE\\r\\n\\r\\n' >&3; cat <&3", timeout: 20)
            #expect(garbage.output.hasPrefix("HTTP/1.1 400"), "\(garbage.output)\(garbage.error)")
            await #expect(try calls.call("GET", "/v1/scenarios", schema: "scenarios").status == 200)
            let (status, output) = await serve.stop()
            #expect(status == 0 && output.contains("No run saw traffic."), "\(output)")
            try await expectSchemasHold(calls)
        }
    }

    @Test("on exit serve reports the runs that saw traffic (the ones it started too), as JSON and JUnit")
    func report() async throws {
        try await ServeProcess.with(["tls-valid", "tls-expired", "--report", "{dir}/report.json"]) { serve in
            let calls = try ControlAPICalls(serve)
            let endpoints = try serve.endpoints()
            let caFile = endpoints["caFile"] as? String ?? ""
            let served = endpoints["scenarios"] as? [[String: Any]] ?? []
            let valid = served.first { $0["scenario"] as? String == "tls-valid" }?["url"] as? String ?? ""
            #expect(
                try await Shell.execute(["/usr/bin/env", "curl", "-sS", "--max-time", "10", "--cacert", caFile, valid])
                    .status
                    == 0)
            // The scenarios serve started itself answer under their own names.
            let startedVerdict = try await calls.call("GET", "/v1/runs/tls-valid/verdict", schema: "verdict")
            #expect(startedVerdict.json["result"] as? String == "pass", "\(startedVerdict.body)")
            let run = try await calls.call(
                "POST", "/v1/runs", body: #"{"scenario":"basic","client":"ios-app"}"#, schema: "run")
            let credentials = (run.json["material"] as? [String: Any])?["credentials"] as? [String: String] ?? [:]
            _ = try await Shell.execute([
                "/usr/bin/env", "curl", "-sS", "--max-time", "10", "--cacert", caFile, "-u",
                "\(credentials["username"] ?? ""):\(credentials["password"] ?? "")", run.json["url"] as? String ?? "",
            ])
            let (status, output) = await serve.stop()
            #expect(status == 0, "\(output)")
            #expect(output.contains("Verdicts of the 2 runs that saw traffic:"), "\(output)")
            #expect(output.contains("tls-valid (remote): PASS"), "\(output)")
            #expect(output.contains("basic (run-") && output.contains(", ios-app): PASS"), "\(output)")
            #expect(!output.contains("tls-expired ("), "tls-expired saw no traffic: \(output)")
            let json = try String(contentsOfFile: serve.directory + "/report.json", encoding: .utf8)
            let junit = try String(contentsOfFile: serve.directory + "/report.xml", encoding: .utf8)
            #expect(json.contains("\"ios-app\"") && json.contains("\"basic\""), "\(json)")
            #expect(junit.contains("<testsuite name=\"ios-app\"") && junit.contains("name=\"tls-valid\""), "\(junit)")
            try await expectSchemasHold(calls)
        }
    }
}
