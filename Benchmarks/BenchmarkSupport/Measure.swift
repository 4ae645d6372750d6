import Foundation

/// What every benchmark here needs: a monotonic clock, medians and percentiles, and a way out.
public enum Measure {
    /// Seconds on the monotonic clock.
    public static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    public static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return 0 }
        return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }

    /// The value below which a fraction `p` of the values fall (nearest rank).
    public static func percentile(_ values: [Double], _ p: Double) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return 0 }
        return sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * p).rounded()))]
    }

    /// Prints `benchmark: message` on standard error and exits 1.
    public static func fail(_ benchmark: String, _ message: String) -> Never {
        FileHandle.standardError.write(Data("\(benchmark): \(message)\n".utf8))
        exit(1)
    }
}
