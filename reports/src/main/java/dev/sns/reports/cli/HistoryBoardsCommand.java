package dev.sns.reports.cli;

import dev.sns.reports.BoardEntry;
import dev.sns.reports.changes.BoardChanges;
import dev.sns.reports.changes.BoardOffsets;
import dev.sns.reports.changes.ChangeSettings;
import dev.sns.reports.history.BenchmarkSeries;
import dev.sns.reports.history.HistoryStore;
import dev.sns.reports.tables.Table;
import dev.sns.reports.tables.Table.Kind;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;
import picocli.CommandLine.Command;

/**
 * {@code history boards [BENCH...]}: each board's offset from the fleet per benchmark and fingerprint,
 * in time and in energy, with 95% intervals; the fleet's spread (the between-board standard deviation)
 * and the boards outside it named.
 */
@Command(name = "boards", description = "Each board's offset from the fleet per benchmark and fingerprint, in time and "
        + "energy per call, with 95%% intervals (an additive model in logs: the detector's segments plus one offset per "
        + "board); the fleet's spread, and the boards outside it named.")
final class HistoryBoardsCommand extends HistoryAnalysisCommand {
    HistoryBoardsCommand(Io io) {
        super(io);
    }

    @Override
    Integer answer(HistoryStore h, ChangeSettings s) throws Exception {
        Map<String, BoardEntry> known = h.boards();
        List<BoardChanges> analyses = boardAnalyses(h, s);
        Table.Builder t = seriesTable("sns history boards").column("board", Kind.TEXT)
                .column("runs", Kind.INTEGER).column("time_offset", Kind.FRACTION).column("time_lower", Kind.FRACTION)
                .column("time_upper", Kind.FRACTION).column("time_spread", Kind.FRACTION)
                .column("energy_runs", Kind.INTEGER).column("energy_offset", Kind.FRACTION)
                .column("energy_lower", Kind.FRACTION).column("energy_upper", Kind.FRACTION)
                .column("energy_spread", Kind.FRACTION).column("outside", Kind.TEXT).column("vbios", Kind.TEXT)
                .column("power_limit_w", Kind.NUMBER);
        TreeSet<String> boards = new TreeSet<>();
        List<String> outside = new ArrayList<>();
        int several = 0;
        for (BoardChanges c : analyses) {
            BenchmarkSeries series = c.series();
            several += c.time().severalBoards() ? 1 : 0;
            for (BoardOffsets.Offset o : c.time().boards()) {
                boards.add(o.board());
                BoardOffsets.Offset e = c.energy().of(o.board());
                BoardEntry b = known.get(o.board());
                String out = o.outside() ? "time" : "";
                if (e != null && e.outside()) {
                    out = out.isEmpty() ? "energy" : out + ", energy";
                }
                if (!out.isEmpty()) {
                    outside.add(name(o.board()) + " in " + series.benchmarkId() + " (" + out + ")");
                }
                t.row(series.benchmarkId(), gpu(series), series.fingerprint(), o.board().isEmpty() ? "(not recorded)" : o.board(), o.runs(),
                        frac(o.offset()), frac(o.lower()), frac(o.upper()), frac(c.time().spread()),
                        e == null ? null : e.runs(), e == null ? null : frac(e.offset()),
                        e == null ? null : frac(e.lower()), e == null ? null : frac(e.upper()),
                        e == null ? null : frac(c.energy().spread()), out, b == null ? null : b.vbiosVersion(),
                        b == null ? null : b.powerLimitWatts());
            }
        }
        boards.remove("");
        t.summary(boards.size() + " board" + (boards.size() == 1 ? "" : "s") + " in " + analyses.size()
                + " series (benchmark x fingerprint), " + several + " of them on more than one board, in "
                + h.location());
        t.summary(String.format(Locale.ROOT, "offsets are factors - 1 against the fleet (the mean board, in logs), "
                + "fitted within the change detector's segments, 95%% intervals; spread: the between-board standard "
                + "deviation; outside: the offset's interval beyond twice the other boards' spread (%d other boards "
                + "needed)", BoardOffsets.MIN_OTHERS));
        t.summary(outside.isEmpty() ? "no board outside the fleet's spread" : "outside the fleet's spread: "
                + String.join("; ", outside));
        where.print(io, t.build());
        return ReportsCli.OK;
    }

    private static Double frac(double log) {
        return Double.isFinite(log) ? Math.exp(log) - 1 : null;
    }

    private static String name(String key) {
        return key.isEmpty() ? "runs without a board" : key.length() > 12 ? key.substring(0, 12) : key;
    }
}
