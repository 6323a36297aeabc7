package dev.sns.jmh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.sns.gpu.GpuBackends;
import dev.sns.jmh.host.HostRun;
import dev.sns.jmh.host.SnsMain;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import org.openjdk.jmh.runner.options.VerboseMode;

/**
 * sns beside every JMH feature, in real forks on the CPU: what JMH's own outputs say (units, modes,
 * the tier) must agree with themselves and with sns's reports. The matrix: every mode on one method,
 * operations per invocation, @Param values, a @Group of two thread roles, @Threads(2), states of
 * benchmark and group scope, -tu, -f 0, a failing iteration (the faults suite), and the sns Main's
 * answers to a pattern that matches nothing, requireGpu and timer=cuda without a GPU.
 */
class JmhCitizenIT {
    private static final String K = "dev.sns.jmh.bench.K_ModesBench.work";
    private static final String L = "dev.sns.jmh.bench.L_MatrixBench.";

    @TempDir
    Path tmp;

    @BeforeEach
    void freshRun() {
        HostRun.reset();
    }

    private ChainedOptionsBuilder base(String include) {
        return new OptionsBuilder().include(include)
                .warmupIterations(1).warmupTime(TimeValue.milliseconds(50))
                .measurementIterations(6).measurementTime(TimeValue.milliseconds(50))
                .forks(1)
                .jvmArgsAppend("-Xmx256m", "-XX:TieredStopAtLevel=1")
                .addProfiler("sns", "out=" + tmp.resolve("out"))
                .shouldFailOnError(true)
                .verbosity(VerboseMode.SILENT);
    }

    private JsonNode snsReport() throws Exception {
        HostRun.current().finish();
        return new ObjectMapper().readTree(tmp.resolve("out/results.json").toFile());
    }

    private static Map<String, JsonNode> byId(JsonNode report) {
        Map<String, JsonNode> m = new HashMap<>();
        report.get("benchmarks").forEach(b -> m.put(b.get("id").asText(), b));
        return m;
    }

    /** JMH's -rf json, one node per benchmark run, keyed by "benchmark@mode" plus params. */
    private static Map<String, JsonNode> jmhRuns(Path file) throws Exception {
        Map<String, JsonNode> m = new HashMap<>();
        for (JsonNode r : new ObjectMapper().readTree(file.toFile())) {
            StringBuilder key = new StringBuilder(r.get("benchmark").asText() + "@" + r.get("mode").asText());
            if (r.has("params")) {
                List<String> kv = new ArrayList<>();
                r.get("params").fields().forEachRemaining(e -> kv.add(e.getKey() + "=" + e.getValue().asText()));
                key.append(':').append(String.join(",", kv));
            }
            m.put(key.toString(), r);
        }
        return m;
    }

    /**
     * One method in four modes gives four sns results, keyed by mode; the sns score in JMH's JSON is in
     * the benchmark's own unit, with the interval sns reports as its confidence; the tier's score is the
     * aggregate's, with no per-iteration values to contradict it; the sample-mode median is JMH's
     * p0.50 to within a histogram bin. A CPU benchmark's fork sends no sns result (the host builds its
     * windows from JMH's scores): its sns rows are the aggregate's, with no per-iteration raw values.
     */
    @Test
    void everyModeGetsItsOwnResultInJmhsUnit() throws Exception {
        Path json = tmp.resolve("jmh.json");
        new Runner(base(K).resultFormat(ResultFormatType.JSON).result(json.toString()).build()).run();
        Map<String, JsonNode> sns = byId(snsReport());
        Map<String, JsonNode> jmh = jmhRuns(json);
        for (String mode : List.of("avgt", "sample", "thrpt", "ss")) {
            JsonNode e = sns.get(K + "@" + mode);
            assertTrue(e != null, "no sns result for mode " + mode + ": " + sns.keySet());
            assertEquals("ok", e.get("status").asText());
            assertEquals(mode, e.get("mode").asText());
            JsonNode run = jmh.get(K + "@" + mode);
            JsonNode metric = run.get("secondaryMetrics").get("sns");
            assertEquals("ns/op", metric.get("scoreUnit").asText(), mode);
            double score = metric.get("score").asDouble();
            assertEquals(e.get("summary").get("median").asDouble() * 1e6, score, score * 1e-9, mode + ": one unit: " + metric);
            if (!e.get("summary").get("lower").isNull()) { // JMH's confidence is the interval sns reports
                assertEquals(e.get("summary").get("lower").asDouble() * 1e6, metric.get("scoreConfidence").get(0).asDouble(),
                        score * 1e-9, mode + ": " + metric);
                assertEquals(e.get("summary").get("upper").asDouble() * 1e6, metric.get("scoreConfidence").get(1).asDouble(),
                        score * 1e-9, mode + ": " + metric);
            }
            for (JsonNode fork : metric.get("rawData")) {
                assertEquals(0, fork.size(), "the host's aggregate, no per-iteration rows: " + metric);
            }
            assertTrue(metric.get("scoreError").isNull() || metric.get("scoreError").asText().equals("NaN"),
                    "no 99.9%-labelled half-width: " + metric);
            JsonNode tier = run.get("secondaryMetrics").get("sns.tier");
            assertEquals(2.0, tier.get("score").asDouble(), 0.0, "CPU benchmark: tier B");
            for (JsonNode fork : tier.get("rawData")) {
                assertEquals(0, fork.size(), "no per-iteration tiers to disagree with the aggregate: " + tier);
            }
            assertEquals("B", e.get("tier").asText(), e.toString());
        }
        // avgt: sns's median of the iteration scores sits near JMH's mean of them
        double avgt = jmh.get(K + "@avgt").get("primaryMetric").get("score").asDouble();
        assertEquals(avgt, jmh.get(K + "@avgt").get("secondaryMetrics").get("sns").get("score").asDouble(), avgt * 0.5);
        // sample: the median of the sampled invocations, as JMH's p0.50
        JsonNode sample = jmh.get(K + "@sample");
        double p50 = sample.get("primaryMetric").get("scorePercentiles").get("50.0").asDouble();
        double snsSample = sample.get("secondaryMetrics").get("sns").get("score").asDouble();
        assertEquals(p50, snsSample, p50 * 0.05, "sns median of sampled calls vs JMH's p0.50");
        assertTrue(sns.get(K + "@sample").get("summary").get("n").asInt() > 100, "the calls themselves are the samples");
    }

