package dev.sns.reports.cli;

import picocli.CommandLine.Option;

/** {@code -h, --help}: the command's own help on standard output, exit 0. */
final class HelpOption {
    @Option(names = {"-h", "--help"}, usageHelp = true, description = "this help")
    boolean help;
}
