package dev.sns.reports.cli;

import dev.sns.reports.history.HistoryStore;
import dev.sns.reports.history.HistoryStores;
import dev.sns.reports.history.ResultsImport;
import dev.sns.reports.history.RunContext;
import dev.sns.reports.tables.Table;
import dev.sns.reports.tables.Table.Kind;
import java.io.IOException;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code history import FILE|DIR...}: backfill results.json files into the history (created if missing). */
@Command(name = "import", description = "Backfills results.json files (a directory: every results.json below it) into "
        + "the history, oldest run first, each run once. Creates the history when there is none.")
final class HistoryImportCommand extends HistorySubcommand {
    @Parameters(arity = "0..*", paramLabel = "<results.json|dir>", description = "the files, or directories to search")
    List<String> paths = List.of();

    @Option(names = "--commit", paramLabel = "<sha>", description = "the benchmarked project's commit, if known")
    String commit;

    @Option(names = "--branch", paramLabel = "<name>", description = "its branch, if known")
    String branch;

    @Option(names = "--dirty", description = "the checkout had uncommitted changes")
    boolean dirty;

    @Option(names = "--git", paramLabel = "<dir>", description = "read commit, branch and dirty flag from this checkout")
    String git;

    @Option(names = "--host", paramLabel = "<name>", description = "the machine the runs came from")
    String host;

    @Option(names = "--run-group", paramLabel = "<id>", description = "the files are shards of one suite run: one group")
    String runGroup;

    HistoryImportCommand(Io io) {
        super(io);
    }

    @Override
    public Integer call() throws Exception {
        if (paths.isEmpty()) {
            throw new UsageException("import takes results.json files or directories, got none");
        }
        if (git != null && (commit != null || branch != null || dirty)) {
            throw new UsageException("--git reads commit, branch and dirty flag itself: give either --git or those");
        }
        where.tableFormat();
        RunContext context = git != null ? RunContext.detect(Paths.get(git))
                : new RunContext(commit, branch, dirty, runGroup, host, "import");
        if (host != null) {
            context = new RunContext(context.gitCommit(), context.gitBranch(), context.gitDirty(), runGroup, host, "import");
        }
        List<Path> files;
        try {
            files = ResultsImport.files(paths.stream().map(Paths::get).toList());
        } catch (IOException e) {
            throw new InputException("cannot search " + String.join(", ", paths) + ": " + e.getMessage());
        }
        if (files.isEmpty()) {
            throw new InputException("no results.json under " + String.join(", ", paths));
        }
        try (HistoryStore h = HistoryStores.open(where.location())) {
            List<ResultsImport.Outcome> outcomes = ResultsImport.run(h, files, context, runGroup != null);
            long imported = outcomes.stream().filter(o -> o.outcome().equals("imported")).count();
            long failed = outcomes.stream().filter(ResultsImport.Outcome::failed).count();
            Table.Builder t = Table.builder("sns history import").summary(imported + " imported, "
                    + (outcomes.size() - imported - failed) + " already in the history, " + failed + " failed, into "
                    + h.location()).column("outcome", Kind.TEXT).column("run", Kind.INTEGER)
                    .column("benchmarks", Kind.INTEGER).column("file", Kind.TEXT);
            for (ResultsImport.Outcome o : outcomes) {
                t.row(o.failed() ? "failed: " + o.outcome() : o.outcome(), o.failed() ? null : o.runId(),
                        o.benchmarks(), o.file().toString());
            }
            where.print(io, t.build());
            return failed > 0 ? ReportsCli.ERROR : ReportsCli.OK;
        }
    }
}
