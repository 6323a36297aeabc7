package dev.sns.options;

import static dev.sns.options.TimingOption.Scope.API;
import static dev.sns.options.TimingOption.Scope.BENCHMARK;
import static dev.sns.options.TimingOption.Scope.RUN;

import dev.sns.clocks.ClockPolicies;
import dev.sns.model.Precision;
import dev.sns.model.SpeedupReading;
import dev.sns.timing.EnergyCool;
import dev.sns.timing.EventStream;
import dev.sns.timing.LaunchMode;
import dev.sns.timing.TimerKind;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.BiConsumer;
import java.util.function.Function;

/**
 * The table of timing options: every key of {@link SnsOptions}, {@code -prof sns} and
 * {@code @GpuTiming}, in the order the help lists them. A new option is one row here plus its
 * field, setter and accessor in {@link SnsOptions}.
 */
@org.apiguardian.api.API(status = org.apiguardian.api.API.Status.INTERNAL, since = "0.2.0")
public final class TimingOptions {
    private TimingOptions() {}

    /** Every timing option. */
    public static final List<TimingOption<?>> ALL = List.of(
            row("timer", "auto|cuda|wall", RUN, "what times the samples, one timer for the whole run: auto (CUDA events "
                    + "on a GPU, else the host's wall clock, said loudly), cuda (CUDA events; no GPU is an error), wall "
                    + "(the host's wall clock)",
                    TimerKind::parse, SnsOptions.Builder::timer, o -> o.timer().toString()),
            row("devices", "all|0,1|UUID-prefix", RUN, "the GPUs to measure on: all, CUDA indices, or GPU UUID "
                    + "prefixes (-prof sns:devices lists them); each GPU benchmark is measured on each, and the first "
                    + "is the others' reference (device health)",
                    DeviceSelection::parse, SnsOptions.Builder::devices, o -> o.devices().toString()),
            row("flushL2", "true|false", BENCHMARK, "overwrite a buffer larger than the L2 (flushBytes) before every sample, "
                    + "outside the timed region",
                    v -> bool("flushL2", v), SnsOptions.Builder::flushL2, o -> Boolean.toString(o.flushL2())),
            row("flushBytes", "bytes", BENCHMARK, "flush buffer size (0: twice the L2)",
                    v -> longValue("flushBytes", v), SnsOptions.Builder::flushBytes, o -> Long.toString(o.flushBytes())),
            row("innerReps", "n>=1|auto", BENCHMARK, "calls of the work per sample (auto: about targetMs per sample)",
                    v -> v.equals("auto") ? null : integer("innerReps", v),
                    (b, n) -> {
                        if (n == null) {
                            b.autoInnerReps();
                        } else {
                            b.innerReps(n);
                        }
                    },
                    o -> o.autoInnerReps() ? "auto" : Integer.toString(o.innerReps())),
            row("targetMs", "ms", BENCHMARK, "the sample length automatic inner reps aim for",
                    v -> number("targetMs", v), SnsOptions.Builder::targetMs, o -> num(o.targetMs())),
            row("maxInnerReps", "n>=1", BENCHMARK, "the most calls automatic inner reps put in one sample",
                    v -> integer("maxInnerReps", v), SnsOptions.Builder::maxInnerReps, o -> Integer.toString(o.maxInnerReps())),
            row("launch", "plain|blocking|graph", BENCHMARK, "how a sample's launches are kept out of its events: plain (as they come; "
                    + "launch gaps the GPU waits through are timed, and there is no net reading), blocking (a spinning "
                    + "kernel holds the stream while the sample is queued, then the GPU runs it back to back), graph (the "
                    + "inner reps captured once as a CUDA graph and replayed, each sample held like blocking)",
                    LaunchMode::parse, SnsOptions.Builder::launch, o -> o.launch().toString()),
            row("eventStream", "timed|legacy", BENCHMARK,
                    "record events on the timed stream, or on the legacy default stream (for libraries' own streams)",
                    EventStream::parse, SnsOptions.Builder::eventStream, o -> o.eventStream().toString()),
            row("launchOverhead", "true|false", BENCHMARK, "also time an empty kernel (blocking and graph launches): launch overhead and net time",
                    v -> bool("launchOverhead", v), SnsOptions.Builder::launchOverhead,
                    o -> Boolean.toString(o.launchOverhead())),
            row("clocks", "unlocked|max|lock:SM[,MEM][,power=W]", RUN,
                    "clock policy applied around the measurement (JMH: each fork), read back, and always "
                    + "restored; locking needs privileges",
                    v -> {
                        ClockPolicies.validate(v);
                        return v;
                    }, SnsOptions.Builder::clocks, SnsOptions::clocksSpec),
            row("smi", "path", RUN, "nvidia-smi to use for clock policies (default: the first on PATH)",
                    v -> v, SnsOptions.Builder::smi, SnsOptions::smi),
            row("confidence", "(0,1)", RUN, "confidence level of every interval",
                    v -> number("confidence", v), SnsOptions.Builder::confidence,
                    o -> num(o.bootstrap().confidence())),
            row("resamples", "n>=100", RUN, "bootstrap resamples",
                    v -> integer("resamples", v), SnsOptions.Builder::resamples,
                    o -> Integer.toString(o.bootstrap().resamples())),
            row("seed", "long (hex with 0x)", RUN, "bootstrap seed (also seeds round orders)",
                    TimingOptions::seed, SnsOptions.Builder::seed, o -> hex(o.bootstrap().seed())),
            row("faster", ">=1", RUN, "FASTER when a speedup interval's lower bound is above this",
                    v -> number("faster", v), SnsOptions.Builder::faster, o -> num(o.thresholds().fasterLowerBound())),
            row("slower", "(0,1]", RUN, "SLOWER when a speedup interval's upper bound is below this",
                    v -> number("slower", v), SnsOptions.Builder::slower, o -> num(o.thresholds().slowerUpperBound())),
            row("telemetryMs", "ms", RUN, "how often the clocks are sampled during a window",
                    v -> number("telemetryMs", v), SnsOptions.Builder::telemetryMs, o -> num(o.telemetryMs())),
            row("verdictOn", "raw|net", RUN, "the speedup a verdict reads: raw, or net of each side's launch overhead "
                    + "(the kernels' own cost); both are reported", SpeedupReading::parse, SnsOptions.Builder::verdictOn,
                    o -> o.verdictOn().toString()),
            row("kernels", "true|false", BENCHMARK, "a kernel pass apart from the samples: CUPTI's records of the "
                    + "kernels one call launches (names, grid, block, durations, share of the call)",
                    v -> bool("kernels", v), SnsOptions.Builder::kernels, o -> Boolean.toString(o.kernels())),
            row("kernelCalls", "n>=1", BENCHMARK, "calls the kernel pass records",
                    v -> integer("kernelCalls", v), SnsOptions.Builder::kernelCalls, o -> Integer.toString(o.kernelCalls())),
            row("precision", Precision.spellings(), BENCHMARK, "the precision of the declared flops, for their share "
                    + "of the device's peak FLOP/s", Precision::parse, SnsOptions.Builder::precision,
                    o -> o.precision().toString()),
            row("energy", "true|false", BENCHMARK, "energy windows of whole energy-counter updates: joules per call "
                    + "and watts with intervals, idle power, the energy ratio of pairs (off: samples unchanged)",
                    v -> bool("energy", v), SnsOptions.Builder::energy, o -> Boolean.toString(o.energy())),
            row("energyUpdates", "n>=1", BENCHMARK, "counter updates each energy window spans at least (~100 ms each)",
                    v -> integer("energyUpdates", v), SnsOptions.Builder::energyUpdates,
                    o -> Integer.toString(o.energyUpdates())),
            row("energyIdle", "true|false", BENCHMARK, "measure idle power before the work, for energy above idle",
                    v -> bool("energyIdle", v), SnsOptions.Builder::energyIdle, o -> Boolean.toString(o.energyIdle())),
            row("energyCool", "none|Ns|TC", BENCHMARK, "wait, GPU idle, before each side's energy windows: a time (10s) "
                    + "or until the GPU is at most a temperature (45C, waiting at most 120 s)",
                    EnergyCool::parse, SnsOptions.Builder::energyCool, o -> o.energyCool().toString()),
            row("energyMargin", "(0,1]", RUN, "an energy ratio's verdict: LESS_ENERGY above 1+margin, MORE_ENERGY "
                    + "below 1/(1+margin)", v -> number("energyMargin", v), SnsOptions.Builder::energyMargin,
                    o -> num(o.energyMargin())),
            api("warmup", "calls", "calls of the work before sampling (after one discarded prime call)",
                    "JMH's warm-up iterations (-wi, -w)", v -> integer("warmup", v), SnsOptions.Builder::warmup,
                    o -> Integer.toString(o.warmup())),
            api("minWarmupMs", "ms", "keep warming up until the warm-up work took this long",
                    "JMH's warm-up time (-w)", v -> number("minWarmupMs", v), SnsOptions.Builder::minWarmupMs,
                    o -> num(o.minWarmupMs())),
            api("iterations", "n>=10", "samples to take at least", "JMH's measurement iterations (-i, -r): every "
                    + "invocation is a sample", v -> integer("iterations", v), SnsOptions.Builder::iterations,
                    o -> Integer.toString(o.iterations())),
            api("minSamplingMs", "ms", "keep sampling (whole windows) until the samples add up to this long",
                    "JMH's measurement time (-r)", v -> number("minSamplingMs", v), SnsOptions.Builder::minSamplingMs,
                    o -> num(o.minSamplingMs())),
            row("halfWidth", "none|P%", BENCHMARK, "adaptive precision: sample until the 95% interval of the median "
                    + "is at most P% of it on each side, or until maxSamplingMs (none: a fixed count). The Java API "
                    + "samples whole windows until the interval meets it and holds; the sns Main (java -jar "
                    + "benchmarks.jar) runs JMH's -f/-i first, then more forks of each benchmark above it (maxForks); "
                    + "JMH's own Main refuses it", TimingOptions::halfWidth, SnsOptions.Builder::halfWidthPct,
                    o -> Double.isNaN(o.halfWidthPct()) ? "none" : num(o.halfWidthPct()) + "%"),
            row("maxSamplingMs", "ms", BENCHMARK, "the cap on adaptive precision: the samples' GPU time (timed regions "
                    + "summed) at which sampling stops, target reached or not (the result says which); the sns Main "
                    + "starts no fork that would pass it",
                    v -> number("maxSamplingMs", v), SnsOptions.Builder::maxSamplingMs, o -> num(o.maxSamplingMs())),
            api("windows", "n>=1", "windows the samples are split into; the interval resamples them",
                    "JMH's iterations: each measurement iteration is one window", v -> integer("windows", v),
                    SnsOptions.Builder::windows, o -> Integer.toString(o.windows())),
            api("streams", "0..16", "streams a call's windows take in turn (0: one per window; 1: one stream, for "
                    + "work that keeps the first stream it is given): each stream keeps a launch-cost level of its own",
                    "forks: each fork has a stream of its own, drawn at random", v -> integer("streams", v), SnsOptions.Builder::streams,
                    o -> Integer.toString(o.streams())),
            api("interleave", "true|false|default", "one sample of each workload per round (compare: on, "
                    + "measureMany: off)", "ABBA rounds of forks for pairs (abba=true|false)",
                    v -> v.equals("default") ? null : bool("interleave", v), SnsOptions.Builder::interleave,
                    SnsOptions::interleaveText),
            api("repeatSdPct", "%|none", "this host's repeatability (sd of a repeat call's median, % of it, from "
                    + "the self-check): results also carry the interval a repeat falls in, comparisons the "
                    + "between-call term in their intervals",
                    "forks: each fork is a repeat, and the interval spans them", v -> declared("repeatSdPct", v),
                    SnsOptions.Builder::repeatSdPct, o -> num(o.repeatSdPct())),
            api("flopsPerCall", "flops", "floating-point operations per call, for a TFLOP/s column",
                    "GpuBlackhole.declareWork(flops, bytes) in the benchmark", v -> declared("flopsPerCall", v),
                    SnsOptions.Builder::flopsPerCall, o -> num(o.flopsPerCall())),
            api("energyWindows", "n>=2", "energy windows per workload", "JMH's measurement iterations: each gives "
                    + "its whole energyUpdates spans as windows (-r 1s or more)", v -> integer("energyWindows", v),
                    SnsOptions.Builder::energyWindows, o -> Integer.toString(o.energyWindows())),
            api("bytesPerCall", "bytes", "bytes moved per call (read plus written), for a GB/s column",
                    "GpuBlackhole.declareWork(flops, bytes) in the benchmark", v -> declared("bytesPerCall", v),
                    SnsOptions.Builder::bytesPerCall, o -> num(o.bytesPerCall())));

