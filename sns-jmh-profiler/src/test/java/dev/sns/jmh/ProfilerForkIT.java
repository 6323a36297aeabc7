package dev.sns.jmh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.sns.fakes.FakeNvidiaSmi;
import dev.sns.jmh.host.HostRun;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.ProfilersFailedException;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import org.openjdk.jmh.runner.options.VerboseMode;

/**
 * Real JMH runs through {@link Runner}, with real forks, on a fake GPU (selected in the forks by
 * -Dsns.backend=fake, a second GPU backend registered through ServiceLoader): the fake "kernel" takes exactly 50 us of the fake clock, so the sns metric
 * must read exactly that. Iterations are 100 ms to keep the suite short.
 */
class ProfilerForkIT {
    private static final String FAKE_GPU = "-Dsns.backend=fake";
    private static final String A = "dev.sns.jmh.bench.A_FakeGpuBench.spin";

    @TempDir
    Path tmp;

    @BeforeEach
    void freshCollector() {
        HostRun.reset();
    }

    private ChainedOptionsBuilder base(String snsOptions) {
        return new OptionsBuilder()
                .warmupIterations(1).warmupTime(TimeValue.milliseconds(100))
                .measurementIterations(3).measurementTime(TimeValue.milliseconds(100))
                .forks(1).threads(1)
                .jvmArgsAppend(FAKE_GPU, "-Xmx256m", "-XX:TieredStopAtLevel=1")
                .addProfiler("sns", "out=" + tmp.resolve("out") + (snsOptions.isEmpty() ? "" : ";" + snsOptions))
                .shouldFailOnError(false)
                .verbosity(VerboseMode.SILENT);
    }

    /**
     * results.json once the run is finished: JMH's Runner API has no end-of-run callback, so a caller
     * of it ends the sns run (the sns Main and JMH's own Main do it themselves).
     */
    private JsonNode report() throws Exception {
        HostRun.current().finish();
        return new ObjectMapper().readTree(tmp.resolve("out/results.json").toFile());
    }

    private static JsonNode entry(JsonNode report, String id) {
        for (JsonNode b : report.get("benchmarks")) {
            if (b.get("id").asText().equals(id)) {
                return b;
            }
        }
        throw new AssertionError("no benchmark " + id + " in " + report);
    }

    /**
     * Energy on the fake GPU, whose counter steps every 10 ms by 250 W's worth: windows of 2 updates
     * inside each 100 ms iteration read 250 W (the steps are whole: only the sightings' lag, a read every
     * ~0.5 ms, is off), and idle power, taken before the first call, reads the same 250 W.
     */
    @Test
    void energyWindowsBecomeSecondaryMetricsAndReportFields() throws Exception {
        Collection<RunResult> results = new Runner(base("energy=true;energyUpdates=2").include(A).build()).run();
        Map<String, Result> sec = results.iterator().next().getSecondaryResults();
        Result power = sec.get("sns.power");
        assertNotNull(power, sec.keySet().toString());
        assertEquals("W", power.getScoreUnit());
        assertEquals(250.0, power.getScore(), 250.0 * 0.05);
        Result energy = sec.get("sns.energy");
        assertEquals("J/op", energy.getScoreUnit());
        assertTrue(energy.getScore() > 0 && energy.getScoreConfidence()[0] <= energy.getScore(), energy.toString());
        JsonNode e = entry(report(), A + "@avgt:n=1").get("energy");
        assertTrue(e.get("windows").asInt() >= 3, e.toString()); // 3 iterations of 100 ms, windows of 20 ms
        assertEquals(250.0, e.get("idleWatts").asDouble(), 250.0 * 0.05);
        assertEquals(2, e.get("updatesPerWindow").asInt());
        assertEquals(10.0, e.get("updatePeriodMs").asDouble(), 2.0);
        assertTrue(Files.readString(tmp.resolve("out/energy.csv")).contains(A + "@avgt:n=1,"));
    }

    @Test
    void withoutAnEnergyCounterTheBenchmarkIsTimedAndEnergySaysWhy() throws Exception {
        Collection<RunResult> results = new Runner(base("energy=true").include(A)
                .jvmArgsAppend(FAKE_GPU, "-Xmx256m", "-XX:TieredStopAtLevel=1", "-Dsns.fake.energyWatts=none").build()).run();
        Map<String, Result> sec = results.iterator().next().getSecondaryResults();
        assertEquals(50.0, sec.get("sns").getScore(), 1e-9);
        assertTrue(!sec.containsKey("sns.energy") && !sec.containsKey("sns.power"), sec.keySet().toString());
        JsonNode e = entry(report(), A + "@avgt:n=1").get("energy");
        assertEquals("the fake GPU has no energy counter (sns.fake.energyWatts=none)", e.get("unavailable").asText());
        assertTrue(!e.has("joulesPerCall") && !e.has("watts"), "absent, not zero: " + e);
    }

