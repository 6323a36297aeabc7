package dev.sns.reports.cli;

import dev.sns.reports.changes.ChangeSettings;
import dev.sns.reports.changes.Space;
import picocli.CommandLine.Option;

/** The change-point options show, changes, gate and report share. */
final class SettingsOptions {
    @Option(names = "--last", paramLabel = "<n>", description = "read the last n runs of each series (default 200; "
            + "0: all, at most " + ChangeSettings.MAX_RUNS + ")")
    int last = ChangeSettings.DEFAULTS.lastRuns();

    @Option(names = "--significance", paramLabel = "<p>", description = "the permutation test's level: 0.05 (default) is "
            + "the 95%% level; 5%% works too")
    String significance;

    @Option(names = "--space", paramLabel = "<space>", description = "auto (default: cycles where clocks floated and "
            + "there is clock evidence), time or cycles")
    String space = "auto";

    @Option(names = "--min-change", paramLabel = "<fraction>", description = "report only changes at least this large "
            + "(default 0: any change beyond the noise)")
    String minChange;

    ChangeSettings settings() throws UsageException {
        ChangeSettings s = ChangeSettings.DEFAULTS;
        try {
            s = s.withSpace(Space.parse(space));
        } catch (IllegalArgumentException e) {
            throw new UsageException("--space: " + e.getMessage());
        }
        double sig = Options.fraction("--significance", significance, s.significance());
        if (!(sig > 0 && sig < 0.5)) {
            throw new UsageException("--significance " + significance + " must be above 0 and below 0.5 (0.05 is the "
                    + "95% level)");
        }
        if (last < 0 || last > ChangeSettings.MAX_RUNS) {
            throw new UsageException("--last " + last + " must be between 0 (all) and " + ChangeSettings.MAX_RUNS
                    + ": E-divisive keeps a distance matrix of the runs it reads");
        }
        return s.withSignificance(sig).withLastRuns(last)
                .withMinChange(Options.fraction("--min-change", minChange, 0.0));
    }
}
