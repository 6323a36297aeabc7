package dev.sns.reports.history;

import dev.sns.options.Secrets;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
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
    /** A URL's scheme: letters, then {@code ://} (a Windows drive, {@code C:\\}, is not one). */
    private static final Pattern SCHEME = Pattern.compile("^[A-Za-z][A-Za-z0-9+.-]+://.*");
    /** How long {@link #check} waits for a PostgreSQL server to accept a connection. */
    public static final Duration REACH_TIMEOUT = Duration.ofSeconds(3);
    /** PostgreSQL's port when the URL names none. */
    static final int POSTGRES_PORT = 5432;

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
        unknownScheme(where);
        Path path = Paths.get(where);
        needDriver("org.sqlite.JDBC", "SQLite", "org.xerial:sqlite-jdbc");
        return SqliteHistoryStore.open(Files.isDirectory(path) ? path.resolve(DEFAULT_FILE) : path);
    }

    /**
     * What can be known about {@code pathOrJdbcUrl} before a run, without creating anything: its
     * scheme is one sns knows, the JDBC driver it needs is on the class path, a file's directory can
     * be made (no regular file in its way), and a PostgreSQL server accepts a connection on its port
     * within {@code timeout}. The sns Main calls this before the first fork, so that a history that
     * cannot be written stops the run at once instead of after it.
     *
     * @param pathOrJdbcUrl as for {@link #open}
     * @param timeout how long to wait for a server
     * @throws HistoryException one message naming the value (password masked) and the fix
     */
    public static void check(String pathOrJdbcUrl, Duration timeout) throws HistoryException {
        String where = pathOrJdbcUrl == null || pathOrJdbcUrl.isBlank() ? DEFAULT_FILE : pathOrJdbcUrl.strip();
        if (where.startsWith("jdbc:postgresql:")) {
            needDriver("org.postgresql.Driver", "PostgreSQL", "org.postgresql:postgresql");
            reachable(where, timeout);
            return;
        }
        String file = where;
        if (where.startsWith("jdbc:sqlite:")) {
            needDriver("org.sqlite.JDBC", "SQLite", "org.xerial:sqlite-jdbc");
            file = where.substring("jdbc:sqlite:".length());
        } else {
            unknownScheme(where);
            needDriver("org.sqlite.JDBC", "SQLite", "org.xerial:sqlite-jdbc");
        }
        Path path;
        try {
            path = Paths.get(file).toAbsolutePath();
        } catch (InvalidPathException e) {
            throw new HistoryException("history=" + Secrets.mask(where) + " is not a path: " + e.getReason()
                    + "; name a file (e.g. " + DEFAULT_FILE + "), a directory or jdbc:postgresql://HOST/DB");
        }
        if (Files.isDirectory(path)) {
            path = path.resolve(DEFAULT_FILE);
        }
        for (Path up = path.getParent(); up != null; up = up.getParent()) {
            if (Files.isRegularFile(up)) {
                throw new HistoryException("history=" + Secrets.mask(where) + " lies under " + up + ", which is a file, "
                        + "not a directory: name a file in a directory (e.g. " + up.resolveSibling(DEFAULT_FILE) + ")");
            }
            if (Files.isDirectory(up)) {
                if (!Files.exists(path) && !Files.isWritable(up)) {
                    throw new HistoryException("history=" + Secrets.mask(where) + ": this user may not write in " + up
                            + ": name a file in a directory it may write to");
                }
                break;
            }
        }
        if (Files.exists(path) && !Files.isRegularFile(path)) {
            throw new HistoryException("history=" + Secrets.mask(where) + " is not a regular file: name an sns history "
                    + "file, a directory, or a new path");
        }
    }

    private static void unknownScheme(String where) throws HistoryException {
        if (where.startsWith("jdbc:") || SCHEME.matcher(where).matches()) {
            String scheme = where.startsWith("jdbc:")
                    ? where.substring(0, Math.max(where.indexOf(':', 5), 4) + 1) : where.substring(0, where.indexOf(':') + 1);
            throw new HistoryException(Secrets.mask(where) + ": " + scheme + " is not a history database "
                    + "sns knows: use a file path, jdbc:sqlite:FILE or jdbc:postgresql://HOST/DB");
        }
    }

    /** The first host of a PostgreSQL URL accepts a TCP connection within the timeout. */
    private static void reachable(String url, Duration timeout) throws HistoryException {
        String rest = url.substring("jdbc:postgresql:".length());
        String host = "localhost";
        int port = POSTGRES_PORT;
        if (rest.startsWith("//")) {
            String authority = rest.substring(2).split("[/?]", 2)[0];
            authority = authority.substring(authority.lastIndexOf('@') + 1).split(",", 2)[0];
            try {
                URI u = new URI("postgresql://" + authority);
                host = u.getHost() == null || u.getHost().isEmpty() ? "localhost" : u.getHost();
                port = u.getPort() < 0 ? POSTGRES_PORT : u.getPort();
            } catch (URISyntaxException e) {
                throw new HistoryException("history=" + Secrets.mask(url) + ": the server '" + authority + "' is not "
                        + "HOST or HOST:PORT: write jdbc:postgresql://HOST[:PORT]/DB");
            }
        }
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress(host, port), (int) timeout.toMillis());
        } catch (IOException e) {
            throw new HistoryException("history=" + Secrets.mask(url) + ": the PostgreSQL server " + host + ":" + port
                    + " did not accept a connection within " + timeout.toSeconds() + " s (" + e.getMessage() + "): start "
                    + "it, fix the host or port, or record into a file (history=on)");
        }
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

    /** {@code url} with its passwords replaced by "***", for messages ({@link Secrets#mask}). */
    public static String withoutPassword(String url) {
        return Secrets.mask(url);
    }
}
