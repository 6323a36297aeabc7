package dev.sns.jmh;

import dev.sns.SnsOptions;
import dev.sns.clocks.ClockPolicies;
import dev.sns.model.VerdictThresholds;
import dev.sns.stats.BootstrapSettings;
import dev.sns.timing.LaunchMode;
import dev.sns.timing.TimerKind;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Consumer;

/**
 * The options of {@code -prof sns:key=value;key=value}. Keys match exactly (no abbreviations);
 * an unknown key or a bad value is an error naming it, raised when JMH constructs the profiler,
 * which it does before any fork starts. {@code -prof sns:help} lists them all.
 */
public final class SnsProfilerOptions implements java.io.Serializable {
    private static final long serialVersionUID = 1L;

    /** One option: its key, default, accepted values and meaning. */
    private record Spec(String key, String defaultValue, String values, String help, Consumer<String> check) {}

    private static final List<Spec> SPECS = List.of(
            new Spec("timer", "auto", "auto|cuda|wall", "CUDA events on a GPU (auto falls back to the wall clock, loudly)",
                    TimerKind::parse),
            new Spec("device", "0", "index", "CUDA device index", v -> nonNegativeInt("device", v)),
            new Spec("flushL2", "false", "true|false", "overwrite a buffer of twice the L2 before every sample",
                    v -> bool("flushL2", v)),
            new Spec("flushBytes", "0", "bytes", "flush buffer size (0: twice the L2)", v -> nonNegativeLong("flushBytes", v)),
            new Spec("innerReps", "auto", "n|auto", "calls of the work per sample (auto: about targetMs per sample)",
                    SnsProfilerOptions::innerReps),
            new Spec("targetMs", "1.0", "ms", "the sample length automatic inner reps aim for", v -> positive("targetMs", v)),
            new Spec("launch", "blocking", "plain|blocking|graph", "how launches are kept out of the events", LaunchMode::parse),
            new Spec("eventStream", "timed", "timed|legacy",
                    "record events on the timed stream, or on the legacy default stream (for libraries' own streams)",
                    v -> oneOf("eventStream", v, "timed", "legacy")),
            new Spec("launchOverhead", "true", "true|false", "also time an empty kernel: launch overhead and net time",
                    v -> bool("launchOverhead", v)),
            new Spec("clocks", "unlocked", "unlocked|max|lock:SM[,MEM][,power=W]",
                    "clock policy applied around each fork (locking needs privileges)", ClockPolicies::validate),
            new Spec("smi", "", "path", "nvidia-smi to use for clock policies (default: the first on PATH)", v -> { }),
            new Spec("confidence", "0.95", "(0,1)", "confidence level of every interval", v -> new BootstrapSettings(
                    Double.parseDouble(v), BootstrapSettings.DEFAULT_RESAMPLES, 0)),
            new Spec("resamples", "2000", "n>=100", "bootstrap resamples", v -> new BootstrapSettings(
                    BootstrapSettings.DEFAULT_CONFIDENCE, parseInt("resamples", v), 0)),
            new Spec("seed", "0xC0FFEE", "long (hex with 0x)", "bootstrap seed (also seeds round orders)",
                    v -> parseSeed(v)),
            new Spec("telemetryMs", "2", "ms", "how often clocks are sampled during an iteration", v -> positive("telemetryMs", v)),
            new Spec("out", "sns-results", "directory", "where results.json, results.csv and report.html go", v -> {
                if (v.isBlank()) {
                    throw new IllegalArgumentException("out must name a directory");
                }
            }),
            new Spec("formats", "json,csv,html", "json,csv,html", "report formats to write", SnsProfilerOptions::formats),
            new Spec("faster", "1.2", ">=1", "FASTER when a speedup interval's lower bound is above this",
                    v -> new VerdictThresholds(Double.parseDouble(v), VerdictThresholds.DEFAULT_SLOWER)),
            new Spec("slower", "0.95", "(0,1]", "SLOWER when a speedup interval's upper bound is below this",
                    v -> new VerdictThresholds(VerdictThresholds.DEFAULT_FASTER, Double.parseDouble(v))),
            new Spec("pair", "", "CANDIDATE_REGEX->BASELINE",
                    "pair benchmarks by name, for suites that cannot be annotated with @Baseline ($1: a regex group)",
                    v -> {
                        if (!v.isEmpty() && !v.contains("->")) {
                            throw new IllegalArgumentException("write CANDIDATE_REGEX->BASELINE, e.g. (.*)Fast->$1Slow");
                        }
                    }),
            new Spec("rounds", "4", "n>=2", "ABBA rounds per pair (one fork per side per round)",
                    v -> atLeast("rounds", v, 2)),
            new Spec("interleave", "true", "true|false", "run pairs' forks in ABBA rounds (sns Main only)",
                    v -> bool("interleave", v)),
            new Spec("failOnSlower", "false", "true|false", "exit non-zero when any verdict is SLOWER (for CI)",
                    v -> bool("failOnSlower", v)));

