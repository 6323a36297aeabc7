package dev.sns.reports.cli;

import dev.sns.reports.ReportFormat;
import dev.sns.reports.ReportFormats;
import dev.sns.reports.RunGroup;
import dev.sns.reports.groups.GroupMerge;
import dev.sns.reports.history.HistoryStore;
import dev.sns.reports.tables.Table;
import dev.sns.reports.tables.Table.Kind;
import java.io.IOException;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code history merge --group G}: one results.json, results.csv and report.html for the shards of a
 * run group, and a table of its shards; exit {@link ReportsCli#INCOMPLETE} (4) when a shard is missing
 * or a planned benchmark was not measured.
 */
@Command(name = "merge", description = "Merges the shards of one run group (one suite run over many nodes) into one "
        + "report: every benchmark once, which shard and node ran it, the nodes' environments by fingerprint; "
        + "missing shards and benchmarks named, and exit 4 when there are any.")
final class HistoryMergeCommand extends HistorySubcommand {
    @Option(names = {"-g", "--group"}, required = true, paramLabel = "<group>", description = "the run group (history "
            + "list shows each run's; a Slurm array's is slurm-CLUSTER-JOBID)")
    String group;

    @Option(names = {"-o", "--output"}, paramLabel = "<dir>", description = "where the merged reports go (default "
            + "sns-merged)")
    String output = "sns-merged";

    @Option(names = "--formats", paramLabel = "<formats>", description = "report formats to write (default all: "
            + "json,csv,html)")
    String formats;

    HistoryMergeCommand(Io io) {
        super(io);
    }

    @Override
    public Integer call() throws Exception {
        where.tableFormat();
        List<ReportFormat> chosen;
        try {
            chosen = formats == null ? ReportFormats.all() : ReportFormats.parseList(formats);
        } catch (IllegalArgumentException e) {
            throw new UsageException("--formats: " + e.getMessage());
        }
        if (group == null || group.isBlank()) {
            throw new UsageException("--group needs a run group (history list shows each run's)");
        }
        try (HistoryStore h = where.openExisting()) {
            GroupMerge.Merged merged = GroupMerge.merge(h, group.strip());
            Path dir = Paths.get(output);
            try {
                ReportFormats.writeAll(merged.report(), dir, chosen);
            } catch (IOException e) {
                throw new InputException(e.getMessage());
            }
            where.print(io, table(h.location(), merged, dir));
            merged.problems().forEach(p -> io.say("incomplete: " + p));
            return merged.complete() ? ReportsCli.OK : ReportsCli.INCOMPLETE;
        }
    }

    private Table table(String location, GroupMerge.Merged merged, Path dir) {
        RunGroup g = merged.report().group();
        long ok = merged.report().benchmarks().stream().filter(b -> "ok".equals(b.status())).count();
        Table.Builder t = Table.builder("sns history merge").summary(location + ": run group " + g.id() + ", "
                + (g.shardCount() == null ? g.shards().size() + " run(s)" : g.shardCount() + " shard(s)") + ", "
                + g.fingerprints().size() + " environment(s)")
                .summary(merged.report().benchmarks().size() + " benchmark(s) in the merged report (" + ok + " measured), "
                        + merged.report().comparisons().size() + " comparison(s); written to " + dir.toAbsolutePath())
                .summary(g.complete() ? "complete: every shard recorded, every planned benchmark measured or skipped"
                        : "INCOMPLETE: " + g.problems().size() + " problem(s), listed below");
        if (!g.basis().isEmpty()) {
            t.summary("balanced by " + g.basis());
        }
        t.column("shard", Kind.TEXT).column("status", Kind.TEXT).column("run", Kind.INTEGER).column("host", Kind.TEXT)
                .column("gpu", Kind.TEXT).column("fingerprint", Kind.TEXT).column("planned", Kind.INTEGER)
                .column("recorded", Kind.INTEGER).column("measured", Kind.INTEGER).column("failed", Kind.INTEGER)
                .column("wall_s", Kind.NUMBER).column("note", Kind.TEXT);
        for (RunGroup.Shard s : g.shards()) {
            t.row(s.shard(), s.status(), s.runId(), s.host(), s.runId() == null ? "" : s.gpu().isEmpty() ? "no GPU"
                    : s.gpu(), s.fingerprint(), s.planned(), s.recorded(), s.measured(), s.failed(), s.wallSeconds(),
                    s.note());
        }
        return t.build();
    }
}