    /**
     * The option with a key.
     *
     * @param key the key as written
     * @return the option named {@code key}
     * @throws IllegalArgumentException if there is none, naming it, a guess, and the keys there are
     *     (or what replaced a key of an earlier version)
     */
    public static TimingOption<?> find(String key) {
        for (TimingOption<?> o : ALL) {
            if (o.key().equals(key)) {
                return o;
            }
        }
        throw unknown(key, ALL);
    }

    /** Keys of earlier versions, with what replaced them. */
    private static final java.util.Map<String, String> RENAMED = java.util.Map.of("device",
            "'device' is now 'devices': devices=1 for one GPU, devices=0,1 or devices=all for several, or a GPU "
                    + "UUID prefix (-prof sns:devices lists them)");

    /**
     * The error for a key no option has.
     *
     * @param key the key as written
     * @param specs the options there are
     * @return an exception saying what replaced the key when it is a key of an earlier version, else
     *     naming it, a guess and the keys there are
     */
    public static IllegalArgumentException unknown(String key, List<? extends OptionSpec> specs) {
        String renamed = RENAMED.get(key);
        return renamed != null ? new IllegalArgumentException("sns option " + renamed) : OptionLine.unknown(key, specs);
    }

    /**
     * The options of some scopes.
     *
     * @param scopes the scopes wanted
     * @return the options settable in any of them, in table order
     */
    public static List<TimingOption<?>> in(TimingOption.Scope... scopes) {
        List<TimingOption<?>> out = new ArrayList<>();
        for (TimingOption<?> o : ALL) {
            for (TimingOption.Scope s : scopes) {
                if (o.scope() == s) {
                    out.add(o);
                }
            }
        }
        return out;
    }

