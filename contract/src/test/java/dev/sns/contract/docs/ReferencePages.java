package dev.sns.contract.docs;

import dev.sns.clocks.ClockState;
import dev.sns.jmh.host.SnsMain;
import dev.sns.reports.cli.ExitCode;
import dev.sns.reports.cli.ReportsCli;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The reference pages beside the options: the reports command line from picocli's own usage of every
 * command ({@link ReportsCli#commands()}, each run with {@code --help}), and the exit codes from their
 * tables ({@link dev.sns.jmh.host.ExitCode}, {@link ExitCode}, {@link ClockState.ExitCode}).
 */
final class ReferencePages {
    private ReferencePages() {}

    /** docs/reference/reports-cli.md: what {@code --help} prints, for the root and every command. */
    static String reportsCli() {
        StringBuilder sb = new StringBuilder();
        sb.append("# `sns-reports` command-line reference\n\n")
                .append("Each command's help exactly as `--help` prints it (`java -jar sns-reports-cli.jar COMMAND --help`; ")
                .append("in an sns checkout the same program is `reports/target/sns-reports.jar`). ")
                .append("What the commands are for, with examples: [the reports CLI guide](../reports-cli.md); ")
                .append("their exit codes: [exit codes](exit-codes.md#sns-reports).\n\n");
        sb.append("## `sns-reports --help`\n\n").append(fenced(help(List.of("--help"))));
        for (String command : ReportsCli.commands()) {
            List<String> args = new ArrayList<>(List.of(command.split(" ")));
            args.add("--help");
            sb.append("\n## `").append(command).append("`\n\n").append(fenced(help(args)));
        }
        return sb.toString();
    }

    /** docs/reference/exit-codes.md: the sns Main's, the reports command line's and ClockState's. */
    static String exitCodes() {
        StringBuilder sb = new StringBuilder();
        sb.append("# Exit codes reference\n\n")
                .append("Every program of sns exits with a code from one table in its code; this page is generated from ")
                .append("them. What happens around a failure (a benchmark that throws, a fork that hangs, a clock ")
                .append("restore): [faults and exit codes](../faults.md).\n\n");
        sb.append("## The sns Main\n\n")
                .append("`java -jar benchmarks.jar` (the Main-Class of the samples' jar and of a suite made from the ")
                .append("archetype, `").append(SnsMain.class.getName()).append("`; table `")
                .append(dev.sns.jmh.host.ExitCode.class.getName()).append("`). When several apply, the highest wins.\n\n");
        List<List<String>> main = new ArrayList<>();
        for (dev.sns.jmh.host.ExitCode e : dev.sns.jmh.host.ExitCode.values()) {
            main.add(List.of(Integer.toString(e.code()), Markdown.code(e.name()), e.meaning()));
        }
        sb.append(Markdown.table(List.of("code", "name", "meaning"), main));
        sb.append("\nUnder JMH's own Main (`org.openjdk.jmh.Main`) the exit code is JMH's: 0 unless `-foe true`, with ")
                .append("which the first failing benchmark ends the run with JMH's non-zero exit. The sns Main exits ")
                .append("non-zero either way, so prefer it in CI.\n");
        sb.append("\n## sns-reports\n\n")
                .append("`java -jar sns-reports-cli.jar` (`reports/target/sns-reports.jar` in a checkout; table `")
                .append(ExitCode.class.getName()).append("`). Every command's help ends with the same codes.\n\n");
        List<List<String>> cli = new ArrayList<>();
        for (ExitCode e : ExitCode.values()) {
            cli.add(List.of(Integer.toString(e.code()), Markdown.code(e.name()), e.meaning(), e.commands()));
        }
        sb.append(Markdown.table(List.of("code", "name", "meaning", "commands"), cli));
        sb.append("\n## ClockState\n\n")
                .append("`java -cp benchmarks.jar ").append(ClockState.class.getName())
                .append(" [path/to/nvidia-smi]` restores the clocks a killed run left locked (table `")
                .append(ClockState.ExitCode.class.getCanonicalName()).append("`).\n\n");
        List<List<String>> clocks = new ArrayList<>();
        for (ClockState.ExitCode e : ClockState.ExitCode.values()) {
            clocks.add(List.of(Integer.toString(e.code()), Markdown.code(e.name()), e.meaning()));
        }
        sb.append(Markdown.table(List.of("code", "name", "meaning"), clocks));
        return sb.toString();
    }

    /** What {@code sns-reports ARGS} prints on standard output; it must exit 0 and print nothing on standard error. */
    private static String help(List<String> args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int rc = ReportsCli.run(args.toArray(new String[0]), new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        String e = err.toString(StandardCharsets.UTF_8);
        if (rc != ReportsCli.OK || !e.isEmpty()) {
            throw new IllegalStateException("sns-reports " + String.join(" ", args) + " exited " + rc + ": " + e);
        }
        return out.toString(StandardCharsets.UTF_8).replace("\r\n", "\n");
    }

    private static String fenced(String text) {
        return "```text\n" + text.stripTrailing() + "\n```\n";
    }
}
