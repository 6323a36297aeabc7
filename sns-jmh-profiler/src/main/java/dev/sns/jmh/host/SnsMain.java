package dev.sns.jmh.host;

import dev.sns.gpu.GpuDevice;
import dev.sns.jmh.link.ForkProperties;
import dev.sns.jmh.link.GpuTimingOverrides;
import dev.sns.jmh.link.ProfilerOptions;
import dev.sns.options.OptionLine;
import dev.sns.timing.TimerKind;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.NoBenchmarksException;
import org.openjdk.jmh.runner.ProfilersFailedException;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.format.OutputFormat;
import org.openjdk.jmh.runner.format.OutputFormatFactory;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.CommandLineOptionException;
import org.openjdk.jmh.runner.options.CommandLineOptions;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.ProfilerConfig;
import org.openjdk.jmh.runner.options.VerboseMode;

/**
 * The benchmarks jar's Main-Class: JMH's command line, unchanged, with sns around it. Listing and
 * help go to JMH as they are. A run first skips, with one line each, benchmarks that need a GPU on
 * a machine without one ({@link BenchmarkSelection}), resolves the pairs ({@link Pairs}), runs the rest
 * through JMH (pairs in {@link AbbaRounds}), with {@code halfWidth} gives the benchmarks whose interval
 * is wider more forks ({@link PrecisionRounds}), then writes JMH's result file once
 * ({@link JmhResultFiles}), prints the sns summary and sets the exit code ({@link RunSummary}).
 */
public final class SnsMain {
    private SnsMain() {}

    public static void main(String[] argv) {
        int rc = run(argv, System.out, System.err);
        if (rc != 0) {
            System.exit(rc);
        }
    }

    /** Every selected benchmark measured, every pair compared, every report written ({@link ExitCode#OK}). */
    public static final int OK = ExitCode.OK.code();
    /**
     * Bad command line or options (nothing ran), or JMH could not run; for a shard also: no shard or run
     * group could be found, the history could not be opened, or its group's plan is of another suite
     * ({@link ExitCode#USAGE}).
     */
    public static final int USAGE = ExitCode.USAGE.code();
    /** failOnSlower: a verdict was SLOWER, or a declared pair could not be compared ({@link ExitCode#SLOWER}). */
    public static final int SLOWER = ExitCode.SLOWER.code();
    /**
     * The run did not do everything it was asked to: a benchmark threw or failed, a fork was lost, a
     * report could not be written, or clocks could not be restored (each is named on standard error;
     * {@link ExitCode#FAILED}).
     */
    public static final int FAILED = ExitCode.FAILED.code();

    /** Runs and returns the exit code: {@link #OK}, {@link #USAGE}, {@link #SLOWER} or {@link #FAILED}. */
    public static int run(String[] argv, PrintStream out, PrintStream err) {
        Launch launch = new Launch(out, err);
        try {
            if (launch.parse(argv)) {
                return OK; // help or a listing: JMH answered it
            }
            launch.readSnsOptions();
            launch.checkJmhLock();
            launch.openRun();
            launch.planShard();
            launch.select();
            launch.chooseDevices();
            launch.takeJmhLock();
            launch.resolvePairs();
            launch.planPrecision();
        } catch (Stop stop) {
            return launch.stopped(stop);
        }
        return launch.exitCode(launch.measure());
    }

    /** A phase ended the run before anything was measured, with this exit code (what it said is printed). */
    private static final class Stop extends Exception {
        private static final long serialVersionUID = 1L;
        final int code;

        Stop(int code) {
            super(null, null, false, false);
            this.code = code;
        }
    }

    /**
     * One run of the sns Main in named phases: parse, read the sns options, open the run, plan a shard,
     * select the benchmarks, choose the GPUs, take JMH's lock, resolve the pairs, plan the precision
     * rounds, measure (the selection, then the precision rounds), then the exit code. Each phase either sets up what the next needs or says why the run stops ({@link Stop}).
     */
    private static final class Launch {
        private final PrintStream out;
        private final PrintStream err;
        private CommandLineOptions cmd;
        private boolean lockSwitchedOff;
        private ProfilerOptions sns;
        private HostRun run;
        private ChainedOptionsBuilder options;
        private ShardRun shard;
        private BenchmarkSelection selection;
        private List<GpuDevice> devices = List.of();
        private JmhLock jmhLock;
        private List<Pairs.Pair> pairs = List.of();
        /** Each selected benchmark's timing options, its {@code @GpuTiming} applied. */
        private final java.util.Map<String, dev.sns.options.SnsOptions> timings = new java.util.LinkedHashMap<>();
        private PrecisionRounds precision;
        private boolean lockLost;