    private static <T> TimingOption<T> row(String key, String values, TimingOption.Scope scope, String help,
                                           Function<String, T> parse, BiConsumer<SnsOptions.Builder, T> apply,
                                           Function<SnsOptions, String> show) {
        return new TimingOption<>(key, values, scope, help, "", parse, apply, show);
    }

    private static <T> TimingOption<T> api(String key, String values, String help, String underJmh,
                                           Function<String, T> parse, BiConsumer<SnsOptions.Builder, T> apply,
                                           Function<SnsOptions, String> show) {
        return new TimingOption<>(key, values, API, help, underJmh, parse, apply, show);
    }

    /**
     * Reads an int. The one integer reader of the option text (the JMH run's own keys use it too).
     *
     * @param key the option's key, for the error
     * @param v the text, blanks around it ignored
     * @return its value
     * @throws IllegalArgumentException if the text is no integer, or one past the int range (never a
     *     wrapped value), naming the key
     */
    public static int integer(String key, String v) {
        long x = longValue(key, v);
        if (x != (int) x) {
            throw new IllegalArgumentException(key + " must be " + (x > 0 ? "at most " + Integer.MAX_VALUE
                    : "at least " + Integer.MIN_VALUE) + ", got '" + v + "'");
        }
        return (int) x;
    }

