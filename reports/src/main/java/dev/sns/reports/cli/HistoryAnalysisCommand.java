package dev.sns.reports.cli;

import dev.sns.reports.changes.BoardChanges;
import dev.sns.reports.changes.ChangeSettings;
import dev.sns.reports.changes.SeriesChanges;
import dev.sns.reports.history.BenchmarkSeries;
import dev.sns.reports.history.HistoryException;
import dev.sns.reports.history.HistoryStore;
import dev.sns.reports.tables.Table;
import dev.sns.reports.tables.Table.Kind;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Mixin;

/**
 * A history command that analyses series: the change-point options and the benchmarks it reads. A
 * series of runs on several boards is read with each board's offset taken out ({@link BoardChanges}),
 * so a lease on another board is no change point.
 */
abstract class HistoryAnalysisCommand extends HistorySettingsCommand {
    @Mixin
    Selection selection = new Selection();

    HistoryAnalysisCommand(Io io) {
        super(io);
    }

    /** A table whose rows start with their series: benchmark, gpu and fingerprint. */
    static Table.Builder seriesTable(String title) {
        return Table.builder(title).column("benchmark", Kind.TEXT).column("gpu", Kind.TEXT)
                .column("fingerprint", Kind.TEXT);
    }

    /** The analysis of every selected series (benchmark x fingerprint), each on its last {@code s.lastRuns()} runs. */
    List<SeriesChanges> analyses(HistoryStore h, ChangeSettings s) throws HistoryException, InputException {
        List<SeriesChanges> analyses = new ArrayList<>();
        for (String id : selection.ids(h)) {
            for (BenchmarkSeries series : h.series(id, selection.device)) {
                analyses.add(BoardChanges.analyze(series, s).changes());
            }
        }
        return analyses;
    }

    /**
     * Every selected series read with its boards apart (benchmark x fingerprint), each on its last
     * {@code s.lastRuns()} measured runs.
     */
    List<BoardChanges> boardAnalyses(HistoryStore h, ChangeSettings s) throws HistoryException, InputException {
        List<BoardChanges> analyses = new ArrayList<>();
        for (String id : selection.ids(h)) {
            for (BenchmarkSeries series : h.series(id, selection.device)) {
                analyses.add(BoardChanges.analyze(series, s));
            }
        }
        return analyses;
    }
}
