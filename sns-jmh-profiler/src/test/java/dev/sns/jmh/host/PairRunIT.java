package dev.sns.jmh.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/** Pairs through the sns Main on the fake GPU: ABBA rounds, one set of outputs, verdicts, exit codes. */
@ExtendWith(FakeGpu.class)
class PairRunIT {
    @TempDir
    Path tmp;

    private int run(String include, String sns, ByteArrayOutputStream out, ByteArrayOutputStream err, String... extra) {
        List<String> args = new ArrayList<>(List.of(include, "-wi", "1", "-i", "3", "-w", "100ms", "-r", "100ms",
                "-jvmArgsAppend", "-Xmx256m -XX:TieredStopAtLevel=1",
                "-prof", "sns:out=" + tmp.resolve("out") + ";rounds=2" + sns));
        args.addAll(List.of(extra));
        if (!args.contains("-v")) {
            args.addAll(List.of("-v", "SILENT"));
        }
        return SnsMain.run(args.toArray(new String[0]), new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    @Test
    void aKnownTwoToOnePairRunsInAbbaRoundsAndReadsTwo() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        Path jmhJson = tmp.resolve("jmh.json");
        int rc = run("G_PairBench.fast", "", out, err, "-rf", "json", "-rff", jmhJson.toString(), "-v", "NORMAL");
        String o = out.toString(StandardCharsets.UTF_8);
        assertEquals(0, rc, o + err);
        // The baseline was not selected: it is added, because it is never cached.
        assertTrue(o.contains("interleaving dev.sns.jmh.bench.G_PairBench.fast and dev.sns.jmh.bench.G_PairBench.slow"), o);
        List<String> rounds = o.lines().filter(l -> l.startsWith("sns: progress: ")).map(l -> l.replaceAll(
                "ETA \\d\\d:\\d\\d:\\d\\d", "ETA t")).toList();
        assertEquals(List.of(
                "sns: progress: round 1 of 2, fork 1 of 4 (0% done), ETA after the first fork: "
                        + "dev.sns.jmh.bench.G_PairBench.fast",
                "sns: progress: round 1 of 2, fork 2 of 4 (25% done), ETA t: dev.sns.jmh.bench.G_PairBench.slow",
                "sns: progress: round 2 of 2, fork 3 of 4 (50% done), ETA t: dev.sns.jmh.bench.G_PairBench.slow",
                "sns: progress: round 2 of 2, fork 4 of 4 (75% done), ETA t: dev.sns.jmh.bench.G_PairBench.fast"),
                rounds);
        // one banner per benchmark, one results table, no per-run progress of JMH's own
        assertEquals(2, o.lines().filter(l -> l.startsWith("# JMH version")).count(), o);
        assertEquals(1, o.lines().filter(l -> l.startsWith("Benchmark ") && l.contains(" Mode ")).count(), o);
        assertEquals(1, o.lines().filter(l -> l.startsWith("Benchmark result is saved to")).count(), o);
        assertTrue(!o.contains("# Run progress:"), o);
        assertEquals(2, o.lines().filter(l -> l.startsWith("# sns round 2 of 2: ")).count(), o);
        JsonNode report = new ObjectMapper().readTree(tmp.resolve("out/results.json").toFile());
        JsonNode c = report.get("comparisons").get(0);
        assertEquals("dev.sns.jmh.bench.G_PairBench.fast@avgt", c.get("candidate").asText());
        assertEquals(2.0, c.get("speedup").asDouble(), 1e-9);
        assertTrue(c.get("lower").asDouble() <= 2.0 && c.get("upper").asDouble() >= 2.0, c.toString());
        assertEquals("FASTER", c.get("verdict").asText());
        assertEquals(2, c.get("rounds").asInt());
        assertTrue(Files.readString(tmp.resolve("out/comparisons.csv")).contains("FASTER"));
        assertTrue(o.contains("sns comparisons"), o);
        // Each side: 2 rounds x 3 iterations, filed under rounds 0 and 1.
        for (JsonNode b : report.get("benchmarks")) {
            assertEquals(2, b.get("summary").get("forks").asInt(), b.get("id").asText());
            assertEquals(6, b.get("summary").get("windows").asInt(), b.get("id").asText());
        }
        // JMH's result file is written once, with both rounds of both benchmarks in it.
        JsonNode jmh = new ObjectMapper().readTree(jmhJson.toFile());
        assertEquals(2, jmh.size(), jmh.toString());
        for (JsonNode b : jmh) {
            assertEquals(2, b.get("primaryMetric").get("rawData").size(), "forks of " + b.get("benchmark"));
        }
    }

    /** A pair with energy: the energy ratio beside the speedup, its windows paired by ABBA round. */
    @Test
    void energyRatiosArePairedByRoundBesideTheSpeedup() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int rc = run("G_PairBench.fast", ";energy=true;energyUpdates=2;energyIdle=false", out, new ByteArrayOutputStream());
        assertEquals(0, rc, out.toString(StandardCharsets.UTF_8));
        String o = out.toString(StandardCharsets.UTF_8);
        // below the comparisons table, once
        assertEquals(1, o.lines().filter(l -> l.startsWith("sns: G_PairBench.fast@avgt vs G_PairBench.slow@avgt: energy ratio "))
                .count(), o);
        JsonNode e = new ObjectMapper().readTree(tmp.resolve("out/results.json").toFile()).get("comparisons").get(0)
                .get("energy");
        assertTrue(e.get("design").asText().startsWith("interleaved ABBA: 2 rounds paired, then energy windows"),
                e.toString());
        assertTrue(e.get("lower").asDouble() <= e.get("ratio").asDouble() && e.get("ratio").asDouble() <= e.get("upper")
                .asDouble(), e.toString());
        assertTrue(List.of("PARITY", "LESS_ENERGY", "MORE_ENERGY").contains(e.get("verdict").asText()), e.toString());
    }

