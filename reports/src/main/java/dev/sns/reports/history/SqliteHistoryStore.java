package dev.sns.reports.history;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Properties;

/**
 * The embedded history: one SQLite file (xerial's sqlite-jdbc, which ships the native library for
 * the common platforms inside its jar). Safe with several writers: write-ahead logging (readers
 * never block the writer), a busy timeout of {@value #BUSY_TIMEOUT_MS} ms (a writer waits for
 * another's transaction instead of failing) and immediate transactions (the write lock is taken at
 * BEGIN, so two writers never deadlock upgrading a read lock).
 */
final class SqliteHistoryStore extends JdbcHistoryStore {
    /** How long a writer waits for another process's transaction: far above one record (milliseconds). */
    static final int BUSY_TIMEOUT_MS = 30_000;

    private SqliteHistoryStore(Connection c, String location) throws HistoryException {
        super(c, Dialect.SQLITE, location);
    }

    static SqliteHistoryStore open(Path file) throws HistoryException {
        Path abs = file.toAbsolutePath();
        if (Files.isDirectory(abs)) {
            throw new HistoryException(file + ": is a directory; name the history file (e.g. " + file.resolve(
                    HistoryStores.DEFAULT_FILE) + ")");
        }
        try {
            Files.createDirectories(abs.getParent());
        } catch (IOException e) {
            throw new HistoryException(file + ": cannot create the directory for the history: " + e.getMessage(), e);
        }
        Properties p = new Properties();
        p.setProperty("journal_mode", "WAL");
        p.setProperty("busy_timeout", Integer.toString(BUSY_TIMEOUT_MS));
        p.setProperty("transaction_mode", "IMMEDIATE");
        p.setProperty("foreign_keys", "true");
        p.setProperty("synchronous", "NORMAL");
        // Applying the pragmas (WAL above all) can meet SQLITE_BUSY without the busy handler's wait when
        // several writers (a Slurm array's tasks) create or upgrade one new file at once: try again, up
        // to the busy timeout, before saying so.
        long deadline = System.nanoTime() + BUSY_TIMEOUT_MS * 1_000_000L;
        for (int attempt = 1; ; attempt++) {
            try {
                Connection c = DriverManager.getConnection("jdbc:sqlite:" + abs, p);
                return new SqliteHistoryStore(c, file.toString());
            } catch (SQLException e) {
                String m = String.valueOf(e.getMessage());
                boolean busy = m.contains("SQLITE_BUSY") || m.contains("database is locked");
                if (!busy || System.nanoTime() > deadline) {
                    throw new HistoryException(file + ": cannot open the history: " + e.getMessage()
                            + " (is it an sns history file, and may this user write to it and to its directory?)", e);
                }
                try {
                    Thread.sleep(Math.min(200, 10L * attempt));
                } catch (InterruptedException ie) {
                    Thread.currentThread().interrupt();
                    throw new HistoryException(file + ": interrupted while waiting for the history's lock", ie);
                }
            }
        }
    }

    @Override
    String hint(SQLException e) {
        String m = String.valueOf(e.getMessage());
        if (m.contains("SQLITE_BUSY") || m.contains("database is locked")) {
            return "another process held the history's write lock for more than " + BUSY_TIMEOUT_MS / 1000
                    + " s; try again, or give each writer its own file";
        }
        if (m.contains("SQLITE_NOTADB") || m.contains("not a database")) {
            return "the file is not an SQLite database: name an sns history file, or a new path";
        }
        if (m.contains("SQLITE_READONLY") || m.contains("readonly")) {
            return "the file or its directory is read-only for this user";
        }
        return "";
    }
}
