package dev.sns.benchmarks;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.jar.JarFile;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.format.OutputFormatFactory;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import org.openjdk.jmh.runner.options.VerboseMode;

/**
 * What {@code -prof sns} costs a suite, side by side with JMH alone, in one command (an experiment,
 * never a timed test): prints
 * <ol>
 *   <li>{@link ForkCostBenchmark}: one whole one-fork run, none against sns;</li>
 *   <li>suites of N CPU benchmarks ({@code CpuSample_01 -p n=1..N -f 1 -wi 0 -i 1 -r 10ms}, N = 10, 100,
 *       400), each a {@code java} of its own started like {@code java -jar benchmarks.jar}, with and
 *       without {@code -prof sns}: wall, the host JVM's own CPU time, its forks' CPU time (the
 *       children it waited for) and its peak RSS (VmHWM), per benchmark, and sns minus none;</li>
 *   <li>the score check: {@link SteadyCpuBenchmark} with and without {@code -prof sns}, alternating
 *       (the first of each pair alternates too), 20 pairs: the ratio sns/none of the scores, its
 *       geometric mean, t statistic and 95% interval. A profiler that moves the score it annotates is a
 *       defect: the interval must hold 1.</li>
 * </ol>
 * CPU seconds rather than wall are the figures to read on a loaded machine.
 *
 * <p>Run: {@code java -cp benchmarks/target/benchmarks.jar dev.sns.benchmarks.HostCostSuite} (about
 * 4-5 minutes on a quiet 16-core host: the 400-benchmark suites are the longest part). Options:
 * {@code --jar PATH} (the benchmarks jar whose suites are measured, e.g. an older build: default this
 * one), {@code --sizes 10,100,400}, {@code --rounds 1} (each size's pair of suites that many times, the pair's order
 * alternating: with two or more, sns minus none per benchmark as a mean with its 95% t interval), {@code --pairs 20},
 * {@code --parallel K} (suites run K at a time; default 6 with 12 or more cores, else 1),
 * {@code --skip forkcost,suites,scores}.
 */
public final class HostCostSuite {
    private static final String RESULT_FILE = "hostcost.result";

    private HostCostSuite() {}

    /** What one suite run cost. */
    record Cost(int n, String profiler, double wallMs, double hostCpuMs, double forksCpuMs, double peakRssMb, Phases phases) {}

    /**
     * Where a suite's wall time went, read from the times its console lines arrived: from the start to the
     * first fork's line, each fork (its {@code # Fork:} line to its iteration line: the fork's JVM and its
     * benchmark) and the host between forks (an iteration line to the next fork's line: the host's work
     * after one fork and before the next), medians in ms; and from the last iteration line to the exit.
     */
    record Phases(double startMs, double forkMs, double betweenMs, double tailMs) {
        static Phases of(List<double[]> lines) {
            List<Double> forks = new ArrayList<>();
            List<Double> iterations = new ArrayList<>();
            double start = Double.NaN;
            double end = 0;
            for (double[] l : lines) {
                if (l[1] == 1) {
                    if (forks.isEmpty()) {
                        start = l[0];
                    }
                    forks.add(l[0]);
                } else if (l[1] == 2 && iterations.size() < forks.size()) {
                    iterations.add(l[0]);
                }
                end = l[0];
            }
            double[] inFork = new double[iterations.size()];
            double[] between = new double[Math.max(0, iterations.size() - 1)];
            for (int i = 0; i < iterations.size(); i++) {
                inFork[i] = iterations.get(i) - forks.get(i);
                if (i + 1 < forks.size() && i < between.length) {
                    between[i] = forks.get(i + 1) - iterations.get(i);
                }
            }
            return new Phases(start, median(inFork), median(between),
                    iterations.isEmpty() ? Double.NaN : end - iterations.get(iterations.size() - 1));
        }

        private static double median(double[] x) {
            if (x.length == 0) {
                return Double.NaN;
            }
            double[] c = x.clone();
            java.util.Arrays.sort(c);
            return c.length % 2 == 1 ? c[c.length / 2] : (c[c.length / 2 - 1] + c[c.length / 2]) / 2;
        }
    }