    @Test
    void aSlowerVerdictFailsTheRunWhenAsked() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int rc = run("H_RegressionBench", ";failOnSlower=true", out, err);
        assertEquals(2, rc, out.toString(StandardCharsets.UTF_8) + err);
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("SLOWER: dev.sns.jmh.bench.H_RegressionBench.after@avgt vs "
                + "dev.sns.jmh.bench.H_RegressionBench.before@avgt; exiting with 2"), err.toString(StandardCharsets.UTF_8));
        ByteArrayOutputStream out2 = new ByteArrayOutputStream();
        assertEquals(0, run("H_RegressionBench", "", out2, new ByteArrayOutputStream()), "without failOnSlower: exit 0");
    }

    @Test
    void aDeclaredPairThatCouldNotBeComparedFailsTheCiGate() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        // The baseline throws, so the pair cannot be compared: say so, and with failOnSlower exit 2.
        int rc = run("B_CpuBench", ";abba=false;failOnSlower=true;pair=(.*)B_CpuBench.burn->$1C_ThrowingBench.fail",
                out, err);
        String o = out.toString(StandardCharsets.UTF_8);
        // The baseline threw: the run did not do what it was asked (exit 3), which outranks the gate's 2.
        assertEquals(SnsMain.FAILED, rc, o + err);
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("C_ThrowingBench.fail@avgt failed: the benchmark threw "
                + "java.lang.IllegalStateException: planned failure in C_ThrowingBench"), err.toString());
        assertTrue(o.contains("sns: NOT COMPARED: dev.sns.jmh.bench.B_CpuBench.burn vs dev.sns.jmh.bench.C_ThrowingBench.fail:"
                + " the baseline was not measured"), o);
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("1 declared pair(s) not compared"), err.toString());
    }

    @Test
    void aPairLeftUncomparedByTooFewIterationsFailsTheRunWithItsOneReason() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        // A CPU pair (JMH's scores: one window per iteration): -i 1 and 2 rounds give each side 2 iterations,
        // fewer than an interval needs.
        int rc = SnsMain.run(new String[] {"B_CpuBench", "-bm", "avgt", "-wi", "0", "-i", "1", "-r", "100ms",
                "-jvmArgsAppend", "-Xmx256m -XX:TieredStopAtLevel=1", "-prof", "sns:out=" + tmp.resolve("out")
                + ";rounds=2;pair=(.*)B_CpuBench.burn->$1K_ModesBench.work", "-v", "SILENT"},
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        String o = out.toString(StandardCharsets.UTF_8);
        String e = err.toString(StandardCharsets.UTF_8);
        assertEquals(SnsMain.FAILED, rc, "a declared pair not compared: the run did not do all it was asked\n" + o + e);
        List<String> notCompared = o.lines().filter(l -> l.startsWith("sns: NOT COMPARED")).toList();
        assertEquals(1, notCompared.size(), o);
        assertTrue(notCompared.get(0).contains("has no interval"), notCompared.get(0));
        assertTrue(!o.contains("no baseline with matching @Param values"), o);
        assertTrue(e.contains("1 declared pair(s) not compared (each NOT COMPARED above says why): "
                + "dev.sns.jmh.bench.B_CpuBench.burn@avgt vs dev.sns.jmh.bench.K_ModesBench.work@avgt"), e);
    }

    @Test
    void aBadBaselineFailsBeforeAnythingRuns() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int rc = run("G_PairBench.fast", ";pair=(.*)fast->$1slower", out, err);
        assertEquals(1, rc);
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("is not a benchmark in this jar"), err.toString());
        assertTrue(!Files.exists(tmp.resolve("out/results.json")), "nothing may be measured");
    }

    @Test
    void withoutInterleavingPairsAreComparedAsIndependentSides() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int rc = run("G_PairBench", ";abba=false", out, new ByteArrayOutputStream(), "-f", "2");
        assertEquals(0, rc, out.toString(StandardCharsets.UTF_8));
        JsonNode c = new ObjectMapper().readTree(tmp.resolve("out/results.json").toFile()).get("comparisons").get(0);
        assertTrue(c.get("design").asText().startsWith("independent sides: 2 + 2 forks"), c.toString());
        assertEquals(2.0, c.get("speedup").asDouble(), 1e-9);
        assertEquals(0, c.get("rounds").asInt());
    }
}
