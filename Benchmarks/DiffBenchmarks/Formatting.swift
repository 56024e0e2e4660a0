import Foundation

/// Durations and ratios as a person reads them.
enum Formatting {
    /// `812 ns`, `12.3 µs`, `4.56 ms`, `1.23 s`: three significant digits in the unit that fits.
    static func duration(nanoseconds: Double) -> String {
        let (value, unit): (Double, String) =
            nanoseconds < 1e3 ? (nanoseconds, "ns")
            : nanoseconds < 1e6 ? (nanoseconds / 1e3, "µs")
            : nanoseconds < 1e9 ? (nanoseconds / 1e6, "ms")
            : (nanoseconds / 1e9, "s")
        return significant(value) + " " + unit
    }

    /// `4.2×`, `0.31×`, `0.0031×`, `1,600×`.
    static func ratio(_ value: Double) -> String {
        guard value.isFinite else { return "n/a" }
        if value >= 100 {
            let formatter = NumberFormatter()
            formatter.numberStyle = .decimal
            formatter.maximumFractionDigits = 0
            return (formatter.string(from: NSNumber(value: value.rounded())) ?? "\(Int(value))") + "×"
        }
        if value > 0 && value < 0.1 {
            // Two significant digits below 0.1 (`0.0031×`), so that small ratios stay readable.
            let decimals = min(8, Int(-log10(value).rounded(.down)) + 2)
            return String(format: "%.\(decimals)f", value) + "×"
        }
        return significant(value) + "×"
    }

    /// Three significant digits, at most two decimals.
    static func significant(_ value: Double) -> String {
        value >= 100 ? String(format: "%.0f", value) : value >= 10 ? String(format: "%.1f", value) : String(format: "%.2f", value)
    }

    /// `text` padded with spaces to `width` (on the left for numbers).
    static func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
        let padding = String(repeating: " ", count: max(0, width - text.count))
        return right ? padding + text : text + padding
    }
}

extension String {
    /// The string right-aligned in `width` characters.
    func leftPadded(_ width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