    public static void main(String[] args) throws Exception {
        Map<String, String> o = options(args);
        Path self = Path.of(HostCostSuite.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        Path jar = Path.of(o.getOrDefault("jar", self.toString()));
        List<Integer> sizes = List.of(o.getOrDefault("sizes", "10,100,400").split(",")).stream()
                .map(String::trim).map(Integer::parseInt).toList();
        int pairs = Integer.parseInt(o.getOrDefault("pairs", "20"));
        int rounds = Integer.parseInt(o.getOrDefault("rounds", "1"));
        int cores = Runtime.getRuntime().availableProcessors();
        int parallel = Integer.parseInt(o.getOrDefault("parallel", cores >= 12 ? "6" : "1"));
        String skip = o.getOrDefault("skip", "");
        System.out.printf(Locale.ROOT, "sns host cost: %s, %d cores, java %s%n", jar, cores, System.getProperty("java.version"));
        long t0 = System.nanoTime();
        if (!skip.contains("forkcost")) {
            forkCost();
            said(t0);
        }
        if (!skip.contains("suites")) {
            suites(jar, self, sizes, parallel, rounds);
            said(t0);
        }
        if (!skip.contains("scores")) {
            scores(pairs);
            said(t0);
        }
    }

    private static void said(long t0) {
        System.out.printf(Locale.ROOT, "   (%.0f s so far)%n", (System.nanoTime() - t0) / 1e9);
    }

    private static Map<String, String> options(String[] args) {
        Map<String, String> o = new LinkedHashMap<>();
        for (int i = 0; i < args.length; i++) {
            if (!args[i].startsWith("--") || i + 1 >= args.length) {
                throw new IllegalArgumentException("HostCostSuite: '" + args[i] + "' is not '--name value' (names: jar, "
                        + "sizes, rounds, pairs, parallel, skip)");
            }
            o.put(args[i].substring(2), args[++i]);
        }
        return o;
    }

    // ---- 1. ForkCost: a whole one-fork run, none against sns ----

    private static void forkCost() throws RunnerException {
        System.out.println();
        System.out.println("1. ForkCost (one whole one-fork JMH run of CpuSample_01, ms; JMH single shot, 2+8 shots):");
        Collection<RunResult> rs = new Runner(new OptionsBuilder().include(ForkCostBenchmark.class.getSimpleName())
                .verbosity(VerboseMode.SILENT).build(), quiet()).run();
        Map<String, double[]> by = new LinkedHashMap<>();
        for (RunResult r : rs) {
            String p = r.getParams().getParam("profiler");
            by.put(p, new double[] {r.getPrimaryResult().getScore(), r.getPrimaryResult().getScoreError()});
            System.out.printf(Locale.ROOT, "   %-4s %8.1f +/- %6.1f ms%n", p, by.get(p)[0], by.get(p)[1]);
        }
        if (by.containsKey("none") && by.containsKey("sns")) {
            System.out.printf(Locale.ROOT, "   sns - none: %+.1f ms per fork%n", by.get("sns")[0] - by.get("none")[0]);
        }
    }

    // ---- 2. Suites of N CPU benchmarks, with and without sns ----

    private static void suites(Path jar, Path self, List<Integer> sizes, int parallel, int rounds) throws Exception {
        System.out.println();
        System.out.printf(Locale.ROOT, "2. Suites of N CPU benchmarks (CpuSample_01 -p n=1..N -f 1 -wi 0 -i 1 -r 10ms), "
                + "%d at a time, %d round(s); per benchmark: wall, host JVM's own CPU, its forks' CPU; peak host RSS:%n",
                parallel, rounds);
        ExecutorService pool = Executors.newFixedThreadPool(parallel);
        Map<String, Future<Cost>> runs = new LinkedHashMap<>();
        for (int r = 0; r < rounds; r++) {
            // the pair's order alternates by round: a suite started first may find the machine quieter
            List<String> order = r % 2 == 0 ? List.of("none", "sns") : List.of("sns", "none");
            for (int n : sizes) {
                for (String p : order) {
                    runs.put(key(r, n, p), pool.submit(() -> suite(jar, self, n, p)));
                }
            }
        }
        pool.shutdown();
        System.out.println("   round      N  prof   wall ms/bm  host CPU ms/bm  forks CPU ms/bm  peak host RSS MB   start ms  "
                + "a fork ms  between forks ms  after the last ms");
        Map<String, Cost> done = new LinkedHashMap<>();
        for (Map.Entry<String, Future<Cost>> e : runs.entrySet()) {
            Cost c = e.getValue().get();
            done.put(e.getKey(), c);
            Phases ph = c.phases();
            System.out.printf(Locale.ROOT, "   %5s  %5d  %-4s %11.1f %15.1f %16.1f %17.0f %10.0f %10.1f %17.2f %18.0f%n",
                    e.getKey().split(":")[0], c.n(), c.profiler(), c.wallMs() / c.n(), c.hostCpuMs() / c.n(),
                    c.forksCpuMs() / c.n(), c.peakRssMb(), ph.startMs(), ph.forkMs(), ph.betweenMs(), ph.tailMs());
        }
        for (int n : sizes) {
            double[][] d = new double[8][rounds];
            for (int r = 0; r < rounds; r++) {
                Cost none = done.get(key(r, n, "none"));
                Cost sns = done.get(key(r, n, "sns"));
                d[0][r] = (sns.wallMs() - none.wallMs()) / n;
                d[1][r] = (sns.hostCpuMs() - none.hostCpuMs()) / n;
                d[2][r] = (sns.forksCpuMs() - none.forksCpuMs()) / n;
                d[3][r] = sns.peakRssMb() / none.peakRssMb();
                d[4][r] = sns.phases().startMs() - none.phases().startMs();
                d[5][r] = sns.phases().forkMs() - none.phases().forkMs();
                d[6][r] = sns.phases().betweenMs() - none.phases().betweenMs();
                d[7][r] = sns.phases().tailMs() - none.phases().tailMs();
                System.out.printf(Locale.ROOT, "   round %d, N=%d, sns - none per benchmark: wall %+.1f ms, host CPU %+.1f ms, "
                        + "forks CPU %+.1f ms; peak RSS sns/none %.2f; once a run: start %+.0f ms, after the last %+.0f ms; "
                        + "medians: a fork %+.1f ms, between forks %+.2f ms%n", r + 1, n, d[0][r], d[1][r], d[2][r], d[3][r],
                        d[4][r], d[7][r], d[5][r], d[6][r]);
            }
            if (rounds > 1) {
                System.out.printf(Locale.ROOT, "   N=%d over %d rounds, sns - none per benchmark, mean [95%% t interval]: wall %s, "
                        + "host CPU %s, forks CPU %s; peak RSS sns/none %s%n", n, rounds, meanInterval(d[0], " ms"),
                        meanInterval(d[1], " ms"), meanInterval(d[2], " ms"), meanInterval(d[3], ""));
                System.out.printf(Locale.ROOT, "   N=%d over %d rounds, sns - none: once a run, start %s, after the last %s; "
                        + "per benchmark (medians), a fork %s, between forks %s%n", n, rounds, meanInterval(d[4], " ms"),
                        meanInterval(d[7], " ms"), meanInterval(d[5], " ms"), meanInterval(d[6], " ms"));
            }
        }
        if (sizes.size() > 1) {
            int a = sizes.get(sizes.size() - 2);
            int b = sizes.get(sizes.size() - 1);
            for (String p : List.of("none", "sns")) {
                Cost x = done.get(key(0, a, p));
                Cost y = done.get(key(0, b, p));
                System.out.printf(Locale.ROOT, "   marginal benchmark %d..%d, %s (round 1): wall %.1f ms, host CPU %.1f ms, "
                        + "forks CPU %.1f ms%n", a, b, p, (y.wallMs() - x.wallMs()) / (b - a),
                        (y.hostCpuMs() - x.hostCpuMs()) / (b - a), (y.forksCpuMs() - x.forksCpuMs()) / (b - a));
            }
        }
    }

    private static String key(int round, int n, String profiler) {
        return (round + 1) + ":" + n + ":" + profiler;
    }

    /** "m [lo, hi]": the mean and its 95% t interval (the rounds as independent pairs). */
    static String meanInterval(double[] x, String unit) {
        double[] m = meanAndHalfWidth(x);
        return String.format(Locale.ROOT, "%+.2f [%+.2f, %+.2f]%s", m[0], m[0] - m[1], m[0] + m[1], unit);
    }

    /** The mean of {@code x} and the half-width of its 95% t interval (independent values). */
    static double[] meanAndHalfWidth(double[] x) {
        double mean = java.util.Arrays.stream(x).average().orElse(Double.NaN);
        double sd = Math.sqrt(java.util.Arrays.stream(x).map(v -> (v - mean) * (v - mean)).sum() / (x.length - 1));
        return new double[] {mean, tQuantile975(x.length - 1) * sd / Math.sqrt(x.length)};
    }

    /** One suite in a JVM of its own, started as {@code java -jar JAR} starts (the jar's Main-Class). */
    static Cost suite(Path jar, Path self, int n, String profiler) throws IOException, InterruptedException {
        Path dir = Files.createTempDirectory("sns-host-cost-" + n + profiler);
        Path result = dir.resolve(RESULT_FILE);
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-D" + RESULT_FILE + "=" + result, "-cp", jar + java.io.File.pathSeparator + self));
        // suites run at once (and this JVM may hold the lock for the ForkCost run): JMH's machine-wide lock would
        // stop all but one; each suite writes its own directory
        cmd.add("-Djmh.ignoreLock=true");
        cmd.addAll(List.of(Child.class.getName(), jar.toString(), "CpuSample_01",
                "-p", "n=" + IntStream.rangeClosed(1, n).mapToObj(Integer::toString).collect(Collectors.joining(",")),
                "-f", "1", "-wi", "0", "-i", "1", "-r", "10ms"));
        if (profiler.equals("sns")) {
            cmd.addAll(List.of("-prof", "sns:out=" + dir.resolve("sns").toString().replace(";", "\\;")));
        }
        long start = System.nanoTime();
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        // each console line with the time it arrived (ms from the start), kept in out.txt; 1 = a fork's line, 2 = an
        // iteration line
        List<double[]> marks = new ArrayList<>();
        try (java.io.BufferedReader in = p.inputReader(StandardCharsets.UTF_8);
             java.io.BufferedWriter log = Files.newBufferedWriter(dir.resolve("out.txt"))) {
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                double t = (System.nanoTime() - start) / 1e6;
                log.write(String.format(Locale.ROOT, "%10.1f %s%n", t, line));
                marks.add(new double[] {t, line.startsWith("# Fork:") ? 1 : line.startsWith("Iteration ") ? 2 : 0});
            }
        }
        int rc = p.waitFor();
        double wallMs = (System.nanoTime() - start) / 1e6;
        marks.add(new double[] {wallMs, 0});
        if (rc != 0 || !Files.exists(result)) {
            throw new IllegalStateException("suite N=" + n + " " + profiler + " exited " + rc + ": see " + dir.resolve("out.txt"));
        }
        String[] v = Files.readString(result).trim().split(" ");
        return new Cost(n, profiler, wallMs, Double.parseDouble(v[0]), Double.parseDouble(v[1]), Double.parseDouble(v[2]),
                Phases.of(marks));
    }

