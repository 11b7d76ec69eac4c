import Foundation

extension [UInt8] {
    /// Standard base64.
    var base64: String { Data(self).base64EncodedString() }
}