    static long longValue(String key, String v) {
        try {
            return Long.parseLong(v.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(key + " must be an integer, got " + quoted(v));
        }
    }

    static double number(String key, String v) {
        try {
            return Double.parseDouble(v.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(key + " must be a number, got " + quoted(v));
        }
    }

    /** A value as an error quotes it; an empty one is called empty (the parser's own word is "empty String"). */
    private static String quoted(String v) {
        return v.isBlank() ? "an empty value" : "'" + v + "'";
    }

    /** A precision target: "none" (NaN) or a percentage with its sign, "0.5%". */
    static double halfWidth(String v) {
        String t = v.trim();
        if (t.equals("none")) {
            return Double.NaN;
        }
        if (!t.endsWith("%")) {
            throw new IllegalArgumentException("halfWidth must be a percentage of the median with its % sign, e.g. "
                    + "halfWidth=0.5%, or none, got " + quoted(v));
        }
        return number("halfWidth", t.substring(0, t.length() - 1));
    }

    /** A declared amount (of work, of repeatability), or "none" (NaN: not declared). */
    static double declared(String key, String v) {
        return v.trim().equals("none") ? Double.NaN : number(key, v);
    }

    static boolean bool(String key, String v) {
        if (v.equals("true") || v.equals("false")) {
            return Boolean.parseBoolean(v);
        }
        throw new IllegalArgumentException(key + " must be one of true, false, got '" + v + "'");
    }

    /**
     * Reads a seed.
     *
     * @param v a long in decimal, or in hex after "0x" (up to 16 hex digits, as unsigned)
     * @return the seed
     * @throws IllegalArgumentException if it is neither
     */
    public static long seed(String v) {
        String s = v.trim().toLowerCase(Locale.ROOT);
        try {
            return s.startsWith("0x") ? Long.parseUnsignedLong(s.substring(2), 16) : Long.parseLong(s);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("seed must be a decimal or 0x-hex long, got " + quoted(v));
        }
    }

    /**
     * Writes a seed.
     *
     * @param seed the seed
     * @return it as options and reports write it: "0x" and upper-case hex, e.g. "0xC0FFEE"
     */
    public static String hex(long seed) {
        return "0x" + Long.toHexString(seed).toUpperCase(Locale.ROOT);
    }

    /** A number as options show it: integral values without a decimal point. */
    static String num(double v) {
        if (Double.isNaN(v)) {
            return "none";
        }
        return v == Math.rint(v) && Math.abs(v) < 1e15 ? Long.toString((long) v) : Double.toString(v);
    }
}