        Launch(PrintStream out, PrintStream err) {
            this.out = out;
            this.err = err;
        }

        /** JMH's command line; true when it only asked for help or a listing, which JMH has answered. */
        boolean parse(String[] argv) throws Stop {
            try {
                cmd = new CommandLineOptions(argv);
            } catch (CommandLineOptionException e) {
                err.println("Error parsing command line:");
                err.println(" " + e.getMessage());
                throw new Stop(USAGE);
            }
            lockSwitchedOff = JmhLock.switchOffPerRunLock(parallelRequested(cmd)); // before JMH's Runner loads
            try {
                return jmhOnly(cmd);
            } catch (IOException e) {
                err.println("ERROR: " + e.getMessage());
                throw new Stop(USAGE);
            }
        }

        /** The {@code -prof sns} options (null without sns), checked before anything runs. */
        void readSnsOptions() throws Stop {
            try {
                sns = snsOptions(cmd);
                if (sns != null) {
                    sns.history(); // history=env without $SNS_HISTORY stops the run now, not after it
                    RunChecks.beforeFirstFork(sns); // a history or nvidia-smi that cannot work stops it too
                }
            } catch (ProfilerOptions.DevicesRequested listing) {
                out.print(listing.getMessage()); // -prof sns:devices: the listing, and nothing runs
                throw new Stop(OK);
            } catch (OptionLine.HelpRequested help) {
                out.print(help.getMessage()); // -prof sns:help: the option table, and nothing runs
                throw new Stop(OK);
            } catch (IllegalArgumentException e) {
                err.println(dev.sns.options.Secrets.mask(e.getMessage()));
                throw new Stop(USAGE);
            }
            if (sns != null && sns.parallelDevices() && !JmhLock.runnerIgnoresLock()) {
                err.println("sns: parallelDevices=true runs JMH runs at the same time, and JMH's Runner was started in this "
                        + "JVM with its machine-wide lock on (it reads -Djmh.ignoreLock once): run with -Djmh.ignoreLock=true");
                throw new Stop(USAGE);
            }
        }

        /**
         * JMH's machine-wide lock, looked at before anything runs: held by another JMH run, this run stops
         * with one message (who holds it, what to do) and {@link #FAILED}, and writes no report.
         */
        void checkJmhLock() throws Stop {
            if (!JmhLock.checked(lockSwitchedOff)) {
                return;
            }
            String held = JmhLock.heldMessage();
            if (held != null) {
                err.println(held);
                throw new Stop(FAILED);
            }
        }

        /** The host's run; with sns, its report directory is writable, and this run's alone, before anything runs. */
        void openRun() throws Stop {
            run = HostRun.start(out);
            if (sns != null) {
                try {
                    run.open(sns);
                } catch (IOException e) {
                    err.println("sns: " + e.getMessage());
                    throw new Stop(USAGE);
                }
            }
            options = new OptionsBuilder().parent(cmd);
        }

        /** With {@code shard=}: this node's share of the suite. */
        void planShard() throws Stop {
            if (sns == null || !sns.sharded()) {
                return;
            }
            try {
                shard = ShardRun.plan(cmd, sns, SnsMain.class.getClassLoader(), System.getenv(), out);
            } catch (IllegalArgumentException | dev.sns.reports.history.HistoryException e) {
                err.println("sns: " + e.getMessage() + "; nothing was run");
                throw new Stop(USAGE);
            }
            run.shard(shard.group(), shard.spec());
        }

        /** The benchmarks to run (those that need a GPU skipped without one), and what they ask of the host. */
        void select() throws Stop {
            selection = BenchmarkSelection.select(cmd, options, sns, out, shard == null ? null : shard::contains);
            if (!selection.matched()) {
                err.println("No matching benchmarks. Miss-spelled regexp?");
                throw new Stop(USAGE);
            }
            if (sns != null && sns.requireGpu() && !selection.skippedForGpu().isEmpty()) {
                err.println("sns: requireGpu=true, and " + selection.skippedForGpu().size() + " selected benchmark(s) need a "
                        + "GPU that is not here (" + selection.gpu().reason() + "); nothing was run");
                throw new Stop(FAILED);
            }
            if (sns != null && sns.timing().timer() == TimerKind.CUDA && !selection.gpu().available()) {
                err.println("sns: timer=cuda asks for GPU timing, and there is no GPU here (" + selection.gpu().reason()
                        + "): use timer=auto (the GPU where there is one) or timer=wall");
                throw new Stop(USAGE);
            }
        }

