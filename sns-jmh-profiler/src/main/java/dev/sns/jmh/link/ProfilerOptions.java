package dev.sns.jmh.link;

import dev.sns.options.OptionLine;
import dev.sns.options.OptionSpec;
import dev.sns.options.SnsOptions;
import dev.sns.options.TimingOption;
import dev.sns.options.TimingOptions;
import dev.sns.reports.ReportFormat;
import dev.sns.reports.ReportFormats;
import dev.sns.reports.shards.ShardSpec;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * The options of {@code -prof sns:key=value;key=value}: the timing options of
 * {@link TimingOptions} that apply to a whole run or a benchmark (read into {@link SnsOptions}), plus
 * the keys only a JMH run has (where reports go, pairs, ABBA rounds, the CI gate). Keys match exactly;
 * an unknown key or a bad value is an error naming it, raised when JMH constructs the profiler, before
 * any fork starts. {@code -prof sns:help} lists them all with their defaults.
 */
public final class ProfilerOptions {
    /** A key only a JMH run has. */
    private record RunOption(String key, String defaultText, String values, String help, Consumer<String> check)
            implements OptionSpec {}

    private static final List<RunOption> RUN = List.of(
            new RunOption("out", "sns-results", "directory", "the directory the reports go to (one run at a time: a second run into it stops)", v -> {
                if (v.isBlank()) {
                    throw new IllegalArgumentException("out must name a directory");
                }
            }),
            new RunOption("formats", String.join(",", ReportFormats.names()), String.join(",", ReportFormats.names()),
                    "report formats to write (each a dev.sns.reports.ReportFormat)", ReportFormats::parseList),
            new RunOption("pair", "", "CANDIDATE_REGEX->BASELINE",
                    "pair benchmarks by name, for suites that cannot be annotated with @Baseline ($1: a regex group)",
                    v -> {
                        if (!v.isEmpty() && !v.contains("->")) {
                            throw new IllegalArgumentException("write CANDIDATE_REGEX->BASELINE, e.g. (.*)Fast->$1Slow");
                        }
                    }),
            new RunOption("rounds", "4", "n>=2", "ABBA rounds per pair (one fork per side per round), and per GPU "
                    + "benchmark measured on several GPUs (one fork per GPU per round); -f does not apply to them",
                    v -> {
                if (integer("rounds", v) < 2) {
                    throw new IllegalArgumentException("rounds must be at least 2, got " + v);
                }
            }),
            new RunOption("abba", "true", "true|false", "run pairs' forks in ABBA rounds (sns Main only)",
                    v -> bool("abba", v)),
            new RunOption("failOnSlower", "false", "true|false",
                    "exit 2 when any verdict is SLOWER or a declared pair could not be compared (for CI)",
                    v -> bool("failOnSlower", v)),
            new RunOption("history", "off", "off|on|env|FILE|jdbc:sqlite:FILE|jdbc:postgresql://HOST/DB",
                    "record the finished run in a performance history (on: sns-history.db in the working directory; "
                            + "env: the one $SNS_HISTORY names, which keeps a password off the command line and out of "
                            + "the reports)",
                    v -> {
                        if (v.isBlank()) {
                            throw new IllegalArgumentException("history must be off, on, a file or a JDBC URL, got an "
                                    + "empty value");
                        }
                    }),
            new RunOption("requireGpu", "false", "true|false",
                    "fail the run (exit 3, before anything runs) when a selected benchmark needs a GPU that is not "
                            + "here, instead of skipping it", v -> bool("requireGpu", v)),
            new RunOption("parallelDevices", "false", "true|false",
                    "with several devices, run each device's forks at the same time (one fork per device; forks of "
                            + "one device never overlap); sns Main only", v -> bool("parallelDevices", v)),
            new RunOption("shard", "off", "off|K/N|auto",
                    "run shard K of N (from 1) of the selected benchmarks; auto: the task of a Slurm job array or a "
                            + "Kubernetes Indexed Job (sns Main only)", v -> {
                        if (!v.equals("off") && !v.equals("auto")) {
                            ShardSpec.parse(v);
                        }
                    }),
            new RunOption("group", "auto", "auto|ID",
                    "the run group every shard of one suite run records in the history (auto: $SNS_RUN_GROUP, else "
                            + "slurm-CLUSTER-JOBID of a Slurm job array, else k8s-JOBNAME-UID8 of a Kubernetes Job from "
                            + "$JOB_NAME and $JOB_UID)", v -> {
                        if (v.isBlank()) {
                            throw new IllegalArgumentException("group must be auto or an id, got an empty value");
                        }
                    }),
            new RunOption("maxForks", "20", "n>=1", "with halfWidth (sns Main only): the most forks precision rounds "
                    + "take a benchmark to, its first round's (-f) included; at it the result's stop is fork_cap",
                    v -> {
                        if (integer("maxForks", v) < 1) {
                            throw new IllegalArgumentException("maxForks must be at least 1, got " + v);
                        }
                    }),
            new RunOption("forkTimeout", "auto", "auto|seconds",
                    "end a fork that lives longer (auto: its iterations x (time + -to) + a minute)", v -> {
                        if (!v.equals("auto") && integer("forkTimeout", v) < 1) {
                            throw new IllegalArgumentException("forkTimeout must be auto or at least 1 second, got " + v);
                        }
                    }));

