package dev.sns.reports.cli;

import dev.sns.reports.changes.ChangeSettings;
import dev.sns.reports.history.BenchmarkSeries;
import dev.sns.reports.history.HistoryStore;
import picocli.CommandLine.Mixin;

/**
 * A history command that reads series with the change-point options ({@link SettingsOptions}), and
 * mostly answers with a table: the settings read, the table's format checked, the history opened,
 * in that order, then the command's own work ({@link #answer}).
 */
abstract class HistorySettingsCommand extends HistorySubcommand {
    @Mixin
    SettingsOptions settings = new SettingsOptions();

    HistorySettingsCommand(Io io) {
        super(io);
    }

    /** A table command: {@link #withHistory} with the table's format checked. */
    @Override
    public Integer call() throws Exception {
        return withHistory(true);
    }

    /** Reads the command's own options, after the settings and before the table format (none by default). */
    void readOwnOptions() throws UsageException {
    }

    /** What the command does with the open history and its settings (printing its table, say); its exit code. */
    abstract Integer answer(HistoryStore h, ChangeSettings s) throws Exception;

    /**
     * Reads the settings and the command's own options, checks the table's format ({@code table}), opens
     * the history and {@link #answer}s; its exit code.
     */
    final Integer withHistory(boolean table) throws Exception {
        ChangeSettings s = settings.settings();
        readOwnOptions();
        if (table) {
            where.tableFormat();
        }
        try (HistoryStore h = where.openExisting()) {
            return answer(h, s);
        }
    }

    /** The series' GPU as the tables name it: "no GPU" for a CPU benchmark's. */
    static String gpu(BenchmarkSeries series) {
        return series.gpuName().isEmpty() ? "no GPU" : series.gpuName();
    }
}
