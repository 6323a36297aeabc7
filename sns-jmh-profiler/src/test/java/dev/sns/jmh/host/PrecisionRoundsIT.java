package dev.sns.jmh.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.openjdk.jmh.runner.ProfilersFailedException;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.options.OptionsBuilder;

/**
 * Adaptive precision under the sns Main ({@code halfWidth}) over real JMH forks on the fake GPU: the first
 * round is JMH's -f 1 -i 6, then forks are added to each benchmark above its target, until the target or
 * a cap. The noisy benchmark's levels are seeded by fork number, so these runs read the same every time.
 */
@ExtendWith(FakeGpu.class)
class PrecisionRoundsIT {
    @TempDir
    Path tmp;

    /** One sns Main run's exit code, console and results.json. */
    private record Run(int rc, String out, String err, JsonNode report) {
        JsonNode benchmark(String name) {
            for (JsonNode b : report.get("benchmarks")) {
                if (b.get("benchmark").asText().endsWith(name)) {
                    return b;
                }
            }
            throw new AssertionError(name + " not in " + report);
        }
    }

    private Run run(String include, String sns) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        Path dir = tmp.resolve("out-" + Math.abs(sns.hashCode()));
        List<String> args = new ArrayList<>(List.of(include, "-f", "1", "-wi", "0", "-i", "6", "-r", "20ms",
                "-jvmArgsAppend", "-Xmx256m -XX:TieredStopAtLevel=1", "-v", "SILENT",
                "-prof", "sns:out=" + dir + ";" + sns));
        int rc = SnsMain.run(args.toArray(new String[0]), new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        String o = out.toString(StandardCharsets.UTF_8);
        String e = err.toString(StandardCharsets.UTF_8);
        assertEquals(0, rc, o + e);
        return new Run(rc, o, e, new ObjectMapper().readTree(dir.resolve("results.json").toFile()));
    }

    @Test
    void aNoisyBenchmarkGetsForksUntilItsIntervalMeetsTheTarget() throws Exception {
        Run r = run("S_NoisyBench", "halfWidth=1%;maxSamplingMs=3600000");
        JsonNode s = r.benchmark("S_NoisyBench.spin").get("summary");
        // one fork of 6 windows whose level has a 3% sd reads about +-2.5%: the square-root law asks for more
        assertTrue(r.out().contains("sns: precision round 2: 1 benchmark above 1%"), r.out());
        assertEquals("target", s.get("stop").asText(), s.toString());
        assertEquals(0.01, s.get("precisionTarget").asDouble(), 1e-12);
        assertTrue(s.get("precision").asDouble() <= 0.01, s.toString());
        int forks = s.get("forks").asInt();
        assertTrue(forks > 1 && forks <= 20, s.toString());
        assertEquals(6 * forks, s.get("windows").asInt(), "every fork's windows joined the result: " + s);
        // the known answer: the levels are symmetric about 1, so the median is 100 us, inside the interval
        assertTrue(s.get("lower").asDouble() <= 0.1 && s.get("upper").asDouble() >= 0.1, s.toString());
        // the forks are numbered on from the first round's: each fork of the result is its own
        JsonNode forkOfSample = r.benchmark("S_NoisyBench.spin").get("samples").get("fork");
        java.util.Set<Integer> distinct = new java.util.TreeSet<>();
        forkOfSample.forEach(f -> distinct.add(f.asInt()));
        assertEquals(forks, distinct.size(), distinct.toString());
        assertEquals(1, r.report().get("benchmarks").size(), "one entry, replaced round after round");
        // said once, below the summary (the sns Main states results at the end)
        assertTrue(r.out().lines().anyMatch(l -> l.startsWith("sns: precision, S_NoisyBench.spin@avgt: +-")
                && l.contains(" for a target of 1%: target reached after " + forks + " forks")), r.out());
    }

    @Test
    void theForkCapStopsIt() throws Exception {
        Run r = run("S_NoisyBench", "halfWidth=0.1%;maxForks=2;maxSamplingMs=3600000");
        JsonNode s = r.benchmark("S_NoisyBench.spin").get("summary");
        assertEquals("fork_cap", s.get("stop").asText(), s.toString());
        assertEquals(2, s.get("forks").asInt(), s.toString());
        assertTrue(s.get("precision").asDouble() > 0.001, s.toString());
        assertEquals(1, r.out().lines().filter(l -> l.startsWith("sns: precision round ") && l.contains(": 1 more")).count(),
                r.out());
    }

