import Foundation
import Platform

/// HTTP dates (RFC 9110 §5.6.7): written as IMF-fixdate (`Fri, 27 Nov 2026 20:00:00
/// GMT`), read in that form and the two obsolete ones a recipient must still accept
/// (RFC 850 `Friday, 27-Nov-26 20:00:00 GMT` and asctime `Fri Nov 27 20:00:00 2026`).
///
/// Why not DateFormatter: each connection has its own thread, and a formatter shared
/// between threads is not safe on every platform; this is plain arithmetic on UTC.
enum HTTPDate {
    static let dayNames = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    static let longDayNames = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]
    static let monthNames = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// `seconds` since 1970 (UTC) as IMF-fixdate.
    static func format(_ seconds: Int) -> String {
        var time = time_t(seconds)
        var parts = tm()
        gmtime_r(&time, &parts)
        func two(_ n: Int32) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "\(dayNames[Int(parts.tm_wday)]), \(two(parts.tm_mday)) \(monthNames[Int(parts.tm_mon)]) \(parts.tm_year + 1900) "
            + "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec)) GMT"
    }

    static func format(_ date: Date) -> String { format(Int(date.timeIntervalSince1970.rounded(.down))) }

    static var now: String { format(Date()) }

    /// Seconds since 1970 (UTC); nil when `text` is none of the three forms.
    static func parse(_ text: String) -> Int? {
        let words = text.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        // IMF-fixdate: "Sun, 06 Nov 1994 08:49:37 GMT"
        if words.count == 6, words[5] == "GMT", words[0].hasSuffix(","), dayNames.contains(String(words[0].dropLast())),
           words[1].count == 2, let day = Int(words[1]), let month = monthNames.firstIndex(of: words[2]),
           words[3].count == 4, let year = Int(words[3]) {
            return seconds(year: year, month: month, day: day, clock: words[4])
        }
        // RFC 850: "Sunday, 06-Nov-94 08:49:37 GMT" (a two-digit year more than 50 years
        // ahead is taken as the past, RFC 9110 §5.6.7).
        if words.count == 4, words[3] == "GMT", words[0].hasSuffix(","), longDayNames.contains(String(words[0].dropLast())) {
            let date = words[1].split(separator: "-", omittingEmptySubsequences: false).map(String.init)
            guard date.count == 3, date[0].count == 2, let day = Int(date[0]), let month = monthNames.firstIndex(of: date[1]),
                  date[2].count == 2, let short = Int(date[2]) else { return nil }
            var year = 2000 + short
            if year > Calendar(identifier: .gregorian).component(.year, from: Date()) + 50 { year -= 100 }
            return seconds(year: year, month: month, day: day, clock: words[2])
        }
        // asctime: "Sun Nov  6 08:49:37 1994"
        if words.count == 5, dayNames.contains(words[0]), let month = monthNames.firstIndex(of: words[1]),
           (1...2).contains(words[2].count), let day = Int(words[2]), words[4].count == 4, let year = Int(words[4]) {
            return seconds(year: year, month: month, day: day, clock: words[3])
        }
        return nil
    }

    /// `month` counts from 0; `clock` is "HH:MM:SS".
    private static func seconds(year: Int, month: Int, day: Int, clock: String) -> Int? {
        let fields = clock.split(separator: ":", omittingEmptySubsequences: false)
        guard fields.count == 3, fields.allSatisfy({ $0.count == 2 && $0.allSatisfy(\.isASCII) }),
              let hour = Int(fields[0]), let minute = Int(fields[1]), let second = Int(fields[2]),
              (0...23).contains(hour), (0...59).contains(minute), (0...60).contains(second),
              (1...31).contains(day), (1...9999).contains(year) else { return nil }
        // Days since 1970 from the civil date (Howard Hinnant's days_from_civil).
        let y = month < 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let monthFromMarch = (month + 10) % 12
        let dayOfYear = (153 * monthFromMarch + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        let days = era * 146_097 + dayOfEra - 719_468
        return days * 86_400 + hour * 3600 + minute * 60 + second
    }
}