    /**
     * The host JVM of one suite: runs the jar's Main-Class with the arguments, and at exit writes its
     * own CPU time (ms), its waited-for children's CPU time (ms, the forks) and its peak RSS (MB).
     */
    public static final class Child {
        private Child() {}

        public static void main(String[] args) throws Exception {
            Path out = Path.of(System.getProperty(RESULT_FILE));
            Runtime.getRuntime().addShutdownHook(new Thread(() -> writeCost(out)));
            String mainClass;
            try (JarFile jar = new JarFile(args[0])) {
                mainClass = jar.getManifest().getMainAttributes().getValue("Main-Class");
            }
            String[] rest = java.util.Arrays.copyOfRange(args, 1, args.length);
            Class.forName(mainClass).getMethod("main", String[].class).invoke(null, (Object) rest);
            System.exit(0); // JMH's Main returns; the sns Main exits itself
        }

        private static void writeCost(Path out) {
            try {
                double own = ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
                        .getProcessCpuTime() / 1e6;
                // /proc/self/stat after the command's ")": state is field 3, cutime and cstime are 16 and 17
                String stat = Files.readString(Path.of("/proc/self/stat"));
                String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
                double children = (Long.parseLong(f[13]) + Long.parseLong(f[14])) * 10.0; // 100 ticks a second
                double hwmMb = Files.readAllLines(Path.of("/proc/self/status")).stream()
                        .filter(l -> l.startsWith("VmHWM:")).mapToDouble(l -> Double.parseDouble(l.replaceAll("[^0-9]", "")))
                        .findFirst().orElse(Double.NaN) / 1024;
                Files.writeString(out, String.format(Locale.ROOT, "%.1f %.1f %.1f%n", own, children, hwmMb),
                        StandardCharsets.UTF_8);
            } catch (IOException | RuntimeException e) {
                System.err.println("host cost: could not be read: " + e);
            }
        }
    }

