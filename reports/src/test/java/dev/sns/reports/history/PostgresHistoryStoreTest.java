package dev.sns.reports.history;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sns.reports.ReportFixtures;
import dev.sns.reports.RunReport;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The team history on a real PostgreSQL server ({@link PostgresServer}: .ci/run starts one): the
 * same contract as the SQLite file, and the same answers from both for the same runs.
 */
class PostgresHistoryStoreTest extends HistoryStoreContract {
    @TempDir
    Path dir;

    @Override
    String freshLocation() throws Exception {
        return PostgresServer.freshSchemaUrl();
    }

    @Override
    Connection rawConnection(String location) throws Exception {
        return DriverManager.getConnection(location);
    }

    @Override
    Dialect dialect() {
        return Dialect.POSTGRESQL;
    }

    @Test
    void theServerAndTheFileGiveTheSameAnswersForTheSameRuns() throws Exception {
        List<RunReport> reports = List.of(ReportFixtures.golden(), ReportFixtures.realistic(),
                at("2025-01-02T00:00:00Z", 1.1, ReportFixtures.GPU), at("2025-01-01T00:00:00Z", 1.0, "NVIDIA A100"));
        try (HistoryStore pg = HistoryStores.open(freshLocation());
             HistoryStore file = HistoryStores.open(dir.resolve("same.db").toString())) {
            for (RunReport r : reports) {
                assertEquals(file.record(r, CONTEXT), pg.record(r, CONTEXT));
            }
            assertEquals(file.benchmarks(), pg.benchmarks());
            for (BenchmarkCount b : file.benchmarks()) {
                assertEquals(file.series(b.benchmarkId(), b.device()), pg.series(b.benchmarkId(), b.device()),
                        b.benchmarkId());
            }
            assertEquals(file.runs(0).stream().map(r -> List.of(r.id(), r.createdAt(), r.gpuName(), r.benchmarks())).toList(),
                    pg.runs(0).stream().map(r -> List.of(r.id(), r.createdAt(), r.gpuName(), r.benchmarks())).toList());
            for (long id = 1; id <= reports.size(); id++) {
                assertEquals(file.options(id), pg.options(id));
                for (String b : file.benchmarkIds(id)) {
                    assertEquals(file.samples(id, b, "0"), pg.samples(id, b, "0"));
                }
            }
        }
    }

    @Test
    void anUnreachableServerIsNamedWithoutItsPassword() {
        HistoryException e = assertThrows(HistoryException.class,
                () -> HistoryStores.open("jdbc:postgresql://127.0.0.1:1/none?user=u&password=s3cret&connectTimeout=2"));
        assertTrue(e.getMessage().startsWith("jdbc:postgresql://127.0.0.1:1/none?user=u&password=***"), e.getMessage());
        assertTrue(!e.getMessage().contains("s3cret"), e.getMessage());
        assertTrue(e.getMessage().contains("is the server up"), e.getMessage());
    }
}