    /** The keys only the sns Main can do: adaptive precision adds forks, which JMH's own Main cannot. */
    private static final List<String> SNS_MAIN_ONLY = List.of("halfWidth", "maxSamplingMs", "maxForks");

    private final String initLine;
    private final SnsOptions timing;
    private final Map<String, String> run;
    /** The keys the line gave. */
    private final java.util.Set<String> given;

    private ProfilerOptions(String initLine, SnsOptions timing, Map<String, String> run, java.util.Set<String> given) {
        this.initLine = initLine;
        this.timing = timing;
        this.run = run;
        this.given = given;
    }

    /**
     * Parses {@code key=value;key=value}. Throws {@link IllegalArgumentException} naming the bad key
     * or value; {@code help} throws {@link OptionLine.HelpRequested} with the option table.
     */
    public static ProfilerOptions parse(String initLine) {
        String line = initLine == null ? "" : initLine.trim();
        String withoutListing = line.replaceAll("(^|;)\\s*devices\\s*(?=;|$)", "$1");
        if (!withoutListing.equals(line)) {
            ProfilerOptions o = parse(withoutListing);
            throw new DevicesRequested(o.deviceListing());
        }
        Map<String, String> run = new LinkedHashMap<>();
        for (RunOption r : RUN) {
            run.put(r.key(), r.defaultText());
        }
        SnsOptions.Builder timing = SnsOptions.builder();
        Map<String, String> parsed;
        try {
            parsed = OptionLine.parse(line, "");
        } catch (OptionLine.HelpRequested h) {
            // the table only when asked for: JMH makes the profiler twice a benchmark, and the table is ~0.5 ms
            throw new OptionLine.HelpRequested(help());
        }
        for (Map.Entry<String, String> e : parsed.entrySet()) {
            String key = e.getKey();
            String value = e.getValue();
            RunOption r = RUN.stream().filter(o -> o.key().equals(key)).findFirst().orElse(null);
            if (r != null) {
                try {
                    r.check().accept(value);
                } catch (RuntimeException ex) {
                    throw new IllegalArgumentException("sns option " + key + "=" + value + " is invalid: "
                            + ex.getMessage() + " (accepted: " + r.values() + ")", ex);
                }
                run.put(key, value);
                continue;
            }
            TimingOption<?> t = TimingOptions.ALL.stream().filter(o -> o.key().equals(key)).findFirst()
                    .orElseThrow(() -> TimingOptions.unknown(key, specs()));
            if (t.scope() == TimingOption.Scope.API) {
                throw new IllegalArgumentException("sns option '" + key + "' belongs to the Java API (Sns.measure, "
                        + "Sns.compare); under JMH, " + t.notUnderJmh() + " does its job");
            }
            timing.set(key, value);
        }
        return new ProfilerOptions(line, timing.build(), run, java.util.Set.copyOf(parsed.keySet()));
    }

