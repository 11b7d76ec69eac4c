/// A place in a scenario file.
public struct ScenarioLocation: Sendable, Hashable, CustomStringConvertible {
    /// The file's path as the loader was given it.
    public var file: String
    /// Line, from 1.
    public var line: Int
    /// Column, from 1.
    public var column: Int

    package init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    /// `file:line:column`, the form editors and compilers use.
    public var description: String { "\(file):\(line):\(column)" }
}