    @Test
    void badOptionsFailBeforeAnyForkNamingTheKey() {
        ProfilersFailedException e = assertThrows(ProfilersFailedException.class,
                () -> new Runner(base("flush=true").include(A).build()).run());
        assertTrue(e.getCause().getMessage().contains("unknown sns option 'flush' (did you mean flushL2?)"),
                e.getCause().getMessage());
        e = assertThrows(ProfilersFailedException.class, () -> new Runner(base("launch=fast").include(A).build()).run());
        assertTrue(e.getCause().getMessage().contains("launch=fast"), e.getCause().getMessage());
        assertTrue(!Files.exists(tmp.resolve("out/results.json")), "nothing may run after bad options");
    }

    /**
     * Under JMH's Runner (as under JMH's own Main) a history that cannot work is refused before any fork,
     * with the check's one message (JMH refuses the profiler): the suite is not run first.
     */
    @Test
    void aHistoryThatCannotWorkFailsBeforeAnyForkWithOneMessage() throws Exception {
        Path file = Files.writeString(tmp.resolve("notes.txt"), "x");
        ProfilersFailedException e = assertThrows(ProfilersFailedException.class,
                () -> new Runner(base("history=" + file.resolve("sns-history.db")).include(A).build()).run());
        assertTrue(e.getCause().getMessage().contains("lies under " + file + ", which is a file, not a directory"),
                e.getCause().getMessage());
        assertTrue(e.getCause().getMessage().endsWith("; nothing was run"), e.getCause().getMessage());
        assertTrue(!Files.exists(tmp.resolve("out")), "no fork ran, no report directory");
    }

    @Test
    void gpuSamplesBecomeJmhSecondaryMetricsAndReports() throws Exception {
        Path jmhJson = tmp.resolve("jmh.json");
        Collection<RunResult> results = new Runner(base("kernels=true;kernelCalls=5").include(A).forks(2)
                .resultFormat(ResultFormatType.JSON).result(jmhJson.toString()).build()).run();
        RunResult rr = results.iterator().next();
        Map<String, Result> sec = rr.getSecondaryResults();
        Result sns = sec.get("sns");
        assertNotNull(sns, sec.keySet().toString());
        // The fake kernel takes exactly 50 us: median 50 us/op, interval around it.
        assertEquals("us/op", sns.getScoreUnit());
        assertEquals(50.0, sns.getScore(), 1e-9);
        assertTrue(sns.getScoreConfidence()[0] <= 50.0 && sns.getScoreConfidence()[1] >= 50.0);
        assertEquals(2.0, sec.get("sns.tier").getScore(), 0.0); // unlocked: tier B
        assertEquals("tier (1=A 2=B 3=C)", sec.get("sns.tier").getScoreUnit());
        assertEquals(1500.0, sec.get("sns.smClock").getScore(), 0.0);
        assertEquals(48.0, sec.get("sns.net").getScore(), 1e-9); // 50 us minus the fake 2 us launch overhead
        assertEquals(20.0, sec.get("sns.GBps").getScore(), 1e-9); // 1e6 bytes in 50 us

        String json = Files.readString(jmhJson);
        assertTrue(json.contains("\"sns\" : {") && json.contains("\"sns.tier\""), json);

        JsonNode e = entry(report(), A + "@avgt:n=1");
        assertEquals("ok", e.get("status").asText());
        assertEquals("gpu-events", e.get("source").asText());
        assertEquals(0.05, e.get("summary").get("median").asDouble(), 1e-12);
        assertEquals(2, e.get("summary").get("forks").asInt());
        assertEquals(6, e.get("summary").get("windows").asInt()); // 2 forks x 3 iterations
        assertEquals("B", e.get("tier").asText());
        assertTrue(e.get("samples").get("millis").size() > 10);
        assertEquals("three-stage bootstrap of the median: 2 forks, then 6 windows, then samples",
                e.get("summary").get("estimator").asText());
        assertTrue(Files.readString(tmp.resolve("out/results.csv")).contains(A + "@avgt:n=1,"));
        // The kernel pass of each fork (5 calls, before its samples): the fake kernel's record is its 50 us.
        JsonNode k = e.get("kernels");
        assertEquals(10, k.get("calls").asInt(), k.toString());
        assertEquals(1, k.get("rows").size(), k.toString());
        assertEquals("fake_kernel", k.get("rows").get(0).get("name").asText());
        assertEquals(1.0, k.get("rows").get(0).get("countPerCall").asDouble(), 0.0);
        assertEquals(0.05, k.get("rows").get(0).get("median").asDouble(), 1e-12);
        assertEquals(1.0, k.get("kernelShare").asDouble(), 1e-12);
        assertTrue(Files.readString(tmp.resolve("out/kernels.csv")).contains(A + "@avgt:n=1,fake_kernel,fake_kernel,1,1,1.0,0.05,"));
        // The fake device's peaks: 20 GB/s of its 4 TB/s.
        assertEquals(4000.0, e.get("peaks").get("gbPerSecond").asDouble(), 1e-9);
        assertEquals(0.005, e.get("summary").get("bandwidthShare").asDouble(), 1e-12);
    }

