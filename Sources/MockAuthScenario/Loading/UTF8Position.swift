/// Where a file stops being UTF-8, as a line and a column a person can find.
struct UTF8Position: Equatable {
    /// Line, from 1.
    var line: Int
    /// Column, from 1, counted in characters (Unicode scalars) of that line.
    var column: Int
    /// The first byte that does not decode.
    var byte: UInt8

    /// The position of the first byte of `bytes` that is not valid UTF-8, or nil when all of it is.
    static func firstInvalid(in bytes: [UInt8]) -> UTF8Position? {
        var decoder = UTF8()
        var iterator = bytes.makeIterator()
        var offset = 0
        var line = 1
        var column = 1
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                offset += UTF8.width(scalar)
                if scalar == "\n" {
                    line += 1
                    column = 1
                } else {
                    column += 1
                }
            case .emptyInput:
                return nil
            case .error:
                return UTF8Position(line: line, column: column, byte: bytes[min(offset, bytes.count - 1)])
            }
        }
    }
}
