package dev.sns.reports.history;

import static org.junit.jupiter.api.Assertions.fail;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Assumptions;

/**
 * The PostgreSQL server the history tests run against: {@code SNS_TEST_POSTGRES_URL} (or the
 * system property {@code sns.test.postgres.url}), which {@code .ci/run} sets after starting a
 * server of its own. Without one the tests skip with the reason, except under {@code CI=true},
 * where they fail: CI must never pass without having talked to a real server.
 */
final class PostgresServer {
    static final String ENV = "SNS_TEST_POSTGRES_URL";
    private static final AtomicInteger SCHEMAS = new AtomicInteger();
    private static final java.util.concurrent.atomic.AtomicBoolean SAID = new java.util.concurrent.atomic.AtomicBoolean();

    private PostgresServer() {}

    /** The server's URL, or the test is skipped (locally) or failed (in CI). */
    static String url() {
        String url = System.getProperty("sns.test.postgres.url", System.getenv(ENV));
        if (url == null || url.isBlank()) {
            String why = "no PostgreSQL server for the history tests: set " + ENV
                    + "=jdbc:postgresql://HOST:PORT/DB?user=U&password=P (.ci/run starts one and sets it)";
            if ("true".equals(System.getenv("CI"))) {
                fail(why + "; under CI=true these tests must run");
            }
            // Maven's summary counts skipped tests without their reason: say it where the tests run, once
            if (!SAID.getAndSet(true)) {
                System.out.println("[postgresql tests skipped] " + why);
            }
            Assumptions.abort(why);
        }
        return url;
    }

    /** A URL whose tables live in a new, empty schema of their own: each test starts from nothing. */
    static String freshSchemaUrl() throws SQLException {
        String url = url();
        String schema = "sns_t" + ProcessHandle.current().pid() + "_" + SCHEMAS.incrementAndGet() + "_"
                + Long.toHexString(System.nanoTime() & 0xffffffL);
        try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement()) {
            s.execute("CREATE SCHEMA " + schema);
        }
        return url + (url.contains("?") ? "&" : "?") + "currentSchema=" + schema;
    }
}