    private final Map<String, String> values;
    private final String initLine;

    private SnsProfilerOptions(Map<String, String> values, String initLine) {
        this.values = values;
        this.initLine = initLine;
    }

    /**
     * Parses {@code key=value;key=value}. Throws {@link IllegalArgumentException} naming the bad key
     * or value; {@code help} throws {@link HelpRequested} with the option table.
     */
    public static SnsProfilerOptions parse(String initLine) {
        Map<String, String> v = new LinkedHashMap<>();
        for (Spec s : SPECS) {
            v.put(s.key(), s.defaultValue());
        }
        String line = initLine == null ? "" : initLine.trim();
        for (String part : line.split(";")) {
            String p = part.trim();
            if (p.isEmpty()) {
                continue;
            }
            if (p.equals("help")) {
                throw new HelpRequested(help());
            }
            int eq = p.indexOf('=');
            if (eq <= 0) {
                throw new IllegalArgumentException("sns option '" + p + "' has no value: write key=value, e.g. timer=cuda ("
                        + "-prof sns:help lists the options)");
            }
            String key = p.substring(0, eq).trim();
            String value = p.substring(eq + 1).trim();
            Spec spec = SPECS.stream().filter(s -> s.key().equals(key)).findFirst().orElseThrow(
                    () -> new IllegalArgumentException("unknown sns option '" + key + "'" + suggestion(key)
                            + ". Options: " + String.join(", ", keys()) + " (-prof sns:help describes them)"));
            try {
                spec.check().accept(value);
            } catch (RuntimeException e) {
                throw new IllegalArgumentException("sns option " + key + "=" + value + " is invalid: " + e.getMessage()
                        + " (accepted: " + spec.values() + ")");
            }
            v.put(key, value);
        }
        return new SnsProfilerOptions(v, line);
    }

    /** Thrown for {@code -prof sns:help}, carrying the help text. */
    public static final class HelpRequested extends IllegalArgumentException {
        private static final long serialVersionUID = 1L;

        HelpRequested(String help) {
            super(help);
        }
    }

    /** The option table: key, default, accepted values, meaning. */
    public static String help() {
        StringBuilder sb = new StringBuilder("sns profiler options (-prof sns:key=value;key=value):\n");
        for (Spec s : SPECS) {
            sb.append(String.format(Locale.ROOT, "  %-14s default %-12s %s%n      %s%n", s.key(),
                    s.defaultValue().isEmpty() ? "(none)" : s.defaultValue(), s.values(), s.help()));
        }
        return sb.toString();
    }

    private static List<String> keys() {
        List<String> k = new ArrayList<>();
        for (Spec s : SPECS) {
            k.add(s.key());
        }
        return k;
    }

    private static String suggestion(String key) {
        String lower = key.toLowerCase(Locale.ROOT);
        for (Spec s : SPECS) {
            String k = s.key().toLowerCase(Locale.ROOT);
            if (k.startsWith(lower) || lower.startsWith(k) || k.equals(lower)) {
                return " (did you mean " + s.key() + "?)";
            }
        }
        return "";
    }

    /** The line these options were parsed from (passed to the forks). */
    public String initLine() {
        return initLine;
    }

