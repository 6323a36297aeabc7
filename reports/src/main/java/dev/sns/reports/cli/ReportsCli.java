package dev.sns.reports.cli;

import dev.sns.reports.ReportFormatException;
import dev.sns.reports.history.HistoryException;
import java.io.OutputStreamWriter;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * {@code java -jar sns-reports.jar render|compare|history ...} on picocli: see {@link #USAGE}.
 * {@link #run} is the program; {@link #main} only adds {@code System.exit}. Every failure is one
 * message on standard error and an exit code from {@link ExitCode}, never a stack trace.
 */
public final class ReportsCli {
    /** Success: no regression, the gate passed ({@link ExitCode#OK}). */
    public static final int OK = ExitCode.OK.code();
    /** {@code compare} found a regression, or {@code history gate} a run that starts a slower segment ({@link ExitCode#REGRESSION}). */
    public static final int REGRESSION = ExitCode.REGRESSION.code();
    /** A usage or input error: bad arguments, a file or history that cannot be read or written, too large for the heap ({@link ExitCode#ERROR}). */
    public static final int ERROR = ExitCode.ERROR.code();
    /** An internal error: a bug in sns ({@link ExitCode#INTERNAL}). */
    public static final int INTERNAL = ExitCode.INTERNAL.code();
    /** {@code history merge}: the run group is incomplete ({@link ExitCode#INCOMPLETE}). */
    public static final int INCOMPLETE = ExitCode.INCOMPLETE.code();

    /** The last line of every command's help: the exit codes, from {@link ExitCode}. */
    static final String EXIT_CODES_LINE = ExitCode.summary();

    static final String USAGE = """
            usage: java -jar sns-reports.jar <command> [options]

            commands:
              render <results.json> [-o <report.html>]
                  Writes the HTML report of a results.json (default: report.html beside it).

              compare <old.json> <new.json> [--format text|markdown|csv|json] [--threshold 5%]
                  Pairs the two runs' benchmarks by id and their comparisons by candidate and baseline,
                  and judges each by its intervals, never by point estimates, summary first:
                  - speedups (dimensionless) always: a regression when the new speedup interval lies
                    entirely below the old one; refused when either run is tier C;
                  - absolute times, the gate, only when the two fingerprints match exactly and both
                    runs are tier A: a regression when the new interval's lower bound is above the old
                    upper bound by more than the threshold (default 5%; write 5% or 0.05), an
                    improvement the same the other way;
                  - CPU suites (same fingerprint, tier B, no clock evidence): the same rule, their own gate;
                  - other tier B times (floating GPU clocks): judged as indicative, with the reason;
                    they never fail the gate.
                  Benchmarks in one run only are listed as added or removed; failed or skipped ones
                  as not measured (neither counts as a regression).

              history list | show BENCH | changes [BENCH...] | boards [BENCH...] | gate | import FILE|DIR... | report
                      | merge --group G [-o DIR]
                  The performance history (sns-history.db, or --history FILE|jdbc:postgresql://...):
                  runs, a benchmark's series, change points (E-divisive), each board's offset from the
                  fleet (boards), the CI gate for the latest run, backfill from results.json files,
                  the HTML history report, and one report for
                  the shards of a suite run over many nodes (exit 4 when a shard is missing).
                  java -jar sns-reports.jar history <command> --help says more.

              help, --help, -h
                  This text.

            Results go to standard output; progress and errors to standard error.
            """ + EXIT_CODES_LINE + ".\n";

    private ReportsCli() {}

    /** The root: only holds the subcommands. */
    @Command(name = "sns-reports")
    static final class Root implements Runnable {
        @Override
        public void run() {
            // no command given: handled before picocli runs
        }
    }

    public static void main(String[] args) {
        int code = run(args, System.out, System.err);
        System.out.flush();
        System.exit(code);
    }

    /**
     * Runs one command.
     *
     * @return an {@link ExitCode}'s code
     */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        Io io = new Io(out, err);
        if (args.length == 0) {
            err.print(USAGE);
            return ERROR;
        }
        if (isHelp(args[0])) {
            out.print(USAGE);
            return OK;
        }
        try {
            CommandLine cl = commandLine(io);
            return cl.execute(args);
        } catch (OutOfMemoryError e) {
            long max = Runtime.getRuntime().maxMemory() >> 20;
            long gib = Math.max(2, (2 * max + 1023) / 1024);
            io.say("too large for the heap (this JVM may use " + max + " MiB): use -Xmx" + gib + "g (java -Xmx" + gib
                    + "g -jar sns-reports.jar ...)");
            return ERROR;
        } catch (StackOverflowError | RuntimeException e) {
            return internal(io, e);
        }
    }

    /** The command tree, writing to {@code io}. */
    static CommandLine commandLine(Io io) {
        CommandLine cl = new CommandLine(new Root());
        cl.addSubcommand("render", new RenderCommand(io));
        cl.addSubcommand("compare", new CompareCommand(io));
        cl.addSubcommand("history", HistoryCommand.commandLine(io));
        cl.addSubcommand("help", new HelpCommand(io));
        footers(cl);
        cl.setOut(new PrintWriter(new OutputStreamWriter(io.out(), StandardCharsets.UTF_8), true));
        cl.setErr(new PrintWriter(new OutputStreamWriter(io.err(), StandardCharsets.UTF_8), true));
        cl.setUsageHelpWidth(140); // the synopses are long; a terminal wraps what it must
        cl.setParameterExceptionHandler((ex, args) -> usage(io, message(ex)));
        cl.setExecutionExceptionHandler((ex, line, parsed) -> failed(io, ex));
        return cl;
    }

    /** Every command's help ends with the exit codes, from the one table. */
    private static void footers(CommandLine cl) {
        for (CommandLine sub : cl.getSubcommands().values()) {
            if (!sub.getCommandName().equals("help")) {
                sub.getCommandSpec().usageMessage().footer(EXIT_CODES_LINE);
            }
            footers(sub);
        }
    }

    /**
     * Every command and subcommand, as the words that name it ({@code "history gate"}), in the order
     * the help lists them; {@code run(path + " --help")} prints each one's help.
     */
    public static List<String> commands() {
        List<String> all = new ArrayList<>();
        commands(commandLine(new Io(System.out, System.err)), "", all);
        return all;
    }

    private static void commands(CommandLine cl, String prefix, List<String> all) {
        for (Map.Entry<String, CommandLine> e : cl.getSubcommands().entrySet()) {
            if (!e.getKey().equals("help")) {
                String path = prefix + e.getKey();
                all.add(path);
                commands(e.getValue(), path + " ", all);
            }
        }
    }

    /** {@code help}: this text. */
    @Command(name = "help", description = "This text.")
    static final class HelpCommand implements java.util.concurrent.Callable<Integer> {
        private final Io io;

        HelpCommand(Io io) {
            this.io = io;
        }

        @Override
        public Integer call() {
            io.out().print(USAGE);
            return OK;
        }
    }

    private static boolean isHelp(String a) {
        return a.equals("--help") || a.equals("-h") || a.equals("help");
    }

    private static int usage(Io io, String message) {
        io.say(message);
        io.err().println("Run with --help for usage.");
        return ERROR;
    }

    /** An exception out of a command: usage and input errors are told; anything else is a bug in sns. */
    private static int failed(Io io, Exception e) {
        if (e instanceof UsageException) {
            return usage(io, e.getMessage());
        }
        if (e instanceof ReportFormatException || e instanceof HistoryException || e instanceof InputException) {
            io.say(e.getMessage());
            return ERROR;
        }
        return internal(io, e);
    }

    private static int internal(Io io, Throwable e) {
        io.say("internal error: " + e + " (a bug in sns: please report it with the command line"
                + (Boolean.getBoolean("sns.debug") ? ")" : "; -Dsns.debug=true prints the stack trace)"));
        if (Boolean.getBoolean("sns.debug")) {
            e.printStackTrace(io.err());
        }
        return INTERNAL;
    }

    /** picocli's parse errors in sns's words. */
    static String message(CommandLine.ParameterException ex) {
        CommandLine at = ex.getCommandLine();
        String command = at.getCommandName();
        if (ex instanceof CommandLine.UnmatchedArgumentException u && !u.getUnmatched().isEmpty()) {
            String first = u.getUnmatched().stream().filter(a -> a.startsWith("-")).findFirst()
                    .orElse(u.getUnmatched().get(0));
            if (first.startsWith("-")) {
                String name = first.contains("=") ? first.substring(0, first.indexOf('=')) : first;
                TreeSet<String> names = new TreeSet<>();
                for (OptionSpec o : at.getCommandSpec().options()) {
                    if (!o.usageHelp() && !o.versionHelp()) {
                        names.add(o.longestName());
                    }
                }
                return "unknown option " + name + (names.isEmpty() ? " (this command takes no options)"
                        : " (this command takes " + String.join(", ", names) + ")");
            }
            List<String> commands = List.copyOf(at.getSubcommands().keySet()).stream()
                    .filter(c -> !c.equals("help")).toList();
            if (!commands.isEmpty()) {
                return "unknown " + (at.getParent() == null ? "" : command + " ") + "command '" + first + "' (commands: "
                        + String.join(", ", commands) + ")";
            }
            return command + " does not take '" + first + "'";
        }
        if (ex instanceof CommandLine.MissingParameterException m && !m.getMissing().isEmpty()) {
            ArgSpec a = m.getMissing().get(0);
            if (a instanceof OptionSpec o) {
                return "option " + o.longestName() + " needs a value";
            }
        }
        if (ex instanceof CommandLine.OverwrittenOptionException o && o.getOverwritten() instanceof OptionSpec spec) {
            return "option " + spec.longestName() + " given twice";
        }
        return ex.getMessage();
    }
}
