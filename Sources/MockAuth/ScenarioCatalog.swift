import Foundation
import MockAuthCatalog
import MockAuthScenario

/// Where scenarios come from: a directory of `NAME.yaml`, or the catalog embedded in this build.
public enum ScenarioCatalog: Sendable, Equatable, CustomStringConvertible {
    /// A directory of `NAME.yaml` files.
    case directory(String)
    /// The repository's `Scenarios/` as it was when MockAuth was built.
    case bundled

    /// `Scenarios/` in `currentDirectory` when run from a checkout (so edits take effect without a
    /// rebuild), else the bundled catalog.
    public static func `default`(currentDirectory: String = FileManager.default.currentDirectoryPath) -> ScenarioCatalog
    {
        let checkout = (currentDirectory as NSString).appendingPathComponent("Scenarios")
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: checkout, isDirectory: &isDirectory), isDirectory.boolValue {
            return .directory(checkout)
        }
        return .bundled
    }

    /// Every scenario of the catalog, sorted by name.
    public func loadAll() throws(ScenarioErrors) -> [Scenario] {
        switch self {
        case .directory(let path): try ScenarioLoader.loadCatalog(directory: path)
        case .bundled: try ScenarioLoader.loadCatalog(Self.bundledSources)
        }
    }

    /// The scenario called `reference`, or the scenario file at that path.
    public func load(_ reference: String) throws(ScenarioError) -> Scenario {
        switch self {
        case .directory(let path):
            return try ScenarioLoader.load(reference, catalog: path)
        case .bundled:
            if ScenarioLoader.isPath(reference) { return try ScenarioLoader.load(file: reference) }
            guard let source = Self.bundledSources.first(where: { $0.name == reference }) else {
                throw ScenarioLoader.unknownName(
                    reference, known: Self.bundledSources.map(\.name), in: "the bundled catalog")
            }
            return try ScenarioLoader.parse(source)
        }
    }

    public var description: String {
        switch self {
        case .directory(let path): path
        case .bundled: "the bundled catalog"
        }
    }

    private static var bundledSources: [ScenarioLoader.Source] {
        MockAuthCatalogBundle.files.map {
            ScenarioLoader.Source(name: $0.name, text: $0.text, file: "Scenarios/\($0.name).yaml")
        }
    }
}
