import Foundation
import MockAuthTestSupport
import Testing

/// The CI workflow (`.github/workflows/ci.yml`) keeps up with the manifest.
@Suite("The CI workflow")
struct WorkflowTests {
    static let workflow = MockAuthDBinary.repositoryRoot.appendingPathComponent(".github/workflows/ci.yml")

    @Test("the simulators build every library product but MockAuthCommands (macOS and Linux only)")
    func simulatorProducts() async throws {
        let text = try String(contentsOf: Self.workflow, encoding: .utf8)
        let loop = try #require(text.range(of: "for product in ")?.upperBound)
        let list = text[loop...].prefix { $0 != ";" }
        let built = Set(list.split(whereSeparator: { $0 == " " || $0 == "\\" || $0 == "\n" }).map(String.init))
        let products = try await Manifest.load().libraryProducts
        #expect(products.contains("MockAuthCommands") && products.contains("MockAuthTesting"), "\(products)")
        #expect(built == products.subtracting(["MockAuthCommands"]), "workflow: \(built.sorted())")
        for job in ["linux:", "macos:", "apple-platforms:"] {
            #expect(text.contains("\n  \(job)\n"), "the workflow has the \(job) job")
        }
        #expect(text.contains("bash .ci/run"))
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