    /** Every option of {@code -prof sns}: the run- and benchmark-scoped timing options, then the run's own. */
    public static List<OptionSpec> specs() {
        List<OptionSpec> all = new ArrayList<>(TimingOptions.in(TimingOption.Scope.BENCHMARK, TimingOption.Scope.RUN));
        all.addAll(RUN);
        return all;
    }

    /** The option table: key, default, accepted values, meaning. */
    public static String help() {
        return OptionLine.help("sns profiler options (-prof sns:key=value;key=value):", specs());
    }

    /** The line these options were parsed from (passed to the forks). */
    public String initLine() {
        return initLine;
    }

    /**
     * Thrown for a line holding the bare word {@code devices} ({@code -prof sns:devices}), carrying the
     * device listing (its selection marked when the line also holds {@code devices=...}).
     */
    public static final class DevicesRequested extends IllegalArgumentException {
        private static final long serialVersionUID = 1L;

        public DevicesRequested(String listing) {
            super(listing);
        }
    }

    /** The listing of this machine's GPUs, those these options select marked (the probe happens here). */
    String deviceListing() {
        dev.sns.Timers timers = dev.sns.Timers.detect();
        java.util.List<dev.sns.gpu.GpuDevice> selected = null;
        try {
            selected = timers.devices(timing);
        } catch (RuntimeException e) {
            // no GPU, or a selection naming none: the listing says which there are
        }
        return dev.sns.gpu.DeviceListing.format(timers.backend(), selected);
    }

    /**
     * These options as a fork measures with them: on the one device the host gave it
     * ({@link ForkProperties#DEVICE}), else as {@code devices} selects (the first of them).
     */
    public ProfilerOptions forThisFork() {
        int d = ForkProperties.device();
        return d < 0 ? this : new ProfilerOptions(initLine, timing.toBuilder().device(d).build(), run, given);
    }

    /** Whether each device's forks run at the same time (option parallelDevices; sns Main only). */
    public boolean parallelDevices() {
        return Boolean.parseBoolean(run.get("parallelDevices"));
    }

    /** The timing options (for the forks' timers and the host's analysis and clock policy). */
    public SnsOptions timing() {
        return timing;
    }

    /** Where the reports go. */
    public String out() {
        return run.get("out");
    }

    /** The report formats to write, in the order given. */
    public List<ReportFormat> formats() {
        return ReportFormats.parseList(run.get("formats"));
    }

    /** The {@code pair} option ("" for none). */
    public String pair() {
        return run.get("pair");
    }

    /** ABBA rounds per pair. */
    public int rounds() {
        return Integer.parseInt(run.get("rounds"));
    }

    /**
     * The most forks the sns Main's precision rounds take one benchmark to (option {@code maxForks}), the
     * forks of its first round included.
     */
    public int maxForks() {
        return Integer.parseInt(run.get("maxForks"));
    }

    /**
     * The keys of this line that only the sns Main can do ({@code halfWidth}, {@code maxSamplingMs},
     * {@code maxForks}: it adds forks until a benchmark's interval is narrow enough), in table order;
     * empty when none was given.
     */
    public List<String> snsMainOnly() {
        return SNS_MAIN_ONLY.stream().filter(given::contains).toList();
    }

    /**
     * Why JMH's own Main ({@code org.openjdk.jmh.Main}) refuses {@code keys}: the sns Main adds the forks
     * they ask for, and how to run it.
     */
    public static String needsSnsMain(List<String> keys, String where) {
        return "sns option" + (keys.size() == 1 ? " " : "s ") + String.join(", ", keys) + where + " need"
                + (keys.size() == 1 ? "s" : "") + " the sns Main: it runs JMH's forks (-f) first, then more forks of "
                + "each benchmark whose interval is wider than halfWidth, until it is met or a cap (maxSamplingMs, "
                + "maxForks) is spent. JMH's own Main (org.openjdk.jmh.Main) runs the forks -f gives and cannot add "
                + "any: run java -jar benchmarks.jar ... (its Main-Class is the sns Main), or leave the key"
                + (keys.size() == 1 ? "" : "s") + " out (every result still reports the precision it reached, "
                + "summary.precision)";
    }

