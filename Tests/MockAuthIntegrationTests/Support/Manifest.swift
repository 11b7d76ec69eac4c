import Foundation
import MockAuthTestSupport
import Testing

/// The package manifest as `swift package dump-package` reads it, for the tests that keep documents
/// (the architecture table, the CI workflow) equal to it.
struct Manifest {
    /// A target: its name, kind, and direct dependencies (other targets by name, products by their
    /// package's name and by their own); where its sources are, when the manifest says.
    struct Target {
        var name: String
        var type: String
        var targets: Set<String>
        var packages: Set<String>
        var products: Set<String> = []
        var path: String?

        /// Its sources' folder: `path`, or `Sources/NAME` (`Tests/NAME` for a test target).
        var sourcePath: String { path ?? (type == "test" ? "Tests/\(name)" : "Sources/\(name)") }
    }

    var targets: [Target]
    var libraryProducts: Set<String>

    /// Reads the repository's manifest (a scratch path of its own: the build folder may be busy).
    static func load() async throws -> Manifest {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("dump-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let dump = try await Shell.execute(
            [
                "swift", "package", "--package-path", MockAuthDBinary.repositoryRoot.path, "--scratch-path",
                scratch.path, "dump-package",
            ], timeout: 300)
        try #require(dump.status == 0, "\(dump.error)")
        let manifest = try #require(try JSONSerialization.jsonObject(with: Data(dump.output.utf8)) as? [String: Any])
        let products = manifest["products"] as? [[String: Any]] ?? []
        let libraries = products.compactMap { product in
            (product["type"] as? [String: Any])?["library"] != nil ? product["name"] as? String : nil
        }
        let targets = (manifest["targets"] as? [[String: Any]] ?? []).map { target in
            var names = Set<String>()
            var packages = Set<String>()
            var products = Set<String>()
            for dependency in target["dependencies"] as? [[String: [Any]]] ?? [] {
                if let product = dependency["product"], product.count > 1, let package = product[1] as? String {
                    packages.insert(package)
                    if let name = product[0] as? String { products.insert(name) }
                } else if let named = (dependency["byName"] ?? dependency["target"])?.first as? String {
                    names.insert(named)
                }
            }
            return Target(
                name: target["name"] as? String ?? "", type: target["type"] as? String ?? "", targets: names,
                packages: packages, products: products, path: target["path"] as? String)
        }
        return Manifest(targets: targets, libraryProducts: Set(libraries))
    }
}