        /** The GPUs of option {@code devices}, recorded in the run and said when not the default one. */
        void chooseDevices() throws Stop {
            if (sns != null && !selection.gpu().available() && !sns.timing().devices().all()
                    && !sns.timing().devices().equals(dev.sns.options.DeviceSelection.first())) {
                // a particular GPU named where there is none is a mistake; devices=all there is every GPU: none
                err.println("sns: devices=" + sns.timing().devices() + " names a GPU, and there is no GPU here ("
                        + BenchmarkSelection.shortReason(selection.gpu().reason()) + "); nothing was run. Leave devices= "
                        + "out to measure the CPU benchmarks (the GPU ones are skipped), or run on a GPU host");
                throw new Stop(USAGE);
            }
            if (sns == null || !selection.gpu().available()) {
                return;
            }
            try {
                devices = selection.gpu().select(sns.timing().devices());
            } catch (IllegalArgumentException e) {
                err.println("sns: " + e.getMessage() + "; nothing was run");
                throw new Stop(USAGE);
            }
            run.devices(devices);
            if (shard != null && devices.size() > 1) {
                err.println("sns: shard=" + shard.spec() + " runs on one GPU: give each shard its own (Slurm "
                        + "--gpus-per-task=1, Kubernetes nvidia.com/gpu: 1) or choose one with devices=; this node has "
                        + devices.size() + " chosen; nothing was run");
                throw new Stop(USAGE);
            }
            if (devices.size() > 1 || !sns.timing().devices().equals(dev.sns.options.DeviceSelection.first())) {
                sayDevices();
            }
        }

        private void sayDevices() {
            out.println("sns: measuring GPU benchmarks on " + (devices.size() == 1 ? "GPU " : devices.size() + " GPUs: ")
                    + String.join(", ", devices.stream().map(GpuDevice::label).toList())
                    + (devices.size() > 1 ? (sns.parallelDevices() ? ", their forks at the same time" : ", one at a time")
                    + "; each compared with GPU " + devices.get(0).index() + " (device health)" : ""));
        }

        /** GPUs measured at once: JMH's machine-wide lock, held for the whole run. */
        void takeJmhLock() throws Stop {
            if (lockSwitchedOff && sns != null && sns.parallelDevices() && devices.size() > 1) {
                try {
                    jmhLock = JmhLock.take();
                } catch (IOException e) {
                    err.println("ERROR: " + e.getMessage());
                    throw new Stop(USAGE);
                }
            }
        }

        /** The declared pairs, and every benchmark's {@code @GpuTiming}: a bad one fails now, not mid-run. */
        void resolvePairs() throws Stop {
            if (sns == null) {
                return;
            }
            try {
                pairs = Pairs.resolve(selection.all(), selection.selected(), sns.pair(), SnsMain.class.getClassLoader());
                for (String b : selection.selected()) {
                    timings.put(b, GpuTimingOverrides.apply(sns.timing(), b, SnsMain.class.getClassLoader()));
                }
            } catch (IllegalArgumentException e) {
                err.println("sns: " + e.getMessage());
                throw new Stop(USAGE);
            }
            run.pairs(pairs);
        }

        /**
         * With {@code halfWidth} (the run's, or a benchmark's {@code @GpuTiming}): the precision rounds that
         * follow the selection. They add forks, so {@code -f 0} (JMH's own JVM) stops the run here.
         */
        void planPrecision() throws Stop {
            if (sns == null) {
                return;
            }
            precision = PrecisionRounds.plan(sns, timings, pairs, devices.size() > 1, out);
            if (precision != null && cmd.getForkCount().orElse(1) == 0) {
                err.println("sns: halfWidth adds forks until a benchmark's interval is narrow enough, and -f 0 runs the "
                        + "benchmarks in JMH's own JVM, without forks: give -f 1 or more, or leave halfWidth out");
                throw new Stop(USAGE);
            }
            run.precision(precision);
        }

        /** A phase stopped the run: an open run is released, with no report, so none can be mistaken for a result. */
        int stopped(Stop stop) {
            if (run != null) {
                run.abandon();
            }
            return stop.code;
        }

