package dev.sns.reports.history;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sns.reports.JsonReports;
import dev.sns.reports.RunReport;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Backfill from results.json files: oldest run first, each once, bad files reported, the rest imported. */
class ResultsImportTest {
    @TempDir
    Path dir;

    @Test
    void directoriesAreSearchedRunsGoInOldestFirstAndOnlyOnce() throws Exception {
        Path newer = write("b/results.json", HistoryStoreContract.at("2025-02-01T00:00:00Z", 1.1, "NVIDIA H200"));
        Path older = write("a/nested/results.json", HistoryStoreContract.at("2025-01-01T00:00:00Z", 1.0, "NVIDIA H200"));
        Path bad = dir.resolve("bad.json");
        Files.writeString(bad, "{");
        try (HistoryStore h = HistoryStores.open(dir.resolve("h.db").toString())) {
            List<Path> files = ResultsImport.files(List.of(dir.resolve("b"), dir.resolve("a"), bad));
            assertEquals(List.of(newer, older, bad), files);
            List<ResultsImport.Outcome> first = ResultsImport.run(h, files, RunContext.unknown(""), false);
            assertEquals(3, first.size());
            assertTrue(first.get(0).failed() && first.get(0).outcome().contains("the JSON ends early"), first.toString());
            assertEquals(new ResultsImport.Outcome(older, 1, "imported", 1), first.get(1));
            assertEquals(new ResultsImport.Outcome(newer, 2, "imported", 1), first.get(2));
            assertEquals("import:" + older, h.run(1).orElseThrow().context().source());
            assertTrue(!h.run(1).orElseThrow().context().runGroup().equals(h.run(2).orElseThrow().context().runGroup()),
                    "each file its own run group");

            List<ResultsImport.Outcome> again = ResultsImport.run(h, List.of(older, newer), RunContext.unknown(""), true);
            assertEquals(List.of(new ResultsImport.Outcome(older, 1, "already in the history", 1),
                    new ResultsImport.Outcome(newer, 2, "already in the history", 1)), again);
            assertEquals(2, h.runs(0).size());
        }
    }

    private Path write(String name, RunReport r) throws Exception {
        Path f = dir.resolve(name);
        Files.createDirectories(f.getParent());
        Files.writeString(f, JsonReports.toJson(r));
        return f;
    }
}