    // ---- 3. The score check: sns must not move a CPU benchmark's score ----

    private static void scores(int pairs) throws RunnerException, IOException {
        System.out.println();
        System.out.printf(Locale.ROOT, "3. Score check: SteadyCpuBenchmark (ns/op, -f 1 -wi 3 -i 5 -w 200ms -r 200ms), "
                + "%d pairs with and without -prof sns, alternating:%n", pairs);
        Path out = Files.createTempDirectory("sns-score-check");
        double[] logRatio = new double[pairs];
        for (int i = 0; i < pairs; i++) {
            boolean snsFirst = i % 2 == 1;
            double a = steady(snsFirst, out);
            double b = steady(!snsFirst, out);
            double sns = snsFirst ? a : b;
            double none = snsFirst ? b : a;
            logRatio[i] = Math.log(sns / none);
            System.out.printf(Locale.ROOT, "   pair %2d: none %.4f  sns %.4f  sns/none %.4f%n", i + 1, none, sns, sns / none);
        }
        double[] m = meanAndHalfWidth(logRatio);
        double mean = m[0];
        double q = tQuantile975(pairs - 1);
        double se = m[1] / q;
        System.out.printf(Locale.ROOT, "   sns/none geometric mean %.4f, 95%% interval [%.4f, %.4f], t = %.2f (df %d): %s%n",
                Math.exp(mean), Math.exp(mean - m[1]), Math.exp(mean + m[1]), mean / se, pairs - 1,
                Math.abs(mean / se) < q ? "no effect stands out of the benchmark's own spread"
                        : "THE PROFILER MOVES THE SCORE");
    }