        /** Runs JMH (pairs in rounds, GPUs in rounds); whatever happened, what was measured is reported. */
        int measure() {
            RunOutput runOutput = new RunOutput(outputFormat(cmd, out), out);
            OutputFormat format = sns == null ? runOutput : new FailureCapture(runOutput, run::threw);
            List<RunResult> results = new ArrayList<>();
            try {
                runJmh(format, runOutput, results);
                return OK;
            } catch (NoBenchmarksException e) {
                err.println("No matching benchmarks. Miss-spelled regexp?");
                return USAGE;
            } catch (ProfilersFailedException e) {
                for (Throwable t = e; t != null; t = t.getCause()) {
                    err.println(t.getMessage());
                    for (Throwable sup : t.getSuppressed()) {
                        err.println(sup.getMessage());
                    }
                }
                return USAGE;
            } catch (RunnerException e) {
                return runnerFailed(e, results.isEmpty());
            } finally {
                report(results, runOutput);
            }
        }

        /** JMH stopped the run: its lock taken by another run before anything ran, or a failure with {@code -foe true}. */
        private int runnerFailed(RunnerException e, boolean nothingRan) {
            if (JmhLock.isLockError(e) && nothingRan) {
                // Another run took JMH's lock after sns looked: the same message, and no report.
                err.println(JmhLock.heldMessage(JmhLock.file(), JmhLock.holder(JmhLock.file().toPath(),
                        java.nio.file.Paths.get("/proc/locks"))));
                lockLost = true;
                return FAILED;
            }
            // With -foe true JMH stops at the first failure (its exception is printed above, as it was).
            Throwable root = e;
            while (root.getCause() != null && root.getCause() != root) {
                root = root.getCause();
            }
            err.println("ERROR: the run stopped: " + e.getMessage() + ": " + root);
            return FAILED;
        }

        private void runJmh(OutputFormat format, RunOutput runOutput, List<RunResult> results) throws RunnerException {
            if (shard != null) {
                onDevice(options, devices);
                shard.run(options, pairs, selection, sns, format, runOutput, results, out);
            } else if (devices.size() > 1) {
                onEachDevice(options, pairs, selection, devices, sns, format, runOutput, cmd, results, out);
            } else if (!pairs.isEmpty() && sns.abba()) {
                onDevice(options, devices);
                AbbaRounds.run(options, pairs, selection.selected(), sns.rounds(), format, runOutput, results, out);
            } else {
                onDevice(options, devices);
                for (Pairs.Pair p : pairs) {
                    if (!selection.selected().contains(p.baseline())) {
                        out.println("sns: adding " + p.baseline() + " to the run: it is the baseline of " + p.candidate());
                        options.include("^" + Pattern.quote(p.baseline()) + "$");
                    }
                }
                if (!selection.selected().isEmpty() || !pairs.isEmpty()) {
                    results.addAll(new Runner(options.build(), format).run());
                }
            }
            if (precision != null) {
                precision.run(options, format, runOutput, results, out);
            }
        }

        /** JMH's table and result file, the lock released, the sns reports and summary. */
        private void report(List<RunResult> results, RunOutput runOutput) {
            if (lockLost) {
                if (run != null) {
                    run.abandon(); // nothing ran: no report, so none can be mistaken for a result
                }
                return;
            }
            List<RunResult> merged = JmhResultFiles.merge(results, devices.size() > 1);
            if (jmhLock != null) {
                try {
                    jmhLock.close();
                } catch (IOException e) {
                    err.println("sns: could not release JMH's lock: " + e.getMessage());
                }
            }
            runOutput.table(merged);
            JmhResultFiles.write(cmd, merged, out, err);
            if (sns != null) {
                run.finish();
                RunSummary.results(run, out);
            }
        }

        /** The verdicts' code (failOnSlower), or {@link #FAILED} when the run did not do all it was asked to. */
        int exitCode(int rc) {
            if (sns == null || rc == USAGE) {
                return rc;
            }
            RunSummary.comparisons(run, out); // made ones are stated even when the run failed
            int verdicts = rc == OK ? RunSummary.verdicts(run, sns, err) : rc;
            List<String> problems = new ArrayList<>(run.problems());
            List<String> uncompared = uncomparedMeasurable(run.uncompared().keySet(), selection.skippedForGpu());
            if (!uncompared.isEmpty()) {
                problems.add(uncompared.size() + " declared pair(s) not compared (each NOT COMPARED above says why): "
                        + String.join(", ", uncompared));
            }
            if (!problems.isEmpty()) {
                err.println("sns: the run did not do everything it was asked to; exiting with " + FAILED + ":");
                problems.forEach(p -> err.println("sns:   " + p));
                return FAILED;
            }
            return verdicts;
        }
    }

