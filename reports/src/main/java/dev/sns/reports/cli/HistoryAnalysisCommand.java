package dev.sns.reports.cli;

import dev.sns.reports.changes.ChangeDetector;
import dev.sns.reports.changes.ChangeSettings;
import dev.sns.reports.changes.SeriesChanges;
import dev.sns.reports.history.BenchmarkSeries;
import dev.sns.reports.history.HistoryException;
import dev.sns.reports.history.HistoryStore;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Mixin;

/** A history command that analyses series: the change-point options and the benchmarks it reads. */
abstract class HistoryAnalysisCommand extends HistorySubcommand {
    @Mixin
    SettingsOptions settings = new SettingsOptions();

    @Mixin
    Selection selection = new Selection();

    HistoryAnalysisCommand(Io io) {
        super(io);
    }

    /** The analysis of every selected series (benchmark x fingerprint), each on its last {@code s.lastRuns()} runs. */
    List<SeriesChanges> analyses(HistoryStore h, ChangeSettings s) throws HistoryException, InputException {
        List<SeriesChanges> analyses = new ArrayList<>();
        for (String id : selection.ids(h)) {
            for (BenchmarkSeries series : h.series(id, selection.device)) {
                analyses.add(ChangeDetector.analyze(series.last(s.lastRuns()), s));
            }
        }
        return analyses;
    }
}
