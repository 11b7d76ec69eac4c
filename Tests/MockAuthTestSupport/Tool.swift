import Foundation
import MockAuthCommands
import Testing

/// A program outside the package that a test runs: a real client or a checker.
///
/// A test that needs a tool the machine lacks is skipped, with a line that names the tool and how to
/// install it; with `MOCKAUTH_REQUIRE_TOOLS=1` (CI) it fails instead, so nothing is skipped silently.
///
/// With `MOCKAUTH_SKIP_LOG=FILE`, every skip (``require(_:sourceLocation:)``, the `.needs(…)` and
/// `.bindable(…)` traits, a curl outside the versions a case was recorded with) also appends one line
/// to `FILE`, `<test or tool context>: <the same message>`, for CI to list in its summary (``SkipLog``).
/// With `MOCKAUTH_REQUIRE_TOOLS=1` a missing tool fails rather than skips, so it is not written.
///
/// Where a test's expectations depend on what the tool is, not only on its presence, the tool is the
/// one they were recorded with: curl and openssl are those of OpenSSL 3 (Debian's curl 7.88 and
/// OpenSSL 3.0). macOS ships curl 8 on LibreSSL and LibreSSL's openssl, whose behaviour (security
/// levels, protocol versions, PKCS#12 encodings, `s_client` flags) the tests do not know: there they
/// are skipped with that reason, or run with Homebrew's curl and openssl@3 first on `PATH`.
///
/// Where an expectation is a property of curl's version (a feature or a bug of some releases), the
/// case names the releases it holds for (``CurlVersions``, checked by ``require(curl:sourceLocation:)``
/// against ``curlVersion``); under another curl it is skipped and logged, even with
/// `MOCKAUTH_REQUIRE_TOOLS=1`: another version is not a missing tool.
public enum Tool: String, CaseIterable, Sendable, CustomStringConvertible {
    /// curl built on OpenSSL 3.
    case curl = "curl on OpenSSL 3"
    /// OpenSSL 3's `openssl` command.
    case openssl = "openssl of OpenSSL 3"
    case wget
    case chromium
    case node
    case java
    case go
    /// `python3` alone (its standard library).
    case python3
    /// `python3` with the reference clients' packages (requests, requests-ntlm, pyspnego).
    case pythonClients = "python3 with requests, requests-ntlm and pyspnego"
    /// `python3` with the packages of the JSON Schema and OpenAPI checks (jsonschema, PyYAML,
    /// openapi-spec-validator).
    case pythonSchema = "python3 with jsonschema, PyYAML and openapi-spec-validator"
    /// MIT Kerberos's KDC and tools (krb5kdc, kdb5_util, kadmin.local, kinit), which every run of a
    /// Kerberos scenario starts a realm with, and its GSS-API library (the servers' acceptors).
    case kerberos = "MIT Kerberos (krb5kdc, kdb5_util, kadmin.local, kinit, libgssapi_krb5)"
    /// `python3` with the Kerberos clients' packages (python-gssapi, krb5, pyspnego), from
    /// Tests/Clients/requirements-kerberos.txt.
    case pythonKerberos = "python3 with gssapi, krb5 and pyspnego"

    public var description: String { rawValue }

    /// How to get the tool on Debian or Ubuntu (what `.ci/run` does).
    public var installation: String {
        switch self {
        case .curl: "apt-get install curl (macOS: brew install curl, its bin first on PATH)"
        case .openssl: "apt-get install openssl (macOS: brew install openssl@3, its bin first on PATH)"
        case .wget, .chromium, .python3: "apt-get install \(rawValue)"
        case .node: "apt-get install nodejs"
        // The JDK, not the JRE: the test clients run as source files (`java Client.java`), which
        // needs the compiler module.
        case .java: "apt-get install openjdk-17-jdk-headless"
        case .go: "apt-get install golang-go"
        case .pythonClients, .pythonSchema:
            "make test (it creates .venv-test from Tests/Clients/requirements.txt; needs apt-get install python3-venv)"
        case .kerberos:
            "apt-get install krb5-kdc krb5-admin-server krb5-user libgssapi-krb5-2 (macOS: brew install krb5)"
        case .pythonKerberos:
            "apt-get install libkrb5-dev gcc, then make test (it installs Tests/Clients/requirements-kerberos.txt into .venv-test)"
        }
    }