    /**
     * The declared pairs left uncompared though both sides could run here: a pair with a side skipped for
     * want of a GPU is not a failure of the run (it is listed in the reports).
     */
    static List<String> uncomparedMeasurable(java.util.Collection<String> uncompared, List<String> skippedForGpu) {
        List<String> left = new ArrayList<>();
        for (String key : uncompared) {
            boolean skippedSide = false;
            for (String side : key.split(" vs ")) {
                int at = side.indexOf('@');
                skippedSide |= skippedForGpu.contains(at < 0 ? side : side.substring(0, at));
            }
            if (!skippedSide) {
                left.add(key);
            }
        }
        return left;
    }

    /** A run on one GPU: its forks are given the device (a run of the default device is as before). */
    private static void onDevice(ChainedOptionsBuilder options, List<GpuDevice> devices) {
        if (devices.size() == 1) {
            List<String> append = new ArrayList<>(options.build().getJvmArgsAppend().orElse(List.of()));
            append.add("-D" + ForkProperties.DEVICE + "=" + devices.get(0).index());
            options.jvmArgsAppend(append.toArray(new String[0]));
        }
    }

    /**
     * A run on several GPUs: CPU benchmarks (and pairs of them) as on one GPU; each GPU benchmark, and
     * each pair with a GPU member, in rounds of one fork per device ({@link DeviceRounds}). A pair of a
     * GPU and a CPU benchmark runs on the first device only, said once.
     */
    private static void onEachDevice(ChainedOptionsBuilder options, List<Pairs.Pair> pairs, BenchmarkSelection selection,
                                     List<GpuDevice> devices, ProfilerOptions sns, OutputFormat format,
                                     RunOutput runOutput, CommandLineOptions cmd, List<RunResult> results,
                                     PrintStream out) throws RunnerException {
        DeviceGroups groups = DeviceGroups.of(pairs, selection.selected());
        onCpu(options, pairs, groups, sns, format, runOutput, results, out);
        VerboseMode mode = cmd.verbosity().orElse(VerboseMode.NORMAL);
        java.util.function.UnaryOperator<OutputFormat> wrap = f -> new FailureCapture(f, HostRun.current()::threw);
        int rounds = sns.rounds();
        if (!groups.gpu().isEmpty()) {
            DeviceRounds.run(options, groups.gpu(), devices, rounds, sns.parallelDevices(), format, wrap, mode, runOutput,
                    results, out);
        }
        if (!groups.mixed().isEmpty()) {
            out.println("sns: " + String.join("; ", groups.mixed().stream().map(g -> String.join(" and ", g)).toList())
                    + ": a pair of a GPU and a CPU benchmark runs on the first GPU only, " + devices.get(0).label());
            DeviceRounds.run(options, groups.mixed(), List.of(devices.get(0)), rounds, false, format, wrap, mode,
                    runOutput, results, out);
        }
    }

    /** The CPU benchmarks of a run on several GPUs, and the pairs of them, as on one GPU. */
    private static void onCpu(ChainedOptionsBuilder options, List<Pairs.Pair> pairs, DeviceGroups groups,
                              ProfilerOptions sns, OutputFormat format, RunOutput runOutput, List<RunResult> results,
                              PrintStream out) throws RunnerException {
        ChainedOptionsBuilder cpuOptions = new OptionsBuilder().parent(options.build());
        for (String b : groups.onDevices()) {
            cpuOptions.exclude("^" + Pattern.quote(b) + "$");
        }
        List<Pairs.Pair> cpuPairs = pairs.stream().filter(p -> !groups.onDevices().contains(p.candidate())).toList();
        if (!cpuPairs.isEmpty() && sns.abba()) {
            AbbaRounds.run(cpuOptions, cpuPairs, groups.cpu(), sns.rounds(), format, runOutput, results, out);
        } else {
            for (Pairs.Pair p : cpuPairs) {
                cpuOptions.include("^" + Pattern.quote(p.baseline()) + "$");
            }
            if (!groups.cpu().isEmpty() || !cpuPairs.isEmpty()) {
                results.addAll(new Runner(cpuOptions.build(), format).run());
            }
        }
    }

