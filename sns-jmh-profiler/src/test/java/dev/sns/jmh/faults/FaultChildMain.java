package dev.sns.jmh.faults;

import dev.sns.SnsEngine;
import dev.sns.fakes.FakeBackend;
import dev.sns.fakes.FakeTelemetry;
import dev.sns.fakes.FakeTimer;
import dev.sns.jmh.host.RunReports;
import dev.sns.jmh.link.ProfilerOptions;
import dev.sns.model.TimingResult;
import dev.sns.options.SnsOptions;
import dev.sns.reports.ReportEntries;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Map;

/**
 * The other process of the fault tests (started through {@code dev.sns.fakes.ChildJvm}):
 * <ul>
 *   <li>{@code hold DIR}: takes DIR as its report directory (as a run of the sns Main does), prints
 *       {@code holding pid N}, and keeps it until its standard input closes;</li>
 *   <li>{@code journal-then-halt DIR}: takes DIR, reports two benchmarks (one measured on a scripted
 *       fake GPU, one failed) and a third (its line may still be in flight on the journal's thread, as
 *       the last finished benchmark's is while the next fork starts), prints {@code journaled}, and dies
 *       as kill -9 would (no hooks, no finally).</li>
 * </ul>
 */
public final class FaultChildMain {
    /** The two benchmarks {@code journal-then-halt} reports. */
    static final String MEASURED = "dev.sns.child.Journal.measured";
    static final String FAILED = "dev.sns.child.Journal.failed";
    /** The third, reported last: its journal line may be in flight when the process dies. */
    static final String IN_FLIGHT = "dev.sns.child.Journal.inFlight";

    private FaultChildMain() {}

    public static void main(String[] args) throws Exception {
        Path dir = Paths.get(args[1]);
        RunReports reports = RunReports.open(options(dir), Map.of(), System.out);
        switch (args[0]) {
            case "hold" -> {
                System.out.println("holding pid " + ProcessHandle.current().pid());
                System.out.flush();
                System.in.readAllBytes(); // until the test closes our input
                reports.finish();
            }
            case "journal-then-halt" -> {
                reports.benchmark(ReportEntries.ok(MEASURED, Map.of(), "gpu-events", measured(), null));
                reports.benchmark(ReportEntries.notMeasured(FAILED, Map.of(), "failed", "planned failure"));
                reports.benchmark(ReportEntries.notMeasured(IN_FLIGHT, Map.of(), "failed", "the last one"));
                System.out.println("journaled");
                System.out.flush();
                Runtime.getRuntime().halt(9);
            }
            default -> throw new IllegalArgumentException("unknown mode " + args[0]);
        }
    }

    /** The options of a run reporting into {@code dir} (a ';' in its path escaped). */
    static ProfilerOptions options(Path dir) {
        return ProfilerOptions.parse("out=" + dir.toString().replace("\\", "\\\\").replace(";", "\\;"));
    }

    /** A measurement of a 250 us kernel on a scripted fake GPU. */
    private static TimingResult measured() {
        FakeTimer t = new FakeTimer();
        SnsEngine e = new SnsEngine(new FakeBackend(t, new FakeTelemetry(t, FakeTelemetry.steady(1980, 4))), s -> { });
        return e.measure(t.work(250_000), SnsOptions.builder().name(MEASURED).warmup(5).iterations(20).windows(4)
                .innerReps(2).resamples(200).build());
    }
}