    /// The command a script names to run the tool.
    var command: String {
        switch self {
        case .curl: "curl"
        case .openssl: "openssl"
        case .wget, .chromium, .node, .java, .go, .python3: rawValue
        case .pythonClients, .pythonSchema, .pythonKerberos: "python3"
        case .kerberos: "krb5kdc"
        }
    }

    /// Whether the tool can be run here (looked up once per process).
    public var isAvailable: Bool {
        get async { await Self.availability.value.probes[self]?.isAvailable ?? false }
    }

    /// The version of the curl on `PATH` (looked up once per process, by the probe, from the first
    /// line of `curl --version`), whichever TLS library it is built on; `nil` without a curl.
    public static var curlVersion: CurlVersion? {
        get async { await availability.value.firstLines[.curl].flatMap { CurlVersion(versionLine: $0) } }
    }

    /// Whether a missing tool fails the test instead of skipping it (`MOCKAUTH_REQUIRE_TOOLS=1`).
    public static var missingToolsFail: Bool {
        ProcessInfo.processInfo.environment["MOCKAUTH_REQUIRE_TOOLS"] == "1"
    }

    /// The tools a shell script runs, found by the commands it names.
    public static func used(by script: String) -> Set<Tool> {
        var tools = Set<Tool>()
        // Each word's command name: the last path component, without an extension or a `-suffix`
        // (`/usr/bin/curl`, `Conformance/adapters/curl.sh` and `curl-defective.sh` all run curl).
        let words = Set(
            script.split { !($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" || $0 == "." || $0 == "/") }.map {
                word in
                let name = word.split(separator: "/").last ?? ""
                let stem = name.split(separator: ".").first ?? ""
                return String(stem.split(separator: "-").first ?? "")
            })
        for tool in [Tool.curl, .openssl, .wget, .chromium, .node, .java] where words.contains(tool.command) {
            tools.insert(tool)
        }
        if script.contains("go run ") || script.contains("go build ") { tools.insert(.go) }
        if words.contains("python3") || script.contains(".py") {
            if script.contains("jsonschema") || script.contains("yaml") {
                tools.insert(.pythonSchema)
            } else if script.contains("kerberos_client") || script.contains("spnego_negotiate_client") {
                tools.insert(.pythonKerberos)
            } else if ["requests", "ntlm", "spnego"].contains(where: script.contains) {
                tools.insert(.pythonClients)
            } else {
                tools.insert(.python3)
            }
        }
        return tools
    }

    /// Skips the running test (or fails it, with `MOCKAUTH_REQUIRE_TOOLS=1`) when one of `tools` is missing.
    ///
    /// Call it at the start of a test or test case; the skip prints a line naming the tool and its
    /// installation to standard error, as well as Swift Testing's own cancellation record.
    ///
    /// Swift Testing can cancel a started test from Swift 6.3 on; built with Swift 6.2, a missing
    /// tool fails the test instead, with the same message (the `.needs(…)` trait skips with 6.2 too).
    public static func require(_ tools: some Sequence<Tool>, sourceLocation: SourceLocation = #_sourceLocation)
        async throws
    {
        let missing = await self.missing(tools)
        guard !missing.isEmpty else { return }
        let message = missingMessage(missing, foundInstead: await foundInstead(missing))
        if missingToolsFail {
            throw MissingTool(message: "\(message) (MOCKAUTH_REQUIRE_TOOLS=1: a missing tool is a failure)")
        }
        FileHandle.standardError.write(Data("SKIPPED: \(message)\n".utf8))
        SkipLog.record(context: SkipLog.context(fallback: "\(sourceLocation)"), message: message)
        #if compiler(>=6.3)
            try Test.cancel(Comment(rawValue: message), sourceLocation: sourceLocation)
        #else
            throw MissingTool(message: "\(message) (Swift 6.2 cannot skip a started test; Swift 6.3 skips it)")
        #endif
    }

    /// ``require(_:sourceLocation:)`` for a literal list.
    public static func require(_ tools: Tool..., sourceLocation: SourceLocation = #_sourceLocation) async throws {
        try await require(tools, sourceLocation: sourceLocation)
    }

    /// Those of `tools` this machine lacks, by name.
    static func missing(_ tools: some Sequence<Tool>) async -> [Tool] {
        let found = await availability.value.probes
        return tools.filter { found[$0]?.isAvailable != true }.sorted { $0.rawValue < $1.rawValue }
    }

    /// What a skip says of `missing` tools: each, what this machine has instead (`foundInstead`), and
    /// how to install it.
    public static func missingMessage(_ missing: [Tool], foundInstead: [Tool: String] = [:]) -> String {
        missing.map { tool in
            let here =
                foundInstead[tool].map { "this machine has '\($0)' instead, whose behaviour the tests do not know" }
                ?? "which is missing here"
            return "needs \(tool), \(here); install: \(tool.installation)"
        }.joined(separator: "; ")
    }

    /// What a probe found.
    enum Probe: Sendable {
        case available
        case missing
        /// The command exists but is another tool than the one expected: what it says it is.
        case other(String)

        var isAvailable: Bool {
            switch self {
            case .available: true
            case .missing, .other: false
            }
        }
    }

    /// What the probes found: each tool's availability, and the first line of the output of those
    /// that say what they are (`curl --version`, `openssl version`).
    struct Findings: Sendable {
        var probes = [Tool: Probe]()
        var firstLines = [Tool: String]()
    }

    /// Every tool, probed once per process, at the same time.
    private static let availability = Task<Findings, Never> {
        await withTaskGroup(of: (Tool, Probe, String?).self) { group in
            for tool in allCases { group.addTask { await probe(tool) } }
            var found = Findings()
            for await (tool, probe, firstLine) in group {
                found.probes[tool] = probe
                found.firstLines[tool] = firstLine
            }
            return found
        }
    }

    /// What each missing tool is here, for the messages.
    static func foundInstead(_ tools: [Tool]) async -> [Tool: String] {
        let found = await availability.value.probes
        var others = [Tool: String]()
        for tool in tools {
            if case .other(let identity) = found[tool] { others[tool] = identity }
        }
        return others
    }

    /// The tool's probe, and the first line of its output when it says what it is.
    private static func probe(_ tool: Tool) async -> (Tool, Probe, String?) {
        switch tool {
        case .curl:
            // `curl 7.88.1 (x86_64-pc-linux-gnu) libcurl/7.88.1 OpenSSL/3.0.17 …`
            let (probe, firstLine) = await identify(["curl", "--version"]) { $0.contains(" OpenSSL/3.") }
            return (tool, probe, firstLine)
        case .openssl:
            // `OpenSSL 3.0.17 1 Jul 2025 …`; macOS: `LibreSSL 3.3.6`.
            let (probe, firstLine) = await identify(["openssl", "version"]) { $0.hasPrefix("OpenSSL 3.") }
            return (tool, probe, firstLine)
        case .wget: return (tool, await succeeds(["wget", "--version"]), nil)
        case .chromium: return (tool, await succeeds(["chromium", "--version"]), nil)
        case .node: return (tool, await succeeds(["node", "--version"]), nil)
        case .java:
            guard await succeeds(["java", "-version"]).isAvailable else { return (tool, .missing, nil) }
            return (tool, await succeeds(["javac", "-version"]), nil)
        case .go: return (tool, await succeeds(["go", "version"]), nil)
        case .python3: return (tool, await succeeds(["python3", "--version"]), nil)
        case .pythonClients:
            return (tool, await succeeds(["python3", "-c", "import requests, requests_ntlm, spnego"]), nil)
        case .pythonSchema:
            return (tool, await succeeds(["python3", "-c", "import jsonschema, yaml, openapi_spec_validator"]), nil)
        case .pythonKerberos:
            return (tool, await succeeds(["python3", "-c", "import gssapi, krb5, spnego, requests"]), nil)
        case .kerberos:
            return (tool, kerberosProbe(), nil)
        }
    }

    /// MIT Kerberos's programs, where MockAuthKerberos looks for them (the `PATH`, then `/usr/sbin`
    /// and Homebrew's krb5), and its GSS-API library as the acceptors load it.
    private static func kerberosProbe() -> Probe {
        let path = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map(String.init)
        let directories =
            path + [
                "/usr/sbin", "/usr/local/sbin", "/opt/homebrew/opt/krb5/sbin", "/opt/homebrew/opt/krb5/bin",
                "/usr/local/opt/krb5/sbin", "/usr/local/opt/krb5/bin",
            ]
        let programs = ["krb5kdc", "kdb5_util", "kadmin.local", "kinit"]
        let found = programs.allSatisfy { name in
            directories.contains { FileManager.default.isExecutableFile(atPath: "\($0)/\(name)") }
        }
        #if os(Linux)
            let libraries = ["libgssapi_krb5.so.2", "libgssapi_krb5.so"]
            let library = libraries.contains { name in
                guard let handle = dlopen(name, RTLD_LAZY) else { return false }
                dlclose(handle)
                return true
            }
        #else
            let library = true
        #endif
        return found && library ? .available : .missing
    }

    /// Runs `arguments` (`PATH` decides, as for the tests' own commands) with no input and its
    /// output discarded: whether it exited 0 within a minute.
    private static func succeeds(_ arguments: [String]) async -> Probe {
        let ended = try? await SupervisedProcess(arguments, output: .discarded).run(timeout: .seconds(60))
        return ended.map { !$0.stopped && $0.status == 0 } == true ? .available : .missing
    }

    /// Runs `arguments` and tells by the first line of its output whether it is the expected tool;
    /// the line too, when it ran.
    private static func identify(_ arguments: [String], expected: (String) -> Bool) async -> (Probe, String?) {
        guard let ended = try? await SupervisedProcess(arguments, output: .merged).run(timeout: .seconds(60)),
            !ended.stopped, ended.status == 0
        else { return (.missing, nil) }
        let firstLine = String(ended.outputText.split(separator: "\n").first ?? "")
        return (expected(firstLine) ? .available : .other(firstLine), firstLine)
    }
}

/// A tool a test needs is missing, and `MOCKAUTH_REQUIRE_TOOLS=1` turns that into a failure.
public struct MissingTool: Error, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}

extension Trait where Self == ConditionTrait {
    /// Runs the test only where every one of `tools` is available; otherwise it is skipped with a
    /// comment naming what is missing and how to install it (or fails, with `MOCKAUTH_REQUIRE_TOOLS=1`).
    /// The skip is written to `MOCKAUTH_SKIP_LOG` (``SkipLog``), under the test's name or, where the
    /// condition runs outside the test, the trait's source location.
    public static func needs(_ tools: Tool..., sourceLocation: SourceLocation = #_sourceLocation) -> Self {
        // The comment is shown only when the test is skipped: then one of them is missing.
        .enabled(Comment(rawValue: Tool.missingMessage(tools)), sourceLocation: sourceLocation) {
            let missing = await Tool.missing(tools)
            guard missing.isEmpty else {
                let message = Tool.missingMessage(missing, foundInstead: await Tool.foundInstead(missing))
                if Tool.missingToolsFail {
                    throw MissingTool(message: message + " (MOCKAUTH_REQUIRE_TOOLS=1)")
                }
                SkipLog.record(context: SkipLog.context(fallback: "\(sourceLocation)"), message: message)
                return false
            }
            return true
        }
    }
}
