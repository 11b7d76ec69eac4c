import Foundation
import SwiftASN1

extension Date {
    /// This moment in whole seconds, UTC, as a GeneralizedTime (OCSP's only time type).
    var generalizedTime: GeneralizedTime {
        get throws {
            let parts = Self.utcComponents(of: self)
            return try GeneralizedTime(
                year: parts.year ?? 1970, month: parts.month ?? 1, day: parts.day ?? 1, hours: parts.hour ?? 0,
                minutes: parts.minute ?? 0, seconds: parts.second ?? 0, fractionalSeconds: 0)
        }
    }

    /// This moment as a UTCTime, which RFC 5280 §5.1.2.4 requires in CRLs through 2049.
    var utcTime: UTCTime {
        get throws {
            let parts = Self.utcComponents(of: self)
            return try UTCTime(
                year: parts.year ?? 1970, month: parts.month ?? 1, day: parts.day ?? 1, hours: parts.hour ?? 0,
                minutes: parts.minute ?? 0, seconds: parts.second ?? 0)
        }
    }

    /// Serializes this moment as RFC 5280's `Time`: UTCTime through 2049, GeneralizedTime after.
    func serializeX509Time(into coder: inout DER.Serializer) throws {
        if (Self.utcComponents(of: self).year ?? 1970) < 2050 {
            try coder.serialize(utcTime)
        } else {
            try coder.serialize(generalizedTime)
        }
    }

    private static func utcComponents(of date: Date) -> DateComponents {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        return calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
    }
}
