import Metrics
import Prometheus
import SkillHost
import SkillModel

/// What the server counts and times, through swift-metrics, for Prometheus at `GET /metrics`:
///
/// | metric | |
/// |---|---|
/// | `skillhost_turns_total{skill, outcome}` | conversation turns, `ok` or `error` (`skill` is `host` when no skill answered) |
/// | `skillhost_turn_duration_seconds{skill}` | a turn from text to answer |
/// | `skillhost_nlu_duration_seconds` | the NLU's time in a turn: invocation phrases, readings, the dialog's answers |
/// | `skillhost_skill_duration_seconds{skill}` | the skill's own time in a turn |
/// | `skillhost_alexa_requests_total{skill, outcome}`, `skillhost_alexa_duration_seconds{skill}` | the Alexa endpoint |
/// | `skillhost_alexa_refused_total` | Alexa requests that failed verification |
/// | `skillhost_reloads_total{kind}` | what the host did on its own: `loaded`, `reloaded`, `kept`, `refused`, `removed` |
/// | `skillhost_conversations` | conversations the server keeps |
/// | `http_server_request_duration`, `hb_requests`, `hb_request_errors`, `http_server_active_requests` | every HTTP request (Hummingbird's own) |
public enum ServerMetrics {
    /// The registry `GET /metrics` shows; the process's metrics system writes to it once
    /// `bootstrap()` has run.
    public static let registry = PrometheusCollectorRegistry()

    /// Makes swift-metrics write to `registry`, with buckets fit for what is timed (a parse
    /// takes a fraction of a millisecond, a skill up to its deadline). Once per process.
    public static func bootstrap() {
        var factory = PrometheusMetricsFactory(registry: registry)
        let fine: [Duration] = [.microseconds(50), .microseconds(100), .microseconds(250), .microseconds(500), .milliseconds(1), .milliseconds(2), .milliseconds(5), .milliseconds(10), .milliseconds(25), .milliseconds(50), .milliseconds(100), .milliseconds(250), .milliseconds(500), .seconds(1), .seconds(2), .seconds(5), .seconds(10)]
        factory.defaultDurationHistogramBuckets = fine
        MetricsSystem.bootstrap(factory)
    }

    static func turn(_ result: TurnResult, total: Duration) {
        let skill = result.skillID?.rawValue ?? "host"
        Counter(label: "skillhost_turns_total", dimensions: [("skill", skill), ("outcome", result.error == nil ? "ok" : "error")]).increment()
        Timer(label: "skillhost_turn_duration_seconds", dimensions: [("skill", skill)]).recordInterval(total)
        Timer(label: "skillhost_nlu_duration_seconds").recordInterval(result.nluDuration)
        if result.skillID != nil {
            Timer(label: "skillhost_skill_duration_seconds", dimensions: [("skill", skill)]).recordInterval(result.skillDuration)
        }
    }

    static func alexa(skill: String, ok: Bool, total: Duration) {
        let handles = alexaHandles.withLock { handles in
            if let made = handles[skill] { return made }
            let made = AlexaHandles(
                ok: Counter(label: "skillhost_alexa_requests_total", dimensions: [("skill", skill), ("outcome", "ok")]),
                failed: Counter(label: "skillhost_alexa_requests_total", dimensions: [("skill", skill), ("outcome", "error")]),
                duration: Timer(label: "skillhost_alexa_duration_seconds", dimensions: [("skill", skill)]))
            handles[skill] = made
            return made
        }
        (ok ? handles.ok : handles.failed).increment()
        handles.duration.recordInterval(total)
    }

    /// The Alexa endpoint's metrics per skill, made once: making them looks them up by label
    /// and dimensions, a measurable part of a request that takes 60 µs.
    private struct AlexaHandles: Sendable {
        let ok: Metrics.Counter
        let failed: Metrics.Counter
        let duration: Metrics.Timer
    }
    private static let alexaHandles = Locked<[String: AlexaHandles]>([:])

    static func alexaRefused() {
        Counter(label: "skillhost_alexa_refused_total").increment()
    }

    static func conversations(_ count: Int) {
        Gauge(label: "skillhost_conversations").record(count)
    }

    /// Counts what the host did on its own (give it the host's events).
    public static func record(_ event: HostEvent) {
        switch event.kind {
        case .loaded, .reloaded, .kept, .refused, .removed:
            Counter(label: "skillhost_reloads_total", dimensions: [("kind", "\(event.kind)")]).increment()
        default:
            break
        }
    }
}

extension Timer {
    func recordInterval(_ duration: Duration) {
        let (seconds, attoseconds) = duration.components
        recordNanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
    }
}
