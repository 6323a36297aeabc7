package dev.sns.benchmarks;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
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
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.format.OutputFormatFactory;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import org.openjdk.jmh.runner.options.VerboseMode;

/**
 * What {@code -prof sns} adds to a fork of a CPU benchmark: one whole JMH run of CPU sample 01 (one
 * fork, one 1 ms iteration, no warm-up), with and without the profiler. The difference is the
 * profiler's cost per fork (its classes, its options, its host and fork halves); it must stay small,
 * because a CPU benchmark's fork loads nothing GPU-related (it once added 68 ms to every fork).
 *
 * <p>Run: {@code java -jar benchmarks/target/benchmarks.jar ForkCost} (each operation starts a JVM).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(1)
@Warmup(iterations = 2)
@Measurement(iterations = 8)
public class ForkCostBenchmark {
    /** "none" or "sns": the profiler of the inner run. */
    @Param({"none", "sns"})
    public String profiler;

    private Path out;
    private PrintStream quiet;
    private PrintStream console;

    @Setup(Level.Trial)
    public void setUp() throws IOException {
        System.setProperty("jmh.ignoreLock", "true"); // the outer run holds JMH's lock
        out = Files.createTempDirectory("sns-fork-cost");
        quiet = new PrintStream(OutputStream.nullOutputStream());
        console = System.out;
        System.setOut(quiet); // the inner runs' sns lines are not this run's output
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        System.setOut(console);
    }

    @Benchmark
    public Object oneForkedRun() throws RunnerException {
        ChainedOptionsBuilder o = new OptionsBuilder()
                .include("CpuSample_01_ArraySum")
                .forks(1).warmupIterations(0)
                .measurementIterations(1).measurementTime(TimeValue.milliseconds(1))
                .param("n", "1024")
                .verbosity(VerboseMode.SILENT);
        if (profiler.equals("sns")) {
            o.addProfiler("sns", "out=" + out.toString().replace(";", "\\;") + ";formats=json");
        }
        return new Runner(o.build(), OutputFormatFactory.createFormatInstance(quiet, VerboseMode.SILENT)).run();
    }
}
