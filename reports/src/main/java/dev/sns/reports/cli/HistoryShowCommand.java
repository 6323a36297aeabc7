package dev.sns.reports.cli;

import dev.sns.reports.changes.ChangeDetector;
import dev.sns.reports.changes.ChangePoint;
import dev.sns.reports.changes.ChangeSettings;
import dev.sns.reports.changes.Segment;
import dev.sns.reports.changes.SeriesChanges;
import dev.sns.reports.history.BenchmarkSeries;
import dev.sns.reports.history.HistoryPoint;
import dev.sns.reports.history.HistoryStore;
import dev.sns.reports.tables.Table;
import dev.sns.reports.tables.Table.Kind;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code history show BENCH}: one benchmark's series, per fingerprint, with its segments and change points. */
@Command(name = "show", description = "One benchmark's runs, per fingerprint (environment), oldest first, with the "
        + "segment each run falls in and where a change point starts.")
final class HistoryShowCommand extends HistorySettingsCommand {
    @Parameters(arity = "0..*", paramLabel = "<benchmark>", description = "the benchmark id, or a part of it naming one")
    List<String> benchmark = List.of();

    @Option(names = "--device", paramLabel = "<device>", description = "the device index (default 0)")
    String device = HistoryStore.DEFAULT_DEVICE;

    HistoryShowCommand(Io io) {
        super(io);
    }

    @Override
    public Integer call() throws Exception {
        if (benchmark.size() != 1) {
            throw new UsageException("show takes one benchmark id (or a part of one), got " + benchmark.size());
        }
        return super.call();
    }

    @Override
    Integer answer(HistoryStore h, ChangeSettings s) throws Exception {
        String id = HistoryCommand.resolve(h, benchmark.get(0));
        List<BenchmarkSeries> series = h.series(id, device);
        Table.Builder t = Table.builder("sns history show " + id);
        t.column("fingerprint", Kind.TEXT).column("gpu", Kind.TEXT).column("run", Kind.INTEGER)
                .column("started", Kind.TEXT).column("commit", Kind.TEXT).column("status", Kind.TEXT)
                .column("tier", Kind.TEXT).column("median_ms", Kind.NUMBER).column("lower_ms", Kind.NUMBER)
                .column("upper_ms", Kind.NUMBER).column("n", Kind.INTEGER).column("sm_clock_mhz", Kind.NUMBER)
                .column("segment", Kind.INTEGER).column("change", Kind.FRACTION);
        for (BenchmarkSeries full : series) {
            BenchmarkSeries one = full.last(s.lastRuns());
            SeriesChanges c = ChangeDetector.analyze(one, s);
            t.summary(summary(full, one, c));
            Map<Long, Integer> segmentOf = new HashMap<>();
            List<Segment> segments = c.segments();
            for (int k = 0; k < segments.size(); k++) {
                for (int i = segments.get(k).from(); i < segments.get(k).to(); i++) {
                    segmentOf.put(c.reading().points().get(i).runId(), k + 1);
                }
            }
            Map<Long, Double> changeAt = new HashMap<>();
            for (ChangePoint p : c.changes()) {
                changeAt.put(p.run().runId(), p.change());
            }
            for (HistoryPoint p : one.points()) {
                t.row(full.fingerprint(), gpu(full), p.runId(),
                        p.createdAt(), p.shortCommit(), p.status(), p.tier(), p.medianMillis(), p.lowerMillis(),
                        p.upperMillis(), p.n(), p.smMeanMhz(), segmentOf.get(p.runId()), changeAt.get(p.runId()));
            }
        }
        if (series.isEmpty()) {
            t.summary(id + " has no runs on device " + device);
        }
        where.print(io, t.build());
        return ReportsCli.OK;
    }

    static String summary(BenchmarkSeries full, BenchmarkSeries shown, SeriesChanges c) {
        double level = c.segments().isEmpty() ? Double.NaN : c.segments().get(c.segments().size() - 1).median();
        return gpu(full) + " (fingerprint " + full.fingerprint() + "): "
                + full.points().size() + " runs" + (shown.points().size() < full.points().size() ? ", the last "
                + shown.points().size() + " shown" : "") + "; read in " + c.reading().why() + "; noise between runs "
                + (c.reading().values().length < 3 ? "not known yet (fewer than 3 measured runs)"
                : dev.sns.reports.Figures.sig(100 * c.noise() / level, 2) + "% (robust sd)") + "; "
                + c.changes().size() + " change point" + (c.changes().size() == 1 ? "" : "s")
                + (c.reading().leftOut() > 0 ? "; " + c.reading().leftOut() + " runs not read (tier C, failed or skipped)"
                : "");
    }
}