    @Test
    void theTimeCapStopsIt() throws Exception {
        // one fork's samples take far more than 1 ms of fake GPU time: a second fork would pass the cap
        Run r = run("S_NoisyBench", "halfWidth=0.1%;maxSamplingMs=1");
        JsonNode s = r.benchmark("S_NoisyBench.spin").get("summary");
        assertEquals("time_cap", s.get("stop").asText(), s.toString());
        assertEquals(1, s.get("forks").asInt(), s.toString());
        assertTrue(s.get("samplingGpuMs").asDouble() > 1, s.toString());
        assertTrue(!r.out().contains("sns: precision round"), r.out());
    }

    @Test
    void anExactBenchmarkRunsNoExtraFork() throws Exception {
        Run r = run("A_FakeGpuBench", "halfWidth=0.5%");
        JsonNode s = r.benchmark("A_FakeGpuBench.spin").get("summary");
        assertEquals("target", s.get("stop").asText(), s.toString());
        assertEquals(1, s.get("forks").asInt(), s.toString());
        assertTrue(!r.out().contains("sns: precision round"), r.out());
    }

    @Test
    void aBenchmarksOwnGpuTimingAsksForItsPrecision() throws Exception {
        Run r = run("T_TargetedBench", "rounds=2");
        JsonNode s = r.benchmark("T_TargetedBench.spin").get("summary");
        assertEquals("target", s.get("stop").asText(), s.toString());
        assertEquals(0.015, s.get("precisionTarget").asDouble(), 1e-12);
        assertTrue(s.get("forks").asInt() > 1, s.toString());
        assertTrue(r.out().contains("sns: precision round 2: 1 benchmark above 1.5%"), r.out());
    }

    /** A pair keeps its ABBA rounds: halfWidth says so once and adds no fork; its results report their precision. */
    @Test
    void aPairKeepsItsRounds() throws Exception {
        Run r = run("G_PairBench.fast", "halfWidth=0.5%;rounds=2");
        assertTrue(r.out().contains("sns: halfWidth: dev.sns.jmh.bench.G_PairBench.fast is in a pair, which keeps its "
                + "forks (ABBA rounds=2: its comparison is made once, when both sides are in)"), r.out());
        assertTrue(!r.out().contains("sns: precision round"), r.out());
        JsonNode s = r.benchmark("G_PairBench.fast").get("summary");
        assertEquals("count", s.get("stop").asText(), s.toString());
        assertEquals(2, s.get("forks").asInt(), s.toString());
        assertTrue(s.has("precision"), s.toString());
    }

    @Test
    void jmhsOwnMainFailsABenchmarkWhoseGpuTimingAsksForAPrecision() throws Exception {
        HostRun.reset();
        new Runner(new OptionsBuilder().include("T_TargetedBench").forks(1).warmupIterations(0).measurementIterations(1)
                .addProfiler("sns", "out=" + tmp.resolve("jmh-main")).build()).run();
        List<String> problems = HostRun.current().problems();
        assertEquals(1, problems.size(), problems.toString());
        assertTrue(problems.get(0).contains("T_TargetedBench.spin@avgt failed: sns: dev.sns.jmh.bench.T_TargetedBench.spin: "
                + "sns options halfWidth, maxSamplingMs in its @GpuTiming need the sns Main"), problems.get(0));
    }

    @Test
    void jmhsOwnMainRefusesItNamingTheSnsMain() {
        HostRun.reset();
        ProfilersFailedException e = assertThrows(ProfilersFailedException.class, () -> new Runner(new OptionsBuilder()
                .include("A_FakeGpuBench").forks(1).warmupIterations(0).measurementIterations(1)
                .addProfiler("sns", "halfWidth=0.5%").build()).run());
        StringBuilder messages = new StringBuilder();
        for (Throwable t = e; t != null; t = t.getCause()) {
            messages.append(t.getMessage()).append('\n');
            for (Throwable s : t.getSuppressed()) {
                messages.append(s.getMessage()).append('\n');
            }
        }
        assertTrue(messages.toString().contains("sns option halfWidth needs the sns Main")
                && messages.toString().contains("java -jar benchmarks.jar"), messages.toString());
    }
}
