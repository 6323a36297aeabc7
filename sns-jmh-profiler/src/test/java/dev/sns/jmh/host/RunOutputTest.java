package dev.sns.jmh.host;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.ResultRole;
import org.openjdk.jmh.results.SampleTimeResult;
import org.openjdk.jmh.runner.IterationType;
import org.openjdk.jmh.runner.WorkloadParams;
import org.openjdk.jmh.runner.format.OutputFormatFactory;
import org.openjdk.jmh.runner.options.TimeValue;
import org.openjdk.jmh.runner.options.VerboseMode;
import org.openjdk.jmh.util.SampleBuffer;

/** JMH's console through the sns Main's rounds: a sample-mode benchmark's percentiles in its first round only. */
class RunOutputTest {
    private static final IterationParams MEASURED = new IterationParams(IterationType.MEASUREMENT, 1,
            TimeValue.milliseconds(100), 1);
    private static final BenchmarkParams SAMPLED = new BenchmarkParams("pkg.B.m", "pkg.generated.B_m_jmhTest", false, 1,
            new int[] {1}, List.of(), 1, 0, new IterationParams(IterationType.WARMUP, 0, TimeValue.milliseconds(1), 1),
            MEASURED, Mode.SampleTime, new WorkloadParams(), TimeUnit.MICROSECONDS, 1, "java", List.of(), "17", "vm",
            "17", "1.37", TimeValue.minutes(1));

    /** One round's fork: its banner (or round line) and one measurement iteration of 18, 18, 36 us (JMH's histogram bins them). */
    private static void fork(RunOutput run, int round) {
        run.nextFork("pkg.B.m", round, 2, round - 1, 2, 1000);
        run.startBenchmark(SAMPLED);
        run.iteration(SAMPLED, MEASURED, 1);
        SampleBuffer b = new SampleBuffer();
        for (long ns : new long[] {18_000, 18_000, 36_000}) {
            b.add(ns);
        }
        IterationResult ir = new IterationResult(SAMPLED, MEASURED, null);
        ir.addResult(new SampleTimeResult(ResultRole.PRIMARY, "m", b, TimeUnit.MICROSECONDS));
        run.iterationResult(SAMPLED, MEASURED, 1, ir);
    }

    @Test
    void aLaterRoundPrintsEachIterationsScoreAloneAndItsFirstRoundThePercentiles() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PrintStream console = new PrintStream(bytes, true, StandardCharsets.UTF_8);
        RunOutput run = new RunOutput(OutputFormatFactory.createFormatInstance(console, VerboseMode.NORMAL), console);
        run.rounds();
        fork(run, 1);
        String first = bytes.toString(StandardCharsets.UTF_8);
        bytes.reset();
        fork(run, 2);
        String later = bytes.toString(StandardCharsets.UTF_8);
        assertEquals(8, first.lines().filter(l -> l.strip().startsWith("p0.") || l.strip().startsWith("p1.")).count(), first);
        assertEquals(List.of(
                "sns: progress: round 2 of 2, fork 2 of 2 (50% done), ETA 00:00:01: pkg.B.m",
                "# sns round 2 of 2: pkg.B.m (banner above, in round 1; scores alone: percentiles in round 1 and in "
                        + "JMH's table at the end)",
                "Iteration   1: 23.979 \u00b1(99.9%) 189.426 us/op"), later.lines().toList());
    }
}
