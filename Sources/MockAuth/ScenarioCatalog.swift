import Foundation
import MockAuthCatalog

/// Where the scenario catalog lives.
public enum ScenarioCatalog {
    /// The catalog bundled with this build of MockAuth (a copy of the repository's `Scenarios/`).
    public static var bundledDirectory: String? {
        guard let path = MockAuthCatalogBundle.directory?.path, FileManager.default.fileExists(atPath: path) else {
            return nil
        }
        return path
    }

    /// The catalog to use when none is named: `Scenarios/` in the current directory when run from a
    /// checkout (so edits take effect without a rebuild), else the bundled one.
    public static func defaultDirectory(currentDirectory: String = FileManager.default.currentDirectoryPath) -> String? {
        let checkout = (currentDirectory as NSString).appendingPathComponent("Scenarios")
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: checkout, isDirectory: &isDirectory), isDirectory.boolValue {
            return checkout
        }
        return bundledDirectory
    }
}
