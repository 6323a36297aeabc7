package dev.sns.reports.cli;

import dev.sns.reports.history.BenchmarkCount;
import dev.sns.reports.history.HistoryException;
import dev.sns.reports.history.HistoryStore;
import dev.sns.reports.history.RecordedRun;
import dev.sns.reports.tables.Table;
import dev.sns.reports.tables.Table.Kind;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code history list}: the runs, newest first (or, with --benchmarks, the benchmarks). */
@Command(name = "list", description = "The recorded runs, newest first; with --benchmarks, every benchmark and how "
        + "often it was recorded.")
final class HistoryListCommand extends HistorySubcommand {
    @Option(names = "--last", paramLabel = "<n>", description = "at most this many runs (default 20; 0: all)")
    int last = 20;

    @Option(names = "--benchmarks", description = "list the benchmarks instead of the runs")
    boolean benchmarks;

    HistoryListCommand(Io io) {
        super(io);
    }

    @Override
    public Integer call() throws Exception {
        Options.count("--last", last, 0);
        where.tableFormat();
        try (HistoryStore h = where.openExisting()) {
            where.print(io, benchmarks ? benchmarks(h) : runs(h));
            return ReportsCli.OK;
        }
    }

    private Table runs(HistoryStore h) throws HistoryException {
        List<RecordedRun> runs = h.runs(last);
        Table.Builder t = Table.builder("sns history list").summary(h.location() + ": showing " + runs.size()
                + " run" + (runs.size() == 1 ? "" : "s") + ", newest first")
                .column("run", Kind.INTEGER).column("started", Kind.TEXT).column("commit", Kind.TEXT)
                .column("branch", Kind.TEXT).column("dirty", Kind.TEXT).column("gpu", Kind.TEXT)
                .column("benchmarks", Kind.INTEGER).column("measured", Kind.INTEGER).column("run_group", Kind.TEXT)
                .column("host", Kind.TEXT).column("source", Kind.TEXT).column("shard", Kind.TEXT);
        for (RecordedRun r : runs) {
            t.row(r.id(), r.createdAt(), r.context().gitCommit(), r.context().gitBranch(),
                    r.context().gitDirty() ? "yes" : "no", r.gpuName().isEmpty() ? "no GPU" : r.gpuName(), r.benchmarks(),
                    r.measured(), r.context().runGroup(), r.context().host(), r.context().source(),
                    r.context().sharded() ? r.context().shardIndex() + "/" + r.context().shardCount() : "");
        }
        return t.build();
    }

    private static Table benchmarks(HistoryStore h) throws HistoryException {
        List<BenchmarkCount> list = h.benchmarks();
        Table.Builder t = Table.builder("sns history list --benchmarks").summary(h.location() + ": " + list.size()
                + " benchmark" + (list.size() == 1 ? "" : "s")).column("benchmark", Kind.TEXT).column("device", Kind.TEXT)
                .column("runs", Kind.INTEGER).column("last_run", Kind.INTEGER);
        list.forEach(b -> t.row(b.benchmarkId(), b.device(), b.runs(), b.lastRunId()));
        return t.build();
    }
}
