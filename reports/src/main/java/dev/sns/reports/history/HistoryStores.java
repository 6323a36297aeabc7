package dev.sns.reports.history;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.regex.Pattern;

/**
 * Opens a history. The JMH host, after a run:
 * <pre>{@code
 * try (HistoryStore history = HistoryStores.open(option)) {      // "sns-history.db" or "jdbc:postgresql://..."
 *     long runId = history.record(report, RunContext.detect(Path.of("")));
 *     System.err.println("sns: run " + runId + " recorded in " + history.location());
 * } catch (HistoryException e) {
 *     System.err.println("sns: " + e.getMessage());
 * }
 * }</pre>
 */
public final class HistoryStores {
    /** The embedded history's file name when none is given. */
    public static final String DEFAULT_FILE = "sns-history.db";
    private static final Pattern PASSWORD = Pattern.compile("(?i)(password=)[^&;]*");

    private HistoryStores() {}

    /**
     * The history at {@code pathOrJdbcUrl}, created (or upgraded to this sns's schema) on first use:
     * a {@code jdbc:postgresql://} URL opens the team server, a {@code jdbc:sqlite:} URL or a file
     * path the embedded file, a directory its {@value #DEFAULT_FILE}; null or blank gives
     * {@value #DEFAULT_FILE} in the working directory.
     *
     * @throws HistoryException naming the store, when it cannot be opened, is not a history, or was
     *     written by a newer sns
     */
    public static HistoryStore open(String pathOrJdbcUrl) throws HistoryException {
        String where = pathOrJdbcUrl == null || pathOrJdbcUrl.isBlank() ? DEFAULT_FILE : pathOrJdbcUrl.strip();
        if (where.startsWith("jdbc:postgresql:")) {
            needDriver("org.postgresql.Driver", "PostgreSQL", "org.postgresql:postgresql");
            return PostgresHistoryStore.open(where);
        }
        if (where.startsWith("jdbc:sqlite:")) {
            needDriver("org.sqlite.JDBC", "SQLite", "org.xerial:sqlite-jdbc");
            return SqliteHistoryStore.open(Paths.get(where.substring("jdbc:sqlite:".length())));
        }
        if (where.startsWith("jdbc:")) {
            throw new HistoryException(where.substring(0, Math.min(where.length(), where.indexOf(':', 5) + 1))
                    + " is not a history database sns knows: use a file path, jdbc:sqlite:FILE or "
                    + "jdbc:postgresql://HOST/DB");
        }
        Path path = Paths.get(where);
        needDriver("org.sqlite.JDBC", "SQLite", "org.xerial:sqlite-jdbc");
        return SqliteHistoryStore.open(Files.isDirectory(path) ? path.resolve(DEFAULT_FILE) : path);
    }

    /**
     * The JDBC driver must be on the class path: the sns jars leave both drivers optional (sqlite-jdbc
     * alone is 13 MB), so a benchmarks jar that records a history adds the one it uses.
     */
    private static void needDriver(String driverClass, String database, String coordinates) throws HistoryException {
        try {
            Class.forName(driverClass, false, HistoryStores.class.getClassLoader());
        } catch (ClassNotFoundException | LinkageError e) {
            throw new HistoryException("the " + database + " JDBC driver is not on the class path: add " + coordinates
                    + " (its version is in sns-bom) to the project that builds your benchmarks jar");
        }
    }

    /** Whether {@code pathOrJdbcUrl} names a server (always "exists") or a file that exists: read commands need one. */
    public static boolean exists(String pathOrJdbcUrl) {
        String where = pathOrJdbcUrl == null || pathOrJdbcUrl.isBlank() ? DEFAULT_FILE : pathOrJdbcUrl.strip();
        if (where.startsWith("jdbc:postgresql:")) {
            return true;
        }
        Path path = Paths.get(where.startsWith("jdbc:sqlite:") ? where.substring("jdbc:sqlite:".length()) : where);
        return Files.isRegularFile(Files.isDirectory(path) ? path.resolve(DEFAULT_FILE) : path);
    }

    /** {@code url} with any password parameter's value replaced by "***", for messages. */
    public static String withoutPassword(String url) {
        return PASSWORD.matcher(url).replaceAll("$1***");
    }
}