    public String get(String key) {
        String v = values.get(key);
        if (v == null) {
            throw new IllegalArgumentException("no sns option " + key);
        }
        return v;
    }

    public boolean flag(String key) {
        return Boolean.parseBoolean(get(key));
    }

    public int device() {
        return Integer.parseInt(get("device"));
    }

    /** 0 for automatic. */
    public int innerReps() {
        String v = get("innerReps");
        return v.equals("auto") ? 0 : Integer.parseInt(v);
    }

    public double targetMs() {
        return Double.parseDouble(get("targetMs"));
    }

    public int rounds() {
        return Integer.parseInt(get("rounds"));
    }

    public Set<String> formats() {
        return new TreeSet<>(Arrays.asList(get("formats").split(",")));
    }

    public BootstrapSettings bootstrap() {
        return new BootstrapSettings(Double.parseDouble(get("confidence")), Integer.parseInt(get("resamples")),
                parseSeed(get("seed")));
    }

    public VerdictThresholds thresholds() {
        return new VerdictThresholds(Double.parseDouble(get("faster")), Double.parseDouble(get("slower")));
    }

    /** The engine's options for timing in a fork (timer, device, flush, launch, inner reps, bootstrap). */
    public SnsOptions snsOptions() {
        SnsOptions.Builder b = SnsOptions.builder()
                .timer(TimerKind.parse(get("timer")))
                .device(device())
                .flushL2(flag("flushL2"))
                .flushBytes(Long.parseLong(get("flushBytes")))
                .launch(LaunchMode.parse(get("launch")))
                .legacyStreamEvents(get("eventStream").equals("legacy"))
                .launchOverhead(flag("launchOverhead"))
                .bootstrap(bootstrap())
                .thresholds(thresholds())
                .telemetryPeriodMillis(Double.parseDouble(get("telemetryMs")));
        if (innerReps() > 0) {
            b.innerReps(innerReps());
        } else {
            b.autoInnerReps(targetMs());
        }
        return b.build();
    }

    /** Every option as text, in table order (for reports). */
    public Map<String, String> describe() {
        return new LinkedHashMap<>(values);
    }

    static long parseSeed(String v) {
        String s = v.trim().toLowerCase(Locale.ROOT);
        try {
            return s.startsWith("0x") ? Long.parseUnsignedLong(s.substring(2), 16) : Long.parseLong(s);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("seed must be a decimal or 0x-hex long, got '" + v + "'");
        }
    }

    private static void innerReps(String v) {
        if (!v.equals("auto")) {
            atLeast("innerReps", v, 1);
        }
    }

    private static void formats(String v) {
        for (String f : v.split(",")) {
            oneOf("formats", f.trim(), "json", "csv", "html");
        }
    }

    private static void bool(String key, String v) {
        oneOf(key, v, "true", "false");
    }

    private static void oneOf(String key, String v, String... allowed) {
        for (String a : allowed) {
            if (a.equals(v)) {
                return;
            }
        }
        throw new IllegalArgumentException(key + " must be one of " + String.join(", ", allowed) + ", got '" + v + "'");
    }

    private static int parseInt(String key, String v) {
        try {
            return Integer.parseInt(v);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(key + " must be an integer, got '" + v + "'");
        }
    }

    private static void nonNegativeInt(String key, String v) {
        atLeast(key, v, 0);
    }

    private static void atLeast(String key, String v, int min) {
        if (parseInt(key, v) < min) {
            throw new IllegalArgumentException(key + " must be at least " + min + ", got " + v);
        }
    }

    private static void nonNegativeLong(String key, String v) {
        try {
            if (Long.parseLong(v) < 0) {
                throw new NumberFormatException();
            }
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(key + " must be a non-negative integer, got '" + v + "'");
        }
    }

    private static void positive(String key, String v) {
        double d;
        try {
            d = Double.parseDouble(v);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(key + " must be a number, got '" + v + "'");
        }
        if (!(d > 0) || Double.isInfinite(d)) {
            throw new IllegalArgumentException(key + " must be positive, got " + v);
        }
    }
}
