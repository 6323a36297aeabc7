package dev.sns.reports.history;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link HistoryStores#check}: what the sns Main knows about {@code history=} before the first fork,
 * one case each, and a history that works passes without anything created.
 */
class HistoryCheckTest {
    private static final Duration T = Duration.ofSeconds(3);

    @TempDir
    Path tmp;

    @Test
    void anUnknownSchemeIsNamedWithTheOnesThatWork() {
        HistoryException e = assertThrows(HistoryException.class, () -> HistoryStores.check("postgres://db/sns", T));
        assertEquals("postgres://db/sns: postgres: is not a history database sns knows: use a file path, "
                + "jdbc:sqlite:FILE or jdbc:postgresql://HOST/DB", e.getMessage());
        e = assertThrows(HistoryException.class, () -> HistoryStores.check("jdbc:mysql://db/x?password=pw", T));
        assertTrue(e.getMessage().startsWith("jdbc:mysql://db/x?password=***: jdbc:mysql: is not"), e.getMessage());
    }

    @Test
    void aPathUnderARegularFileIsRefusedNamingTheFile() throws Exception {
        Path file = Files.writeString(tmp.resolve("results.json"), "{}");
        HistoryException e = assertThrows(HistoryException.class,
                () -> HistoryStores.check(file.resolve("h/sns-history.db").toString(), T));
        assertTrue(e.getMessage().contains("lies under " + file + ", which is a file, not a directory"), e.getMessage());
        e = assertThrows(HistoryException.class, () -> HistoryStores.check("jdbc:sqlite:" + file.resolve("x.db"), T));
        assertTrue(e.getMessage().contains("which is a file"), e.getMessage());
    }

    @Test
    void aFileADirectoryAndANewPathPassAndNothingIsCreated() throws Exception {
        HistoryStores.check(tmp.toString(), T);
        HistoryStores.check(tmp.resolve("new/dir/h.db").toString(), T);
        HistoryStores.check("jdbc:sqlite:" + tmp.resolve("h.db"), T);
        assertFalse(Files.exists(tmp.resolve("new")), "a check creates nothing");
        assertFalse(Files.exists(tmp.resolve(HistoryStores.DEFAULT_FILE)));
    }

    @Test
    void aPostgresServerThatAnswersPassesAndOneThatDoesNotIsNamedPasswordMasked() throws Exception {
        try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            HistoryStores.check("jdbc:postgresql://127.0.0.1:" + server.getLocalPort() + "/sns?password=pw", T);
        }
        int closed;
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            closed = s.getLocalPort();
        }
        String url = "jdbc:postgresql://127.0.0.1:" + closed + "/sns?user=u&password=s3cretPw";
        HistoryException e = assertThrows(HistoryException.class, () -> HistoryStores.check(url, T));
        assertTrue(e.getMessage().startsWith("history=jdbc:postgresql://127.0.0.1:" + closed
                + "/sns?user=u&password=***: the PostgreSQL server 127.0.0.1:" + closed
                + " did not accept a connection within 3 s"), e.getMessage());
        assertTrue(e.getMessage().endsWith("start it, fix the host or port, or record into a file (history=on)"),
                e.getMessage());
        assertFalse(e.getMessage().contains("s3cretPw"), e.getMessage());
    }

    /** A user's suite without sqlite-jdbc: the history classes alone, without the driver, on a class loader. */
    @Test
    void noJdbcDriverOnTheClassPathNamesTheDependencyToAdd() throws Exception {
        URL reports = HistoryStores.class.getProtectionDomain().getCodeSource().getLocation();
        URL options = dev.sns.options.Secrets.class.getProtectionDomain().getCodeSource().getLocation();
        try (URLClassLoader alone = new URLClassLoader(new URL[] {reports, options}, ClassLoader.getPlatformClassLoader())) {
            Method check = alone.loadClass(HistoryStores.class.getName()).getMethod("check", String.class, Duration.class);
            InvocationTargetException e = assertThrows(InvocationTargetException.class,
                    () -> check.invoke(null, tmp.resolve("h.db").toString(), T));
            assertEquals("the SQLite JDBC driver is not on the class path: add org.xerial:sqlite-jdbc (its version is in "
                    + "sns-bom) to the project that builds your benchmarks jar", e.getCause().getMessage());
            e = assertThrows(InvocationTargetException.class, () -> check.invoke(null, "jdbc:postgresql://db/sns", T));
            assertTrue(e.getCause().getMessage().startsWith("the PostgreSQL JDBC driver is not on the class path: add "
                    + "org.postgresql:postgresql"), e.getCause().getMessage());
        }
    }
}