    @Test
    void reportIsRewrittenAfterEveryBenchmarkAndAFailureKeepsTheOthers() throws Exception {
        Path report = tmp.resolve("out/results.json");
        new Runner(base("").include("A_FakeGpuBench|C_ThrowingBench|D_ProbeBench")
                .jvmArgsAppend(FAKE_GPU, "-Dprobe.expect=" + A + "@avgt:n=1", "-Dprobe.report=" + report).build()).run();
        JsonNode r = report();
        assertEquals("ok", entry(r, A + "@avgt:n=1").get("status").asText());
        JsonNode failed = entry(r, "dev.sns.jmh.bench.C_ThrowingBench.fail@avgt");
        assertEquals("failed", failed.get("status").asText());
        // D's fork read results.json while the run was going and found A in it: otherwise it failed.
        assertEquals("ok", entry(r, "dev.sns.jmh.bench.D_ProbeBench.probe@avgt").get("status").asText());
        assertEquals("jmh-iterations", entry(r, "dev.sns.jmh.bench.D_ProbeBench.probe@avgt").get("source").asText());
    }

    @Test
    void aCpuBenchmarkWithEnergyAskedSaysWhyItHasNone() throws Exception {
        new Runner(base("energy=true").include("B_CpuBench").forks(1).build()).run();
        JsonNode e = entry(report(), "dev.sns.jmh.bench.B_CpuBench.burn@avgt");
        assertEquals("ok", e.get("status").asText(), e.toString());
        assertTrue(e.get("energy").get("unavailable").asText().startsWith("a CPU benchmark (JMH's own scores)"),
                e.toString());
        assertTrue(!e.get("energy").has("joulesPerCall"), "no numbers where there is no energy: " + e.get("energy"));
    }

    @Test
    void cpuBenchmarksGetSnsStatisticsFromJmhIterations() throws Exception {
        Collection<RunResult> results = new Runner(base("").include("B_CpuBench").forks(2).build()).run();
        Result sns = results.iterator().next().getSecondaryResults().get("sns");
        assertNotNull(sns);
        JsonNode e = entry(report(), "dev.sns.jmh.bench.B_CpuBench.burn@avgt");
        assertEquals(6, e.get("summary").get("n").asInt()); // one sample per iteration: 2 forks x 3
        assertTrue(e.get("tierReasons").toString().contains("no clock evidence (CPU benchmark)"), e.toString());
        double primary = results.iterator().next().getPrimaryResult().getScore();
        // Same work, same unit family: the sns median sits near JMH's own average.
        assertEquals(primary, e.get("summary").get("median").asDouble() * 1000, primary * 0.5);
    }

    @Test
    void clockPolicyIsAppliedAndRestoredAroundEachFork() throws Exception {
        FakeNvidiaSmi smi = FakeNvidiaSmi.create(tmp);
        new Runner(base("clocks=lock:1500;smi=" + smi.executable()).include(A).forks(2).build()).run();
        List<String> writes = smi.writes();
        assertEquals(List.of("-i 0 -lgc 1500,1500", "-i 0 -rgc", "-i 0 -lgc 1500,1500", "-i 0 -rgc"), writes);
        assertEquals("345", smi.read("sm"));
        JsonNode e = entry(report(), A + "@avgt:n=1");
        assertEquals("A", e.get("tier").asText(), e.get("tierReasons").toString()); // locked, steady fake clocks
        assertTrue(e.get("clocks").get("locked").asBoolean());
    }

