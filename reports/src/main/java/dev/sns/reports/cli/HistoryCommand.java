package dev.sns.reports.cli;

import dev.sns.reports.history.BenchmarkCount;
import dev.sns.reports.history.HistoryException;
import dev.sns.reports.history.HistoryStore;
import dev.sns.reports.history.HistoryStores;
import dev.sns.reports.tables.Table;
import dev.sns.reports.tables.TableFormat;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code history <command>}: the performance history's commands, and what they share. */
@Command(name = "history", description = "The performance history: list, show, changes, boards, gate, import, report, merge.",
        synopsisSubcommandLabel = "(list | show | changes | boards | gate | import | report | merge)")
final class HistoryCommand extends SnsCommand {
    HistoryCommand(Io io) {
        super(io);
    }

    @Override
    public Integer call() throws UsageException {
        throw new UsageException("history needs a command: list, show, changes, boards, gate, import, report or merge");
    }

    static CommandLine commandLine(Io io) {
        CommandLine cl = new CommandLine(new HistoryCommand(io));
        cl.addSubcommand("list", new HistoryListCommand(io));
        cl.addSubcommand("show", new HistoryShowCommand(io));
        cl.addSubcommand("changes", new HistoryChangesCommand(io));
        cl.addSubcommand("boards", new HistoryBoardsCommand(io));
        cl.addSubcommand("gate", new HistoryGateCommand(io));
        cl.addSubcommand("import", new HistoryImportCommand(io));
        cl.addSubcommand("report", new HistoryReportCommand(io));
        cl.addSubcommand("merge", new HistoryMergeCommand(io));
        return cl;
    }

    /** The options every history command takes: where the history is, and how to write the answer. */
    static final class Where {
        @Option(names = {"-H", "--history"}, paramLabel = "<file|url>", description = "the history: a file (default "
                + HistoryStores.DEFAULT_FILE + ", or $SNS_HISTORY), a directory holding one, or jdbc:postgresql://HOST/DB")
        String history = System.getenv("SNS_HISTORY");

        @Option(names = "--format", paramLabel = "<format>", description = "text (default), markdown, csv or json")
        String format = "text";

        String location() {
            return history == null || history.isBlank() ? HistoryStores.DEFAULT_FILE : history.strip();
        }

        /** The history, which must exist: reading commands never create one. */
        HistoryStore openExisting() throws HistoryException, InputException {
            if (!HistoryStores.exists(location())) {
                throw new InputException("no history at " + location() + ": record runs into it with -prof "
                        + "sns:history=" + location() + ", or backfill results.json files with: java -jar "
                        + "sns-reports.jar history import sns-results/ --history " + location());
            }
            return HistoryStores.open(location());
        }

        TableFormat tableFormat() throws UsageException {
            return Options.table(format);
        }

        void print(Io io, Table t) throws UsageException {
            io.out().print(tableFormat().format(t));
            io.out().flush();
        }
    }

    /** The benchmark {@code query} names: an exact id, else the one id that contains it. */
    static String resolve(HistoryStore store, String query) throws HistoryException, InputException {
        List<String> ids = store.benchmarks().stream().map(BenchmarkCount::benchmarkId).distinct().toList();
        if (ids.contains(query)) {
            return query;
        }
        List<String> matches = ids.stream().filter(id -> id.contains(query)).toList();
        if (matches.size() == 1) {
            return matches.get(0);
        }
        if (matches.isEmpty()) {
            return failNoMatch(store, query, ids);
        }
        throw new InputException("'" + query + "' matches " + matches.size() + " benchmarks in " + store.location() + ": "
                + String.join(", ", matches.subList(0, Math.min(8, matches.size())))
                + (matches.size() > 8 ? ", ..." : "") + "; name one exactly");
    }

    private static String failNoMatch(HistoryStore store, String query, List<String> ids) throws InputException {
        throw new InputException("no benchmark '" + query + "' in " + store.location() + " (it has " + ids.size()
                + (ids.isEmpty() ? " benchmarks" : ", e.g. " + ids.get(0)) + "; history list --benchmarks lists them)");
    }
}
