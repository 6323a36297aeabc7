package dev.sns.reports.cli;

import dev.sns.reports.changes.ChangePoint;
import dev.sns.reports.changes.ChangeSettings;
import dev.sns.reports.changes.SeriesChanges;
import dev.sns.reports.history.BenchmarkSeries;
import dev.sns.reports.history.HistoryStore;
import dev.sns.reports.tables.Table;
import dev.sns.reports.tables.Table.Kind;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine.Command;

/** {@code history changes [BENCH...]}: the change points of every series (or the named benchmarks'). */
@Command(name = "changes", description = "Change points per benchmark and fingerprint: E-divisive means (Matteson and "
        + "James 2014) with a permutation test, each beyond the series' own noise (or the runs' intervals where wider).")
final class HistoryChangesCommand extends HistoryAnalysisCommand {
    HistoryChangesCommand(Io io) {
        super(io);
    }

    @Override
    Integer answer(HistoryStore h, ChangeSettings s) throws Exception {
        List<SeriesChanges> analyses = analyses(h, s);
        Table.Builder t = seriesTable("sns history changes").column("direction", Kind.TEXT)
                .column("change", Kind.FRACTION).column("run", Kind.INTEGER).column("started", Kind.TEXT)
                .column("commit", Kind.TEXT).column("before", Kind.NUMBER).column("after", Kind.NUMBER)
                .column("unit", Kind.TEXT).column("p_value", Kind.NUMBER).column("sigmas", Kind.NUMBER)
                .column("runs_read", Kind.INTEGER);
        int withChange = 0;
        int slower = 0;
        int total = 0;
        for (SeriesChanges c : analyses) {
            BenchmarkSeries series = c.reading().series();
            withChange += c.changes().isEmpty() ? 0 : 1;
            for (ChangePoint p : c.changes()) {
                total++;
                slower += p.slower() ? 1 : 0;
                t.row(series.benchmarkId(), gpu(series), series.fingerprint(), p.slower() ? "slower" : "faster",
                        p.change(), p.run().runId(), p.run().createdAt(), p.run().shortCommit(), p.before(), p.after(),
                        c.reading().unit(), p.pValue(), p.sigmas(), c.reading().points().size());
            }
        }
        t.summary(total + " change point" + (total == 1 ? "" : "s") + " (" + slower + " slower, " + (total - slower)
                + " faster) in " + withChange + " of " + analyses.size() + " series (benchmark x fingerprint) in "
                + h.location());
        t.summary(String.format(Locale.ROOT, "E-divisive means at the %s level, %d permutations, segments of %d runs "
                + "or more, the last %s runs of each series, space %s; a change is kept only beyond the noise",
                level(s.significance()), s.permutations(), s.minSize(),
                s.lastRuns() <= 0 ? "" + ChangeSettings.MAX_RUNS : "" + s.lastRuns(), s.space()));
        where.print(io, t.build());
        return ReportsCli.OK;
    }

    static String level(double significance) {
        return dev.sns.reports.Figures.compact(100 * (1 - significance), 4) + "%";
    }
}