    /**
     * Operations per invocation, @Param values, a group, two threads: each gets an sns result that
     * means what JMH's score means (time per operation), in microseconds.
     */
    @Test
    void jmhFeaturesEachGetAnSnsResultThatMeansWhatJmhsMeans() throws Exception {
        Path json = tmp.resolve("jmh.json");
        new Runner(base("L_MatrixBench").resultFormat(ResultFormatType.JSON).result(json.toString()).build()).run();
        Map<String, JsonNode> sns = byId(snsReport());
        Map<String, JsonNode> jmh = jmhRuns(json);
        List<String> ids = List.of(L + "tenOps@avgt", L + "paramed@avgt:tokens=100", L + "paramed@avgt:tokens=1000",
                L + "pipe@avgt", L + "twoThreads@avgt");
        assertEquals(new java.util.TreeSet<>(ids), new java.util.TreeSet<>(sns.keySet()));
        for (String id : ids) {
            JsonNode e = sns.get(id);
            assertEquals("ok", e.get("status").asText(), e.toString());
            JsonNode run = jmh.get(id);
            assertEquals("us/op", run.get("secondaryMetrics").get("sns").get("scoreUnit").asText(), id);
            double primary = run.get("primaryMetric").get("score").asDouble();
            double median = e.get("summary").get("median").asDouble() * 1000;
            assertEquals(primary, median, primary * 0.5, id + ": sns median (us) vs JMH's score");
        }
        double small = sns.get(L + "paramed@avgt:tokens=100").get("summary").get("median").asDouble();
        double large = sns.get(L + "paramed@avgt:tokens=1000").get("summary").get("median").asDouble();
        assertTrue(large > small * 2, "ten times the tokens, more time: " + small + " vs " + large);
    }

    /** -tu overrides @OutputTimeUnit for sns as for JMH. */
    @Test
    void minusTuSetsTheSnsUnit() throws Exception {
        Path json = tmp.resolve("jmh.json");
        new Runner(base("B_CpuBench").timeUnit(TimeUnit.MILLISECONDS).resultFormat(ResultFormatType.JSON)
                .result(json.toString()).build()).run();
        JsonNode run = new ObjectMapper().readTree(json.toFile()).get(0);
        assertEquals("ms/op", run.get("primaryMetric").get("scoreUnit").asText());
        assertEquals("ms/op", run.get("secondaryMetrics").get("sns").get("scoreUnit").asText());
        double ms = run.get("secondaryMetrics").get("sns").get("score").asDouble();
        assertEquals(ms, snsReport().get("benchmarks").get(0).get("summary").get("median").asDouble(), ms * 1e-9);
    }

