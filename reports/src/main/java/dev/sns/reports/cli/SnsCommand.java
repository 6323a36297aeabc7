package dev.sns.reports.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Mixin;

/** What every command has: where it writes, and {@code -h, --help}. */
abstract class SnsCommand implements Callable<Integer> {
    final Io io;

    @Mixin
    HelpOption help = new HelpOption();

    SnsCommand(Io io) {
        this.io = io;
    }
}
