package dev.sns.reports.history;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sns.reports.ReportFixtures;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The embedded SQLite history: the contract, plus WAL, two writing processes, and files that are not histories. */
class SqliteHistoryStoreTest extends HistoryStoreContract {
    @TempDir
    Path dir;
    private int files;

    @Override
    String freshLocation() {
        return dir.resolve("h" + (files++) + "/sns-history.db").toString();
    }

    @Override
    Connection rawConnection(String location) throws Exception {
        Files.createDirectories(Path.of(location).toAbsolutePath().getParent());
        return DriverManager.getConnection("jdbc:sqlite:" + location);
    }

    @Override
    Dialect dialect() {
        return Dialect.SQLITE;
    }

    @Test
    void theFileIsInWalModeAndADirectoryMeansItsDefaultFile() throws Exception {
        try (HistoryStore h = HistoryStores.open(dir.toString())) {
            h.record(ReportFixtures.golden(), CONTEXT);
            assertEquals(dir.resolve(HistoryStores.DEFAULT_FILE).toString(), h.location());
        }
        try (Connection c = rawConnection(dir.resolve(HistoryStores.DEFAULT_FILE).toString());
             Statement s = c.createStatement(); ResultSet r = s.executeQuery("PRAGMA journal_mode")) {
            r.next();
            assertEquals("wal", r.getString(1));
        }
        assertTrue(HistoryStores.exists(dir.toString()));
        assertTrue(!HistoryStores.exists(dir.resolve("none.db").toString()));
    }

    /** Two other JVMs and this one write to one file at once: all runs land, none fails on the lock. */
    @Test
    void twoProcessesWritingAtOnceBothLandEveryRun() throws Exception {
        String db = freshLocation();
        try (HistoryStore h = HistoryStores.open(db)) {
            h.schemaVersion();
        }
        int each = 15;
        List<Process> children = new ArrayList<>();
        for (int i = 0; i < 2; i++) {
            children.add(new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
                    System.getProperty("java.class.path"), HistoryWriterMain.class.getName(), db, Integer.toString(each),
                    "child-" + i).redirectErrorStream(true).start());
        }
        try (HistoryStore h = HistoryStores.open(db)) {
            for (int i = 0; i < each; i++) {
                h.record(ReportFixtures.realistic(), CONTEXT.withRunGroup("parent"));
            }
        }
        for (Process p : children) {
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertEquals(0, p.waitFor(), out);
        }
        try (HistoryStore h = HistoryStores.open(db)) {
            List<RecordedRun> runs = h.runs(0);
            assertEquals(3 * each, runs.size());
            assertEquals(each, runs.stream().filter(r -> r.context().runGroup().equals("child-1")).count());
        }
    }

    @Test
    void aFileThatIsNotAHistorySaysSo() throws Exception {
        Path notDb = dir.resolve("results.json");
        Files.writeString(notDb, "{\"schema\": \"sns-results\"}\n".repeat(200));
        HistoryException e = assertThrows(HistoryException.class, () -> HistoryStores.open(notDb.toString()));
        assertTrue(e.getMessage().startsWith(notDb + ": "), e.getMessage());
        assertTrue(e.getMessage().contains("not an SQLite database") || e.getMessage().contains("not a database"),
                e.getMessage());
    }

    @Test
    void anUnknownJdbcUrlIsRefusedWithTheOnesThatWork() {
        HistoryException e = assertThrows(HistoryException.class, () -> HistoryStores.open("jdbc:mysql://db/x"));
        assertEquals("jdbc:mysql://db/x: jdbc:mysql: is not a history database sns knows: use a file path, jdbc:sqlite:FILE or "
                + "jdbc:postgresql://HOST/DB", e.getMessage());
    }

    @Test
    void passwordsNeverReachAMessage() {
        assertEquals("jdbc:postgresql://h/db?user=u&password=***&ssl=true",
                HistoryStores.withoutPassword("jdbc:postgresql://h/db?user=u&password=s3cret&ssl=true"));
    }

    /** The child JVM of {@link #twoProcessesWritingAtOnceBothLandEveryRun}. */
    public static final class HistoryWriterMain {
        public static void main(String[] args) throws Exception {
            try (HistoryStore h = HistoryStores.open(args[0])) {
                for (int i = 0; i < Integer.parseInt(args[1]); i++) {
                    h.record(ReportFixtures.realistic(), CONTEXT.withRunGroup(args[2]));
                }
            }
        }
    }
}
