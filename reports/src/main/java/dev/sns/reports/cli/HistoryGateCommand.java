package dev.sns.reports.cli;

import dev.sns.reports.changes.ChangeSettings;
import dev.sns.reports.changes.GateResult;
import dev.sns.reports.changes.GateVerdict;
import dev.sns.reports.changes.HistoryGate;
import dev.sns.reports.history.HistoryStore;
import dev.sns.reports.history.RecordedRun;
import dev.sns.reports.tables.Table;
import dev.sns.reports.tables.Table.Kind;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code history gate}: exit 1 when the latest run (or --run) starts a significantly slower segment. */
@Command(name = "gate", description = "The CI gate: exit 1 when the latest run (or --run ID) is slower than its "
        + "baseline segment by more than the threshold and beyond the noise, for any benchmark.")
final class HistoryGateCommand extends HistorySettingsCommand {
    @Option(names = "--run", paramLabel = "<id>", description = "the run to judge (default: the latest)")
    Long run;

    @Option(names = "--threshold", paramLabel = "<fraction>", description = "the smallest slowdown that fails: 5%% "
            + "(default) or 0.05")
    String threshold;

    /** The threshold read from {@link #threshold}, before the history is opened. */
    private double limit;

    HistoryGateCommand(Io io) {
        super(io);
    }

    @Override
    void readOwnOptions() throws UsageException {
        limit = Options.fraction("--threshold", threshold, HistoryGate.DEFAULT_THRESHOLD);
    }

    @Override
    Integer answer(HistoryStore h, ChangeSettings s) throws Exception {
        RecordedRun r;
        if (run == null) {
            List<RecordedRun> latest = h.runs(1);
            if (latest.isEmpty()) {
                throw new InputException(h.location() + " has no runs yet: nothing to judge");
            }
            r = latest.get(0);
        } else {
            r = h.run(run).orElseThrow(() -> new InputException("no run " + run + " in " + h.location()
                    + " (history list shows the runs)"));
        }
        List<GateResult> results = new ArrayList<>(HistoryGate.judge(h, r, limit, s));
        results.sort(Comparator.comparing(GateResult::verdict));
        Map<GateVerdict, Integer> counts = new EnumMap<>(GateVerdict.class);
        for (GateVerdict v : GateVerdict.values()) {
            counts.put(v, 0);
        }
        results.forEach(g -> counts.merge(g.verdict(), 1, Integer::sum));
        StringJoiner j = new StringJoiner(", ");
        counts.forEach((v, n) -> j.add(n + " " + v.name().toLowerCase(java.util.Locale.ROOT).replace('_', ' ')));
        boolean fails = counts.get(GateVerdict.SLOWER) > 0;
        Table.Builder t = Table.builder("sns history gate")
                .summary((fails ? "FAIL: " : "pass: ") + j)
                .summary("run " + r.id() + " (commit " + (r.context().gitCommit().isEmpty() ? "unknown"
                        : r.context().gitCommit()) + ", started " + r.createdAt() + ") in " + h.location()
                        + "; threshold " + dev.sns.reports.Figures.percent(limit) + ", the "
                        + HistoryChangesCommand.level(s.significance()) + " level")
                .column("verdict", Kind.TEXT).column("benchmark", Kind.TEXT).column("change", Kind.FRACTION)
                .column("value", Kind.NUMBER).column("baseline", Kind.NUMBER).column("unit", Kind.TEXT)
                .column("sigmas", Kind.NUMBER).column("baseline_runs", Kind.INTEGER).column("reason", Kind.TEXT);
        for (GateResult g : results) {
            t.row(g.verdict().name(), g.benchmarkId(), g.change(), g.value(), g.baseline(), g.unit(), g.sigmas(),
                    g.baselineRuns(), g.reason());
        }
        where.print(io, t.build());
        if (fails) {
            io.say("a benchmark starts a slower segment (exit " + ReportsCli.REGRESSION + ")");
            return ReportsCli.REGRESSION;
        }
        return ReportsCli.OK;
    }
}
