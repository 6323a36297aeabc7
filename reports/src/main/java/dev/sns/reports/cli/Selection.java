package dev.sns.reports.cli;

import dev.sns.reports.history.BenchmarkCount;
import dev.sns.reports.history.HistoryException;
import dev.sns.reports.history.HistoryStore;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** Which benchmarks a history command reads: those named (by id or a part of one), or every one, on one device. */
final class Selection {
    @Parameters(arity = "0..*", paramLabel = "<benchmark>", description = "benchmark ids (or parts naming one); "
            + "default: every benchmark")
    List<String> benchmarks = List.of();

    @Option(names = "--device", paramLabel = "<device>", description = "the device index (default 0)")
    String device = HistoryStore.DEFAULT_DEVICE;

    /** The ids selected in {@code h}. */
    List<String> ids(HistoryStore h) throws HistoryException, InputException {
        List<String> ids = new ArrayList<>();
        if (benchmarks.isEmpty()) {
            h.benchmarks().stream().filter(b -> b.device().equals(device)).map(BenchmarkCount::benchmarkId)
                    .forEach(ids::add);
        } else {
            for (String b : benchmarks) {
                ids.add(HistoryCommand.resolve(h, b));
            }
        }
        return ids;
    }
}
