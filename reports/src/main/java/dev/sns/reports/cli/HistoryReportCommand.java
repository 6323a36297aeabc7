package dev.sns.reports.cli;

import dev.sns.reports.changes.ChangeDetector;
import dev.sns.reports.changes.ChangeSettings;
import dev.sns.reports.changes.SeriesChanges;
import dev.sns.reports.history.BenchmarkCount;
import dev.sns.reports.history.BenchmarkSeries;
import dev.sns.reports.history.HistoryStore;
import dev.sns.reports.html.HistoryPage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code history report [BENCH...] [-o history.html]}: the HTML history report. */
@Command(name = "report", description = "Writes history.html: per benchmark and environment a trend of medians with "
        + "the runs' intervals, segment medians and change points, tiers shown; self-contained, no script.",
        footer = ReportsCli.EXIT_CODES_LINE)
final class HistoryReportCommand implements Callable<Integer> {
    private final Io io;

    @Mixin
    HistoryCommand.Where where = new HistoryCommand.Where();

    @Mixin
    SettingsOptions settings = new SettingsOptions();

    @Parameters(arity = "0..*", paramLabel = "<benchmark>", description = "benchmark ids (or parts); default: every one")
    List<String> benchmarks = List.of();

    @Option(names = {"-o", "--output"}, paramLabel = "<history.html>", description = "where the page goes (default "
            + HistoryPage.FILE + ")")
    String output = HistoryPage.FILE;

    @Option(names = "--device", paramLabel = "<device>", description = "the device index (default 0)")
    String device = HistoryStore.DEFAULT_DEVICE;

    HistoryReportCommand(Io io) {
        this.io = io;
    }

    @Override
    public Integer call() throws Exception {
        ChangeSettings s = settings.settings();
        try (HistoryStore h = where.openExisting()) {
            List<String> ids = new ArrayList<>();
            if (benchmarks.isEmpty()) {
                h.benchmarks().stream().filter(b -> b.device().equals(device)).map(BenchmarkCount::benchmarkId)
                        .forEach(ids::add);
            } else {
                for (String b : benchmarks) {
                    ids.add(HistoryCommand.resolve(h, b));
                }
            }
            List<SeriesChanges> analyses = new ArrayList<>();
            for (String id : ids) {
                for (BenchmarkSeries series : h.series(id, device)) {
                    analyses.add(ChangeDetector.analyze(series.last(s.lastRuns()), s));
                }
            }
            Path target = Paths.get(output);
            try {
                HistoryPage.write(h.location(), analyses, target);
            } catch (IOException e) {
                throw new InputException("cannot write " + target + ": " + e);
            }
            io.say("wrote " + target + " (" + analyses.size() + " series, "
                    + String.format(Locale.ROOT, "%.0f KiB", Files.size(target) / 1024.0) + ")");
            return ReportsCli.OK;
        }
    }
}
