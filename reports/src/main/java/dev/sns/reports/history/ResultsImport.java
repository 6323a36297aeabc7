package dev.sns.reports.history;

import dev.sns.reports.JsonReports;
import dev.sns.reports.ReportFormatException;
import dev.sns.reports.RunReport;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Backfill: existing results.json files into a history, oldest run first (by the run's own start
 * time), each once: a file whose run is already in the history (same start, fingerprint, seed and
 * results) is skipped and said so. A directory stands for every results.json below it.
 */
public final class ResultsImport {
    private ResultsImport() {}

    /**
     * What happened to one file.
     *
     * @param file the results.json
     * @param runId the run's id in the history (the earlier one when skipped); -1 when it failed
     * @param outcome "imported", "already in the history" or the reason it failed
     * @param benchmarks how many benchmarks the file holds (0 when it failed)
     */
    public record Outcome(Path file, long runId, String outcome, int benchmarks) {
        /** Whether the file could not be read. */
        public boolean failed() {
            return runId < 0;
        }
    }

    /** The results.json files named by {@code paths}: files as given, directories searched, sorted by path. */
    public static List<Path> files(List<Path> paths) throws IOException {
        List<Path> files = new ArrayList<>();
        for (Path p : paths) {
            if (Files.isDirectory(p)) {
                try (Stream<Path> walk = Files.walk(p)) {
                    walk.filter(f -> f.getFileName().toString().equals("results.json") && Files.isRegularFile(f))
                            .sorted().forEach(files::add);
                }
            } else {
                files.add(p);
            }
        }
        return files;
    }

    /**
     * Imports {@code files} into {@code store} with {@code context} (its source becomes
     * "import:FILE"), oldest run first. Each file is a run group of its own unless
     * {@code oneRunGroup} (the files are shards of one suite run: they share the context's group).
     * A file that cannot be read is reported and the others go on; a history that cannot be written
     * stops the import.
     */
    public static List<Outcome> run(HistoryStore store, List<Path> files, RunContext context, boolean oneRunGroup)
            throws HistoryException {
        record Read(Path file, RunReport report) {}
        List<Outcome> outcomes = new ArrayList<>();
        List<Read> reports = new ArrayList<>();
        for (Path f : files) {
            try {
                reports.add(new Read(f, JsonReports.read(f)));
            } catch (ReportFormatException e) {
                outcomes.add(new Outcome(f, -1, e.getMessage(), 0));
            }
        }
        reports.sort(Comparator.comparing((Read r) -> r.report().createdAt() == null ? "" : r.report().createdAt())
                .thenComparing(r -> r.file().toString()));
        for (Read r : reports) {
            Optional<Long> earlier = store.findSameRun(r.report());
            int n = r.report().benchmarks().size();
            if (earlier.isPresent()) {
                outcomes.add(new Outcome(r.file(), earlier.get(), "already in the history", n));
                continue;
            }
            RunContext c = new RunContext(context.gitCommit(), context.gitBranch(), context.gitDirty(),
                    oneRunGroup ? context.runGroup() : null, context.host(), "import:" + r.file());
            outcomes.add(new Outcome(r.file(), store.record(r.report(), c), "imported", n));
        }
        return outcomes;
    }
}
