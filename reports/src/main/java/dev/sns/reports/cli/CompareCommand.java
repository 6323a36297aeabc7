package dev.sns.reports.cli;

import dev.sns.reports.JsonReports;
import dev.sns.reports.ReportFormatException;
import dev.sns.reports.RunReport;
import dev.sns.reports.compare.RunComparator;
import dev.sns.reports.compare.RunComparison;
import dev.sns.reports.compare.RunComparisonFormat;
import dev.sns.reports.changes.ChangeSettings;
import dev.sns.reports.changes.HistoryGate;
import dev.sns.reports.changes.RobustNoise;
import dev.sns.reports.changes.SeriesReading;
import dev.sns.reports.changes.Space;
import dev.sns.reports.history.BenchmarkSeries;
import dev.sns.reports.history.HistoryException;
import dev.sns.reports.history.HistoryStore;
import dev.sns.reports.history.HistoryStores;
import dev.sns.stats.Percentiles;
import java.nio.file.Paths;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code compare <old.json> <new.json>}: an old run against a new one, exit 1 on a regression. */
@Command(name = "compare", customSynopsis = "java -jar sns-reports.jar compare <old.json> <new.json> "
        + "[--format text|markdown|csv|json] [--threshold 5%%]",
        description = {
            "Pairs the two runs' benchmarks by id and their comparisons by candidate and baseline, and judges each by "
                    + "its intervals, never by point estimates:",
            "- speedups (dimensionless) always: a regression when the new speedup interval lies entirely below the old "
                    + "one; refused when either run is tier C;",
            "- absolute times, the gate, when the fingerprints match exactly and both runs are tier A: a regression when "
                    + "the new interval's lower bound is above the old upper bound by more than the threshold;",
            "- CPU suites (same fingerprint, tier B, no clock evidence) by the same rule, a gate of their own;",
            "- other tier B times (GPU clocks floating) indicatively: SLOWER_INDICATIVE and the like, with the reason, "
                    + "never failing the gate.",
            "The summary comes first. Benchmarks in one run only are listed as added or removed; failed or skipped ones "
                    + "as not measured."})
final class CompareCommand extends SnsCommand {
    @Parameters(arity = "0..*", paramLabel = "<old.json> <new.json>", description = "the two runs, old then new")
    List<String> files = List.of();

    @Option(names = "--format", paramLabel = "<format>", description = "text (default), markdown, csv or json")
    String format = "text";

    @Option(names = "--threshold", paramLabel = "<fraction>", description = "relative gap for absolute times: 5%% or 0.05 "
            + "(default 5%%)")
    String threshold;

    @Option(names = {"-H", "--history"}, paramLabel = "<file|url>", description = "a history (file or "
            + "jdbc:postgresql://...) whose series give the CPU gate the noise between runs")
    String history;

    CompareCommand(Io io) {
        super(io);
    }

    @Override
    public Integer call() throws Exception {
        if (files.size() != 2) {
            throw new UsageException("compare takes two results.json files (old, then new), got " + files.size());
        }
        RunComparisonFormat f;
        try {
            f = RunComparisonFormat.parse(format);
        } catch (IllegalArgumentException e) {
            throw new UsageException("--format: " + e.getMessage());
        }
        double t = Options.fraction("--threshold", threshold, RunComparator.DEFAULT_THRESHOLD);
        RunReport[] runs = readBoth(files.get(0), files.get(1));
        if (runs == null) {
            return ReportsCli.ERROR;
        }
        RunComparison c;
        if (history == null) {
            c = RunComparator.compare(runs[0], files.get(0), runs[1], files.get(1), t);
        } else {
            if (!HistoryStores.exists(history)) {
                throw new InputException("no history at " + history + " (--history names an existing history file or a "
                        + "jdbc:postgresql:// URL)");
            }
            try (HistoryStore h = HistoryStores.open(history)) {
                Map<String, String> fingerprint = runs[1].fingerprint();
                c = RunComparator.compare(runs[0], files.get(0), runs[1], files.get(1), t, id -> noise(h, id, fingerprint),
                        id -> boardSpread(h, id, fingerprint));
            } catch (HistoryFailure e) {
                throw e.cause;
            }
        }
        io.out().print(f.format(c));
        io.out().flush();
        if (c.hasRegression()) {
            io.say("regression found (exit " + ReportsCli.REGRESSION + ")");
            return ReportsCli.REGRESSION;
        }
        return ReportsCli.OK;
    }

    /**
     * The relative noise between runs of benchmark {@code id} on {@code fingerprint}, from the
     * history's series (time space, the last 200 runs, at least 5 of them); empty otherwise.
     */
    static OptionalDouble noise(HistoryStore h, String id, Map<String, String> fingerprint) {
        try {
            for (BenchmarkSeries s : h.series(id, HistoryStore.DEFAULT_DEVICE)) {
                if (s.fingerprintFields().equals(fingerprint)) {
                    SeriesReading r = SeriesReading.of(s, Space.TIME, ChangeSettings.DEFAULTS.lastRuns());
                    if (r.values().length < HistoryGate.MIN_HISTORY) {
                        return OptionalDouble.empty();
                    }
                    double median = Percentiles.median(r.values());
                    return median > 0 ? OptionalDouble.of(RobustNoise.sd(r.values()) / median) : OptionalDouble.empty();
                }
            }
            return OptionalDouble.empty();
        } catch (HistoryException e) {
            throw new HistoryFailure(e);
        }
    }

    /**
     * The board-to-board spread of benchmark {@code id} on {@code fingerprint} (the between-board standard
     * deviation in logs), from the history's series when it ran on several boards; empty otherwise.
     */
    static OptionalDouble boardSpread(HistoryStore h, String id, Map<String, String> fingerprint) {
        try {
            for (BenchmarkSeries s : h.series(id, HistoryStore.DEFAULT_DEVICE)) {
                if (s.fingerprintFields().equals(fingerprint)) {
                    dev.sns.reports.changes.BoardOffsets o = dev.sns.reports.changes.BoardChanges.analyze(s,
                            ChangeSettings.DEFAULTS).time();
                    return o.severalBoards() && Double.isFinite(o.spread()) ? OptionalDouble.of(o.spread())
                            : OptionalDouble.empty();
                }
            }
            return OptionalDouble.empty();
        } catch (HistoryException e) {
            throw new HistoryFailure(e);
        }
    }

    /** A history error out of the comparator's callback, rethrown as itself by {@link #call}. */
    static final class HistoryFailure extends RuntimeException {
        private static final long serialVersionUID = 1L;
        final transient HistoryException cause;

        HistoryFailure(HistoryException cause) {
            super(cause.getMessage(), cause);
            this.cause = cause;
        }
    }

    /** Both runs, or null after saying what is wrong with each file that cannot be read. */
    private RunReport[] readBoth(String oldFile, String newFile) {
        RunReport[] runs = new RunReport[2];
        boolean ok = true;
        String[] names = {oldFile, newFile};
        for (int i = 0; i < 2; i++) {
            try {
                runs[i] = JsonReports.read(Paths.get(names[i]));
            } catch (ReportFormatException e) {
                io.say(e.getMessage());
                ok = false;
            }
        }
        return ok ? runs : null;
    }
}