    private static double steady(boolean sns, Path out) throws RunnerException {
        ChainedOptionsBuilder o = new OptionsBuilder().include(SteadyCpuBenchmark.class.getSimpleName())
                .forks(1).warmupIterations(3).warmupTime(TimeValue.milliseconds(200))
                .measurementIterations(5).measurementTime(TimeValue.milliseconds(200)).verbosity(VerboseMode.SILENT);
        if (sns) {
            o.addProfiler("sns", "out=" + out.toString().replace(";", "\\;") + ";formats=json");
        }
        PrintStream console = System.out;
        System.setOut(new PrintStream(OutputStream.nullOutputStream())); // the sns summary is not this output
        try {
            return new Runner(o.build(), quiet()).runSingle().getPrimaryResult().getScore();
        } finally {
            System.setOut(console);
        }
    }

    private static org.openjdk.jmh.runner.format.OutputFormat quiet() {
        return OutputFormatFactory.createFormatInstance(new PrintStream(OutputStream.nullOutputStream()), VerboseMode.SILENT);
    }

    /** Student's t quantile 0.975 with {@code df} degrees of freedom (Cornish-Fisher, within 0.002 from df 5). */
    static double tQuantile975(int df) {
        double z = 1.959963984540054;
        double z3 = z * z * z;
        double z5 = z3 * z * z;
        return z + (z3 + z) / (4.0 * df) + (5 * z5 + 16 * z3 + 3 * z) / (96.0 * df * df)
                + (3 * z5 * z * z + 19 * z5 + 17 * z3 - 15 * z) / (384.0 * df * df * df);
    }
}
