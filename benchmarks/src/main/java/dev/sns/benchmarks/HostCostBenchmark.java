package dev.sns.benchmarks;

import dev.sns.analysis.Analysis;
import dev.sns.jmh.host.RunReports;
import dev.sns.jmh.link.ProfilerOptions;
import dev.sns.model.ClockEvidence;
import dev.sns.model.ThrottleEvidence;
import dev.sns.model.TimingResult;
import dev.sns.reports.BenchmarkEntry;
import dev.sns.reports.ReportEntries;
import dev.sns.stats.BootstrapSettings;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What the host pays to keep a finished benchmark safe, as the report grows: the entry is journaled
 * (one line, forced to disk) and the full reports are rewritten only within a time budget, so the
 * cost per benchmark must stay flat from 10 to 5,000 entries (it once grew with the report: a full
 * rewrite of every format after every benchmark, 1.1 s per write at 5,000 GPU-shaped entries).
 *
 * <p>Run: {@code java -jar benchmarks/target/benchmarks.jar HostCost}. Each entry is GPU-shaped: a
 * three-stage interval over 3 forks x 5 windows x 40 samples, clock evidence and samples for the
 * plots, as a real run writes it. The disk is the machine's: the fsync of the journal line dominates.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(1)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 6, time = 2)
public class HostCostBenchmark {
    /** Entries already in the report when the benchmark finishes. */
    @Param({"10", "400", "5000"})
    public int reportSize;

    private Path dir;
    private RunReports reports;
    private TimingResult result;
    private int[] forkIds;
    private int next;

    @Setup(Level.Trial)
    public void setUp() throws IOException {
        dir = Files.createTempDirectory("sns-host-cost");
        dev.sns.analysis.Measurement m = gpuShaped();
        result = Analysis.timing(m, BootstrapSettings.defaults());
        forkIds = m.forkOfEachSample();
        PrintStream quiet = new PrintStream(OutputStream.nullOutputStream());
        reports = RunReports.open(ProfilerOptions.parse("out=" + dir.toString().replace(";", "\\;")), Map.of(), quiet);
        for (int i = 0; i < reportSize; i++) {
            reports.benchmark(entry(i));
        }
    }

    private static dev.sns.analysis.Measurement gpuShaped() {
        Random r = new Random(7);
        ClockEvidence clocks = new ClockEvidence("fake-nvml", false, new double[] {1980, 1980, 1980},
                new double[] {3201}, ThrottleEvidence.none());
        dev.sns.analysis.Measurement.Builder b = dev.sns.analysis.Measurement.builder("kernel").innerReps(1).work(2e9, 1.2e10);
        for (int fork = 0; fork < 3; fork++) {
            for (int w = 0; w < 5; w++) {
                double[] nanos = new double[40];
                for (int i = 0; i < nanos.length; i++) {
                    nanos[i] = 100_000 * Math.exp(0.02 * r.nextGaussian());
                }
                b.window(fork, nanos, clocks);
            }
        }
        return b.build();
    }

    private BenchmarkEntry entry(int i) {
        return ReportEntries.ok("dev.example.Kernels.k" + i, Map.of("n", "1048576"), "gpu-events", result, forkIds);
    }

    /** A benchmark finished: its entry replaces one of the same size (the report keeps its size). */
    @Benchmark
    public void finishedBenchmark() {
        reports.benchmark(entry(next));
        next = (next + 1) % reportSize;
    }

    @TearDown(Level.Trial)
    public void tearDown() throws IOException {
        reports.finish();
        try (Stream<Path> files = Files.walk(dir)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }
}
