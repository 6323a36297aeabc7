package dev.sns.reports.cli;

import picocli.CommandLine.Mixin;

/** What every {@code history} command has besides: where the history is and how to answer. */
abstract class HistorySubcommand extends SnsCommand {
    @Mixin
    HistoryCommand.Where where = new HistoryCommand.Where();

    HistorySubcommand(Io io) {
        super(io);
    }
}
