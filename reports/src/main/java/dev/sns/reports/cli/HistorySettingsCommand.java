package dev.sns.reports.cli;

import dev.sns.reports.changes.ChangeSettings;
import dev.sns.reports.history.BenchmarkSeries;
import dev.sns.reports.history.HistoryStore;
import picocli.CommandLine.Mixin;

/**
 * A history command that reads series with the change-point options ({@link SettingsOptions}), and
 * mostly answers with a table: the settings read, the table's format checked, the history opened,
 * in that order, before the command's own work ({@link #withHistory}).
 */
abstract class HistorySettingsCommand extends HistorySubcommand {
    @Mixin
    SettingsOptions settings = new SettingsOptions();

    HistorySettingsCommand(Io io) {
        super(io);
    }

    /** What a table command does with the open history and its settings; returns the exit code. */
    interface TableAnswer {
        Integer answer(HistoryStore h, ChangeSettings s) throws Exception;
    }

    /** Reads the settings, checks the table's format, opens the history and gives both to {@code answer}; its exit code. */
    final Integer withHistory(TableAnswer answer) throws Exception {
        ChangeSettings s = settings.settings();
        where.tableFormat();
        try (HistoryStore h = where.openExisting()) {
            return answer.answer(h, s);
        }
    }

    /** The series' GPU as the tables name it: "no GPU" for a CPU benchmark's. */
    static String gpu(BenchmarkSeries series) {
        return series.gpuName().isEmpty() ? "no GPU" : series.gpuName();
    }
}
