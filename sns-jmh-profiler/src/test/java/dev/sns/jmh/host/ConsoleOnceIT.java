package dev.sns.jmh.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.sns.model.DisplayUnit;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The sns Main states each result once, at the end of the run: over real JMH forks on the fake GPU, each
 * result's median and each comparison's speedup are on exactly one of sns's own lines (lines that start
 * with "sns" and the rows of sns's tables, which start with the benchmark's full id; JMH's table rows
 * start with the short name and are JMH's).
 */
@ExtendWith(FakeGpu.class)
class ConsoleOnceIT {
    @TempDir
    Path tmp;

    private record Run(String out, JsonNode report) {}

    private Run run(String include, String sns, String... jmh) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        List<String> args = new ArrayList<>(List.of(include));
        args.addAll(List.of(jmh));
        args.addAll(List.of("-wi", "0", "-jvmArgsAppend", "-Xmx256m -XX:TieredStopAtLevel=1", "-v", "NORMAL",
                "-prof", "sns:out=" + tmp.resolve("out") + ";" + sns));
        int rc = SnsMain.run(args.toArray(new String[0]), new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        String o = out.toString(StandardCharsets.UTF_8);
        assertEquals(0, rc, o + err.toString(StandardCharsets.UTF_8));
        return new Run(o, new ObjectMapper().readTree(tmp.resolve("out/results.json").toFile()));
    }

    /** sns's own lines: its "sns..." lines and its tables' rows (a benchmark's full id first). */
    private static List<String> snsLines(String out) {
        return out.lines().filter(l -> l.startsWith("sns") || l.startsWith("dev.sns.jmh.bench.")).toList();
    }

    /** How many of sns's own lines carry each result's median as the summary prints it ("50.00 us"). */
    private static void eachMedianOnce(Run r) {
        List<String> sns = snsLines(r.out());
        assertTrue(r.report().get("benchmarks").size() > 0, r.report().toString());
        for (JsonNode b : r.report().get("benchmarks")) {
            double ms = b.get("summary").get("median").asDouble();
            DisplayUnit u = DisplayUnit.forMillis(ms);
            String median = String.format(Locale.ROOT, "%.4g %s", ms * u.perMilli(), u.label());
            assertEquals(1, sns.stream().filter(l -> l.contains(median)).count(),
                    b.get("id").asText() + "'s median " + median + " on one of sns's lines:\n" + r.out());
        }
    }

    @Test
    void aPairsResultsAndItsSpeedupAreEachSaidOnce() throws Exception {
        Run r = run("G_PairBench.fast", "rounds=2", "-i", "3", "-w", "100ms", "-r", "100ms");
        eachMedianOnce(r);
        JsonNode c = r.report().get("comparisons").get(0);
        String speedup = String.format(Locale.ROOT, "%.4f", c.get("speedup").asDouble());
        assertEquals(1, snsLines(r.out()).stream().filter(l -> l.contains(speedup)).count(),
                "the speedup " + speedup + " on one of sns's lines:\n" + r.out());
        // said at the end: JMH's table, the sns summary, then the comparisons
        assertTrue(r.out().indexOf("sns summary") < r.out().indexOf("sns comparisons"), r.out());
        int jmhTable = r.out().indexOf("\nBenchmark ");
        assertTrue(jmhTable >= 0 && jmhTable < r.out().indexOf("sns summary"), r.out());
        assertEquals(1, r.out().lines().filter(l -> l.startsWith("sns: reports in ")).count(), r.out());
    }

    /** Precision rounds finalize a benchmark again after each round: its result is still said once. */
    @Test
    void aBenchmarkOfSeveralPrecisionRoundsIsSaidOnceWithWhereItStopped() throws Exception {
        Run r = run("S_NoisyBench", "halfWidth=1%;maxSamplingMs=3600000", "-f", "1", "-i", "6", "-r", "20ms");
        JsonNode s = r.report().get("benchmarks").get(0).get("summary");
        assertTrue(s.get("forks").asInt() > 1, "more than one round: " + s);
        eachMedianOnce(r);
        List<String> stops = r.out().lines().filter(l -> l.startsWith("sns: precision, ")).toList();
        assertEquals(1, stops.size(), r.out());
        assertTrue(stops.get(0).startsWith("sns: precision, S_NoisyBench.spin@avgt: +-")
                && stops.get(0).contains(" for a target of 1%: target reached after " + s.get("forks").asInt() + " forks"),
                stops.get(0));
    }
}