    /**
     * The benchmarks of a run on several GPUs, sorted: groups of GPU benchmarks (a pair group, or one
     * benchmark) measured on every GPU, pair groups of a GPU and a CPU benchmark (the first GPU only), and
     * the CPU benchmarks outside them.
     *
     * @param onDevices every benchmark of {@code gpu} and {@code mixed}
     */
    private record DeviceGroups(List<List<String>> gpu, List<List<String>> mixed, List<String> onDevices,
                                List<String> cpu) {
        static DeviceGroups of(List<Pairs.Pair> pairs, List<String> selected) {
            List<List<String>> gpu = new ArrayList<>();
            List<List<String>> mixed = new ArrayList<>();
            List<String> onDevices = new ArrayList<>();
            for (List<String> group : Pairs.groups(pairs)) {
                long needGpu = group.stream().filter(BenchmarkSelection::needsGpu).count();
                if (needGpu > 0) {
                    (needGpu == group.size() ? gpu : mixed).add(group);
                    onDevices.addAll(group);
                }
            }
            List<String> cpu = new ArrayList<>();
            for (String b : selected) {
                if (onDevices.contains(b)) {
                    continue;
                }
                if (BenchmarkSelection.needsGpu(b)) {
                    gpu.add(List.of(b));
                    onDevices.add(b);
                } else {
                    cpu.add(b);
                }
            }
            return new DeviceGroups(gpu, mixed, onDevices, cpu);
        }
    }

    /** Whether the command line asks sns for parallel devices (looked at before JMH's Runner loads). */
    private static boolean parallelRequested(CommandLineOptions cmd) {
        for (ProfilerConfig p : cmd.getProfilers()) {
            if (isSnsProfiler(p.getKlass()) && p.getOpts() != null && p.getOpts().contains("parallelDevices")) {
                try {
                    return ProfilerOptions.parse(p.getOpts()).parallelDevices();
                } catch (RuntimeException e) {
                    return false; // said when the options are read for the run
                }
            }
        }
        return false;
    }

    /** Help and the listings go to JMH as they are; true when the command line asked for one. */
    private static boolean jmhOnly(CommandLineOptions cmd) throws IOException {
        if (cmd.shouldHelp()) {
            cmd.showHelp();
            return true;
        }
        for (ProfilerConfig p : cmd.getProfilers()) {
            if ("help".equals(p.getOpts()) && !isSnsProfiler(p.getKlass())) {
                try {
                    new Runner(cmd).run(); // JMH answers a profiler's help by refusing to run: print it
                } catch (ProfilersFailedException e) {
                    for (Throwable t = e; t != null; t = t.getCause()) {
                        System.out.println(t.getMessage());
                    }
                } catch (RunnerException e) {
                    throw new IOException(e.getMessage(), e);
                }
                return true;
            }
        }
        Runner jmh = new Runner(cmd);
        if (cmd.shouldList()) {
            jmh.list();
        } else if (cmd.shouldListWithParams()) {
            jmh.listWithParams(cmd);
        } else if (cmd.shouldListProfilers()) {
            cmd.listProfilers();
        } else if (cmd.shouldListResultFormats()) {
            cmd.listResultFormats();
        } else {
            return false;
        }
        return true;
    }

    private static OutputFormat outputFormat(CommandLineOptions cmd, PrintStream out) {
        VerboseMode mode = cmd.verbosity().orElse(VerboseMode.NORMAL);
        if (cmd.getOutput().hasValue()) {
            try {
                return OutputFormatFactory.createFormatInstance(
                        new PrintStream(new FileOutputStream(cmd.getOutput().get()), true, "UTF-8"), mode);
            } catch (IOException e) {
                throw new IllegalArgumentException("cannot write the output file " + cmd.getOutput().get() + ": " + e);
            }
        }
        return OutputFormatFactory.createFormatInstance(out, mode);
    }

    /**
     * The sns options of the run, or null when sns is not among the profilers; an error (with the
     * message, or the help for {@code -prof sns:help}) when its options are bad.
     */
    private static ProfilerOptions snsOptions(CommandLineOptions cmd) {
        for (ProfilerConfig p : cmd.getProfilers()) {
            if (isSnsProfiler(p.getKlass())) {
                return ProfilerOptions.parse(p.getOpts());
            }
        }
        return null;
    }

    /**
     * Whether {@code -prof NAME} names the sns profiler: the default-package class {@code sns} that
     * makes the short name resolve, the profiler class it extends, or a subclass of that.
     */
    static boolean isSnsProfiler(String name) {
        try {
            Class<?> profiler = Class.forName("sns", false, SnsMain.class.getClassLoader()).getSuperclass();
            return profiler.isAssignableFrom(Class.forName(name, false, SnsMain.class.getClassLoader()));
        } catch (ClassNotFoundException | LinkageError e) {
            return false;
        }
    }
}
