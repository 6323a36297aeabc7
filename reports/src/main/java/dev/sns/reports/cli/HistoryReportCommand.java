package dev.sns.reports.cli;

import dev.sns.reports.changes.ChangeSettings;
import dev.sns.reports.changes.SeriesChanges;
import dev.sns.reports.history.HistoryStore;
import dev.sns.reports.html.HistoryPage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code history report [BENCH...] [-o history.html]}: the HTML history report. */
@Command(name = "report", description = "Writes history.html: per benchmark and environment a trend of medians with "
        + "the runs' intervals, segment medians and change points, tiers shown; self-contained, no script.")
final class HistoryReportCommand extends HistoryAnalysisCommand {
    @Option(names = {"-o", "--output"}, paramLabel = "<history.html>", description = "where the page goes (default "
            + HistoryPage.FILE + ")")
    String output = HistoryPage.FILE;

    HistoryReportCommand(Io io) {
        super(io);
    }

    @Override
    public Integer call() throws Exception {
        return withHistory(false); // a page, not a table: --format does not apply
    }

    @Override
    Integer answer(HistoryStore h, ChangeSettings s) throws Exception {
        List<dev.sns.reports.changes.BoardChanges> boards = boardAnalyses(h, s);
        List<SeriesChanges> analyses = boards.stream().map(dev.sns.reports.changes.BoardChanges::changes).toList();
        Path target = Paths.get(output);
        try {
            HistoryPage.write(h.location(), analyses, boards, target);
        } catch (IOException e) {
            throw new InputException("cannot write " + target + ": " + e);
        }
        io.say("wrote " + target + " (" + analyses.size() + " series, "
                + String.format(Locale.ROOT, "%.0f KiB", Files.size(target) / 1024.0) + ")");
        return ReportsCli.OK;
    }
}