    /**
     * A reset that takes half a second, started by the fork watch the moment the fork exits, races
     * the profiler's own restore and the next fork's lock: it must finish before the next lock is
     * written, and nothing may report a failed restore.
     */
    @Test
    void aSlowResetFinishesBeforeTheNextLock() throws Exception {
        FakeNvidiaSmi smi = FakeNvidiaSmi.create(tmp).slowResets();
        java.io.ByteArrayOutputStream err = new java.io.ByteArrayOutputStream();
        java.io.PrintStream saved = System.err;
        System.setErr(new java.io.PrintStream(err, true));
        try {
            new Runner(base("clocks=lock:1500;smi=" + smi.executable()).include(A).forks(2).build()).run();
        } finally {
            System.setErr(saved);
        }
        List<String> calls = smi.writes();
        assertEquals(List.of("-i 0 -lgc 1500,1500", "-i 0 -rgc", "end -i 0 -rgc", "-i 0 -lgc 1500,1500", "-i 0 -rgc",
                "end -i 0 -rgc"), calls);
        assertTrue(!err.toString().contains("RESTORING THE GPU'S CLOCKS FAILED"), err.toString());
    }

    /** A clock policy's nvidia-smi that is not there: refused before any fork (it failed every benchmark, one by one). */
    @Test
    void aMissingNvidiaSmiIsRefusedBeforeAnyFork() {
        ProfilersFailedException e = assertThrows(ProfilersFailedException.class, () -> new Runner(
                base("clocks=lock:1500;smi=" + tmp.resolve("no-such-nvidia-smi")).include("A_FakeGpuBench|B_CpuBench")
                        .build()).run());
        assertTrue(e.getCause().getMessage().startsWith("sns: clocks=lock:1500 runs smi=" + tmp.resolve("no-such-nvidia-smi")
                + ", which is not an executable file; fix smi=PATH"), e.getCause().getMessage());
        assertTrue(!Files.exists(tmp.resolve("out")), "no fork ran, no report directory");
    }

    @Test
    void throughputWithThreadsGivesOneThreadsTimePerOperation() throws Exception {
        Collection<RunResult> results = new Runner(base("").include("B_CpuBench")
                .mode(org.openjdk.jmh.annotations.Mode.Throughput).timeUnit(java.util.concurrent.TimeUnit.MICROSECONDS)
                .threads(2).build()).run();
        double opsPerMicro = results.iterator().next().getPrimaryResult().getScore(); // summed over 2 threads
        double micros = entry(report(), "dev.sns.jmh.bench.B_CpuBench.burn@thrpt").get("summary").get("median").asDouble() * 1000;
        assertEquals(2 / opsPerMicro, micros, 0.5 * micros, "one thread's time per operation is threads / throughput");
    }

    @Test
    void aKilledForkStillGetsItsClocksRestored() throws Exception {
        FakeNvidiaSmi smi = FakeNvidiaSmi.create(tmp);
        new Runner(base("clocks=lock:1500;smi=" + smi.executable()).include("E_DyingBench").build()).run();
        long deadline = System.currentTimeMillis() + 10_000;
        // The restore is asynchronous (it follows the dead fork's exit); the fake logs a call before it
        // rewrites its state, so wait for the state itself.
        while (!(smi.writes().contains("-i 0 -rgc") && smi.read("sm").equals("345"))
                && System.currentTimeMillis() < deadline) {
            Thread.sleep(50);
        }
        assertEquals(List.of("-i 0 -lgc 1500,1500", "-i 0 -rgc"), smi.writes());
        assertEquals("345", smi.read("sm"));
    }

    @Test
    void aRefusedLockFailsTheBenchmarkWithTheReasonAndRestores() throws Exception {
        FakeNvidiaSmi smi = FakeNvidiaSmi.create(tmp).mode("refuse");
        new Runner(base("clocks=lock:1500;smi=" + smi.executable()).include(A).build()).run();
        JsonNode e = entry(report(), A + "@avgt:n=1");
        assertEquals("failed", e.get("status").asText());
        assertTrue(e.get("message").asText().contains("device reports 345 MHz"), e.toString());
        assertEquals(List.of("-i 0 -lgc 1500,1500", "-i 0 -rgc"), smi.writes());
    }
}