    /** Whether pairs run in ABBA rounds. */
    public boolean abba() {
        return Boolean.parseBoolean(run.get("abba"));
    }

    /** Whether a SLOWER verdict (or a pair that could not be compared) makes the exit code 2. */
    public boolean failOnSlower() {
        return Boolean.parseBoolean(run.get("failOnSlower"));
    }

    /**
     * Where the finished run is recorded: null when off (the default), "" for the default file
     * (sns-history.db in the working directory), else a file or a JDBC URL ({@code history=env}:
     * {@code $SNS_HISTORY}'s, an error naming it when unset).
     */
    public String history() {
        String v = run.get("history");
        if (v.equals("env")) {
            String env = System.getenv(HISTORY_ENV);
            if (env == null || env.isBlank()) {
                throw new IllegalArgumentException("sns option history=env reads $" + HISTORY_ENV + ", which is not set: "
                        + "set it to the history (a file or jdbc:postgresql://HOST/DB?user=U&password=P)");
            }
            return env.strip();
        }
        return v.equals("off") ? null : v.equals("on") ? "" : v;
    }

    /** The environment variable {@code history=env} reads (the reports command line reads it too). */
    public static final String HISTORY_ENV = "SNS_HISTORY";

    /** Whether the run is one shard of a suite run ({@code shard=K/N} or {@code shard=auto}). */
    public boolean sharded() {
        return !run.get("shard").equals("off");
    }

    /**
     * Which shard this run is: {@code shard=K/N} as given, {@code shard=auto} from the scheduler's
     * variables in {@code env}; empty when not sharded. An error says what is wrong or missing.
     */
    public Optional<ShardSpec> shard(Map<String, String> env) {
        String v = run.get("shard");
        if (v.equals("off")) {
            return Optional.empty();
        }
        return Optional.of(v.equals("auto") ? ShardSpec.fromEnvironment(env) : ShardSpec.parse(v));
    }

    /**
     * The run group to record: {@code group=ID} as given, {@code group=auto} from {@code env}
     * ({@link ShardSpec#groupFromEnvironment}); empty when auto finds none.
     */
    public Optional<String> group(Map<String, String> env) {
        String v = run.get("group");
        return v.equals("auto") ? ShardSpec.groupFromEnvironment(env) : Optional.of(v.strip());
    }

    /** Whether a benchmark skipped for want of a GPU fails the run. */
    public boolean requireGpu() {
        return Boolean.parseBoolean(run.get("requireGpu"));
    }

    /** One option's value as text, e.g. {@code get("clocks")} is "unlocked" by default. */
    public String get(String key) {
        String v = describe().get(key);
        if (v == null) {
            throw TimingOptions.unknown(key, specs());
        }
        return v;
    }

    /** How long a fork may live, in seconds; 0 for auto (from its iterations and JMH's -to). */
    public int forkTimeoutSeconds() {
        String v = run.get("forkTimeout");
        return v.equals("auto") ? 0 : Integer.parseInt(v);
    }

    /** Every option as text, in help order (for reports). */
    public Map<String, String> describe() {
        Map<String, String> m = new LinkedHashMap<>();
        Map<String, String> t = timing.describe();
        for (OptionSpec s : specs()) {
            m.put(s.key(), t.containsKey(s.key()) ? t.get(s.key()) : run.get(s.key()));
        }
        return m;
    }

    private static int integer(String key, String v) {
        return TimingOptions.integer(key, v); // one reader: past the int range is an error saying so
    }

    private static void bool(String key, String v) {
        if (!v.equals("true") && !v.equals("false")) {
            throw new IllegalArgumentException(key + " must be one of true, false, got '" + v + "'");
        }
    }
}
