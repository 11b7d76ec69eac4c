import Foundation

extension ConformanceSite {
    /// Writes the site into `directory`, creating it as needed. A directory that already holds a site
    /// this writer made (its `index.html` says so) loses its old client and scenario pages first, so
    /// a client or scenario gone from the report leaves no page behind; nothing else is removed.
    ///
    /// - Throws: ``SiteWriteError``, naming the file or directory that could not be written.
    package func write(to directory: String) throws(SiteWriteError) {
        let root = URL(fileURLWithPath: directory, isDirectory: true)
        let manager = FileManager.default
        let index = root.appendingPathComponent("index.html")
        if let existing = try? String(contentsOf: index, encoding: .utf8), existing.contains(Self.generator) {
            for folder in ["clients", "scenarios"] {
                let url = root.appendingPathComponent(folder, isDirectory: true)
                for name in (try? manager.contentsOfDirectory(atPath: url.path)) ?? [] where name.hasSuffix(".html") {
                    let page = url.appendingPathComponent(name)
                    do {
                        try manager.removeItem(at: page)
                    } catch {
                        throw SiteWriteError(path: page.path, error)
                    }
                }
            }
        }
        for folder in ["", "clients", "scenarios"] {
            let url = folder.isEmpty ? root : root.appendingPathComponent(folder, isDirectory: true)
            do {
                try manager.createDirectory(at: url, withIntermediateDirectories: true)
            } catch {
                throw SiteWriteError(path: url.path, error)
            }
        }
        for file in files {
            let url = root.appendingPathComponent(file.path)
            do {
                try Data(file.contents.utf8).write(to: url, options: .atomic)
            } catch {
                throw SiteWriteError(path: url.path, error)
            }
        }
    }
}

/// A file or directory of the conformance site that could not be written, and why.
package struct SiteWriteError: Error, CustomStringConvertible {
    /// The file or directory.
    package var path: String
    /// Why, in words: the system's reason when there is one (`Not a directory`).
    package var reason: String

    init(path: String, _ error: any Error) {
        self.path = path
        let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError
        if let underlying, underlying.domain == NSPOSIXErrorDomain {
            reason = String(cString: strerror(Int32(underlying.code)))
        } else {
            reason = Self.obstacle(on: path) ?? error.localizedDescription
        }
    }

    /// What stands in the way of writing `path` when Foundation does not say: the nearest existing
    /// directory above it being a file, or not writable.
    static func obstacle(on path: String) -> String? {
        var ancestor = (path as NSString).deletingLastPathComponent
        while !ancestor.isEmpty && ancestor != "/" && !FileManager.default.fileExists(atPath: ancestor) {
            ancestor = (ancestor as NSString).deletingLastPathComponent
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: ancestor, isDirectory: &isDirectory) else { return nil }
        if !isDirectory.boolValue { return "\(ancestor) is a file, not a directory" }
        if !FileManager.default.isWritableFile(atPath: ancestor) { return "\(ancestor) is not writable" }
        return nil
    }

    package var description: String { "cannot write \(path): \(reason)" }
}