    private static int main(List<String> args, ByteArrayOutputStream out, ByteArrayOutputStream err) {
        return SnsMain.run(args.toArray(new String[0]), new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    /** -f 0: no fork, so no external profiler; sns says once what it cannot do and still records the result. */
    @Test
    void withoutForksSnsSaysSoAndStillRecords() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int rc = main(List.of("B_CpuBench", "-f", "0", "-wi", "1", "-i", "6", "-w", "50ms", "-r", "50ms", "-v", "SILENT",
                "-prof", "sns:out=" + tmp.resolve("out")), out, err);
        String o = out.toString(StandardCharsets.UTF_8);
        assertEquals(0, rc, o + err);
        assertEquals(1, o.lines().filter(l -> l.startsWith("sns: -f 0 runs benchmarks in JMH's own JVM")).count(), o);
        JsonNode e = new ObjectMapper().readTree(tmp.resolve("out/results.json").toFile()).get("benchmarks").get(0);
        assertEquals("dev.sns.jmh.bench.B_CpuBench.burn@avgt", e.get("id").asText());
        assertEquals("ok", e.get("status").asText());
        assertEquals(6, e.get("summary").get("n").asInt());
    }

    /** Fewer than six iteration scores: no interval, and the result says why and what is needed. */
    @Test
    void tooFewIterationsGiveNoInterval() throws Exception {
        new Runner(base("B_CpuBench").measurementIterations(2).build()).run();
        JsonNode e = snsReport().get("benchmarks").get(0);
        assertTrue(e.get("summary").get("lower").isNull(), e.toString());
        assertEquals("too few iterations for an interval: 2, at least 6 needed (measurement iterations x forks: -i, -f)",
                e.get("summary").get("estimator").asText());
        assertEquals(2, e.get("summary").get("n").asInt());
    }

    @Test
    void aPatternThatMatchesNothingIsAUsageError() {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int rc = main(List.of("NoSuchBenchmarkAnywhere", "-prof", "sns:out=" + tmp.resolve("out")),
                new ByteArrayOutputStream(), err);
        assertEquals(SnsMain.USAGE, rc);
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("No matching benchmarks. Miss-spelled regexp?"), err.toString());
        assertFalse(Files.exists(tmp.resolve("out/results.json")), "a run that ran nothing writes no report");
    }

    /** -prof sns:help is help, as JMH's -h is: the option table on standard output, exit 0, nothing run. */
    @Test
    void snsHelpPrintsTheOptionsAndExitsZero() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int rc = main(List.of("B_CpuBench", "-prof", "sns:help"), out, err);
        assertEquals(SnsMain.OK, rc, err.toString(StandardCharsets.UTF_8));
        String o = out.toString(StandardCharsets.UTF_8);
        assertTrue(o.startsWith("sns profiler options (-prof sns:key=value;key=value):"), o);
        assertTrue(o.contains("failOnSlower") && o.contains("timer"), o);
        assertFalse(o.contains("# Benchmark:"), "nothing ran: " + o);
    }

    /**
     * Without a GPU: requireGpu fails the run before anything runs; timer=cuda is refused; and a GPU
     * benchmark's every mode and @Param combination is listed as skipped, with the reason said once.
     */
    @Test
    void withoutAGpuEachSkippedCombinationIsListedAndRequireGpuFails() throws Exception {
        assumeFalse(GpuBackends.detect().probe().available(), "this test is about machines without a GPU");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int rc = main(List.of("N_ParamGpuBench", "-prof", "sns:out=" + tmp.resolve("out")), out, err);
        assertEquals(0, rc, out + "" + err);
        JsonNode r = new ObjectMapper().readTree(tmp.resolve("out/results.json").toFile());
        Map<String, JsonNode> entries = byId(r);
        assertEquals(6, entries.size(), entries.keySet().toString());
        for (String mode : List.of("avgt", "sample")) {
            for (int size = 1; size <= 3; size++) {
                JsonNode e = entries.get("dev.sns.jmh.bench.N_ParamGpuBench.kernel@" + mode + ":size=" + size);
                assertEquals("skipped", e.get("status").asText());
                assertTrue(e.get("message").asText().startsWith("no GPU: "), e.toString());
            }
        }
        assertEquals(1, out.toString(StandardCharsets.UTF_8).lines().filter(l -> l.contains("no GPU here")).count());

        HostRun.reset();
        ByteArrayOutputStream err2 = new ByteArrayOutputStream();
        rc = main(List.of("N_ParamGpuBench|B_CpuBench", "-prof", "sns:out=" + tmp.resolve("out2") + ";requireGpu=true"),
                new ByteArrayOutputStream(), err2);
        assertEquals(SnsMain.FAILED, rc);
        assertTrue(err2.toString(StandardCharsets.UTF_8).contains("requireGpu=true, and 1 selected benchmark(s) need a GPU"),
                err2.toString());

        HostRun.reset();
        ByteArrayOutputStream err3 = new ByteArrayOutputStream();
        rc = main(List.of("B_CpuBench", "-prof", "sns:out=" + tmp.resolve("out3") + ";timer=cuda"),
                new ByteArrayOutputStream(), err3);
        assertEquals(SnsMain.USAGE, rc);
        assertTrue(err3.toString(StandardCharsets.UTF_8).contains("timer=cuda asks for GPU timing, and there is no GPU"),
                err3.toString());
        assertFalse(Files.exists(tmp.resolve("out3/results.json")), "nothing ran: no report");
        assertFalse(Files.exists(tmp.resolve("out2/results.json")), "requireGpu: nothing ran, no report");
    }
}
