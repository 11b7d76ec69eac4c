import Foundation
import MockAuthTestSupport
import Testing

/// The CI workflow (`.github/workflows/ci.yml`) keeps up with the manifest.
@Suite("The CI workflow")
struct WorkflowTests {
    static let workflow = MockAuthDBinary.repositoryRoot.appendingPathComponent(".github/workflows/ci.yml")

    /// The text of `job` in the workflow: from its key to the next job's.
    static func job(_ name: String, in text: String) throws -> Substring {
        let start = try #require(text.range(of: "\n  \(name):\n")?.upperBound, "the workflow has no \(name) job")
        let rest = text[start...]
        let end = rest.firstMatch(of: /\n  [a-z-]+:\n/)?.range.lowerBound ?? rest.endIndex
        return rest[..<end]
    }

    static func repositoryFile(_ path: String) throws -> String {
        try String(contentsOf: MockAuthDBinary.repositoryRoot.appendingPathComponent(path), encoding: .utf8)
    }

    @Test(
        "the Apple-platforms job builds every library product but MockAuthCommands and tests the Apple tests on each simulator"
    )
    func simulatorProducts() async throws {
        let text = try String(contentsOf: Self.workflow, encoding: .utf8)
        for job in ["linux:", "macos:", "apple-platforms:"] {
            #expect(text.contains("\n  \(job)\n"), "the workflow has the \(job) job")
        }
        #expect(text.contains("bash .ci/run"))
        let script = try Self.repositoryFile("scripts/apple-platform-tests")
        let list = try #require(script.firstMatch(of: /PRODUCTS = \[([^\]]*)\]/)?.output.1, "no PRODUCTS list")
        let built = Set(list.matches(of: /"([A-Za-z]+)"/).map { String($0.output.1) })
        let manifest = try await Manifest.load()
        #expect(manifest.libraryProducts.contains("MockAuthCommands"), "\(manifest.libraryProducts)")
        #expect(built == manifest.libraryProducts.subtracting(["MockAuthCommands"]), "script: \(built.sorted())")
        // The test scheme is the Apple test target, shared so that xcodebuild sees it.
        #expect(script.contains("TEST_SCHEME = \"MockAuthAppleTests\""))
        #expect(manifest.targets.contains { $0.name == "MockAuthAppleTests" && $0.type == "test" })
        let scheme = try Self.repositoryFile(".swiftpm/xcode/xcshareddata/xcschemes/MockAuthAppleTests.xcscheme")
        #expect(
            scheme.contains("BlueprintIdentifier = \"MockAuthAppleTests\"") && scheme.contains("<TestableReference"))
        // Each step reports its own status: the list, every build, the tests; failures at the end.
        for step in [
            #"xcodebuild(["-list"]"#, #"["build", "-scheme", product"#, #"["test", "-scheme", TEST_SCHEME"#,
            "TEST_RUNNER_MOCKAUTH_ASSUMPTIONS_DIR", "sys.exit(1)",
        ] {
            #expect(script.contains(step), "scripts/apple-platform-tests lacks \(step)")
        }
        let job = try Self.job("apple-platforms", in: text)
        let platforms = try #require(job.firstMatch(of: /platform: \[([^\]]*)\]/)?.output.1, "no platform matrix")
        #expect(
            platforms.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
                == ["iOS", "tvOS", "watchOS", "visionOS", "Mac Catalyst"])
        #expect(job.contains("scripts/apple-platform-tests \"${{ matrix.platform }}\""))
        #expect(job.contains("scripts/apple-assumptions") && job.contains(">> \"$GITHUB_STEP_SUMMARY\""))
        #expect(job.contains("actions/upload-artifact") && job.contains("apple-assumptions.md"))
    }

    @Test(
        "the macOS job runs under the Xcode floor and the newest, with pinned clients, and reports assumptions and skips"
    )
    func macOSJob() throws {
        let job = try Self.job("macos", in: try String(contentsOf: Self.workflow, encoding: .utf8))
        #expect(job.contains("xcode: [floor, latest]"))
        #expect(job.contains("scripts/select-xcode ${{ matrix.xcode }}"))
        // The floor the README claims is the one selected.
        let select = try Self.repositoryFile("scripts/select-xcode")
        #expect(select.contains("FLOOR = (26, 0)"))
        #expect(try Self.repositoryFile("README.md").contains("Xcode 26 or later"))
        // The versions the expectations were recorded with on Debian (.ci/install).
        for pin in [
            "actions/setup-python@v5\n        with:\n          python-version: '3.11'",
            "actions/setup-node@v4\n        with:\n          node-version: '20'",
            "actions/setup-java@v4\n        with:\n          distribution: temurin\n          java-version: '17'",
            "curl --version", "brew install curl openssl@3",
        ] {
            #expect(job.contains(pin), "the macOS job lacks \(pin)")
        }
        #expect(job.contains("MOCKAUTH_ASSUMPTIONS_DIR:") && job.contains("MOCKAUTH_SKIP_LOG:"))
        #expect(job.contains("scripts/apple-assumptions") && job.contains("--skipped \"$MOCKAUTH_SKIP_LOG\""))
        #expect(job.contains(">> \"$GITHUB_STEP_SUMMARY\"") && job.contains("path: apple-assumptions.md"))
        #expect(job.contains("swift test --parallel") && job.contains("Examples/SecureFetch"))
    }

    @Test("the conformance matrix runs as shards, one per job of the matrix, and a job merges them")
    func conformanceShards() throws {
        let text = try String(contentsOf: Self.workflow, encoding: .utf8)
        let shardJob = try #require(text.range(of: "\n  conformance:\n")?.upperBound, "no conformance job")
        let mergeJob = try #require(text.range(of: "\n  conformance-merge:\n")?.upperBound, "no merge job")
        let shards = text[shardJob..<mergeJob]
        let matrix = try #require(shards.firstMatch(of: /shard: \[([0-9, ]+)\]/)?.output.1, "no shard matrix")
        let numbers = matrix.split(separator: ",").compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }
        #expect(numbers == Array(1...numbers.count), "\(numbers)")
        // Every slice of N, and N is the matrix's size.
        #expect(shards.contains("make conformance-shard SHARD=${{ matrix.shard }}/\(numbers.count)"))
        #expect(shards.contains("path: .build/conformance/shard-${{ matrix.shard }}.json"))
        let merge = text[mergeJob...].prefix { _ in true }
        #expect(merge.contains("needs: conformance\n"))
        #expect(merge.contains("path: .build/conformance\n") && merge.contains("make conformance-merge"))
        // The Makefile's merge joins the shards' files where the shard jobs write them, with the baselines.
        let makefile = try String(
            contentsOf: MockAuthDBinary.repositoryRoot.appendingPathComponent("Makefile"), encoding: .utf8)
        #expect(makefile.contains("--json $(CONFORMANCE_OUT)/shard-$(firstword $(subst /, ,$(SHARD))).json"))
        #expect(makefile.contains("conform merge $(sort $(wildcard $(CONFORMANCE_OUT)/shard-*.json))"))
        #expect(makefile.contains("$(CONFORM_BASELINES) $(CONFORM_REPORTS) $(CONFORM_ARGS)"))
    }

    @Test(
        "on a push to main, after the merge, the merged report is published on GitHub Pages by the Makefile's site target"
    )
    func conformanceSite() throws {
        let text = try String(contentsOf: Self.workflow, encoding: .utf8)
        let job = try Self.job("conformance-site", in: text)
        // On pushes to main only, and only after the merge (and its baseline gate) succeeded.
        #expect(job.contains("needs: conformance-merge\n"))
        #expect(job.contains("if: github.event_name == 'push' && github.ref == 'refs/heads/main'\n"))
        #expect(job.contains("pages: write") && job.contains("id-token: write"))
        #expect(job.contains("environment:\n      name: github-pages\n"))
        // The merge's report, downloaded where the merge wrote it (the artifact's paths are relative to
        // the checkout), made into the site by the Makefile, that directory uploaded and deployed.
        let merge = try Self.job("conformance-merge", in: text)
        let artifact = try #require(
            merge.firstMatch(of: /upload-artifact@v4\n        with:\n          name: ([a-z-]+)\n/)?.output.1)
        #expect(merge.contains("            .build/conformance/\n"))
        let steps = [
            "uses: actions/download-artifact@v4\n        with:\n          name: \(artifact)\n          path: .\n",
            "run: make conformance-site\n",
            "uses: actions/upload-pages-artifact@v3\n        with:\n          path: .build/conformance/site\n",
            "uses: actions/deploy-pages@v4",
        ]
        let positions = steps.map { job.range(of: $0)?.lowerBound }
        #expect(
            !positions.contains(nil), "the job lacks a step: \(zip(steps, positions).filter { $1 == nil }.map(\.0))")
        let found = positions.compactMap { $0 }
        #expect(found == found.sorted(), "the steps are out of order")
        // No other job publishes: the permission is asked for once.
        #expect(text.components(separatedBy: "pages: write").count == 2)
        // The Makefile's target reads the report the merge writes and writes the directory uploaded.
        let makefile = try Self.repositoryFile("Makefile")
        #expect(makefile.contains("CONFORMANCE_OUT ?= .build/conformance\n"))
        #expect(makefile.contains("CONFORMANCE_SITE ?= $(CONFORMANCE_OUT)/site\n"))
        #expect(makefile.contains("CONFORM_REPORTS = --json $(CONFORMANCE_OUT)/results.json"))
        #expect(makefile.contains("conform site $(CONFORMANCE_OUT)/results.json --out $(CONFORMANCE_SITE)"))
        #expect(makefile.contains("\n## conformance-site: "))
    }

    @Test("a v* tag builds and checks the mockauthd tarball and attaches it to the release; .ci/run checks it too")
    func releaseTarball() throws {
        let text = try String(contentsOf: Self.workflow, encoding: .utf8)
        let dist = try #require(text.range(of: "\n  dist:\n")?.upperBound, "no dist job")
        let release = try #require(text.range(of: "\n  release:\n")?.upperBound, "no release job")
        let distJob = text[dist..<release]
        #expect(distJob.contains("if: startsWith(github.ref, 'refs/tags/v')"))
        #expect(distJob.contains("run: make dist && make dist-check"))
        let releaseJob = text[release...].prefix(1200)
        #expect(releaseJob.contains("needs: [linux, dist]") && releaseJob.contains("contents: write"))
        #expect(releaseJob.contains("gh release upload \"$GITHUB_REF_NAME\" dist/*"))
        let ci = try String(
            contentsOf: MockAuthDBinary.repositoryRoot.appendingPathComponent(".ci/run"), encoding: .utf8)
        #expect(ci.contains("\nmake dist\nmake dist-check\n"))
    }
}
