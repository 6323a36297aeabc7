package dev.sns.reports.history;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;

/**
 * The team history on a PostgreSQL server, selected by a {@code jdbc:postgresql://} URL (user and
 * password as URL parameters or the driver's usual ways, e.g. {@code ~/.pgpass}; a
 * {@code currentSchema} parameter keeps the tables in a schema of their own). The same schema as
 * the embedded file; schema upgrades take an advisory lock, so many hosts may open and write at
 * once.
 */
final class PostgresHistoryStore extends JdbcHistoryStore {
    private PostgresHistoryStore(Connection c, String location) throws HistoryException {
        super(c, Dialect.POSTGRESQL, location);
    }

    static PostgresHistoryStore open(String url) throws HistoryException {
        String location = HistoryStores.withoutPassword(url);
        try {
            Connection c = DriverManager.getConnection(url);
            return new PostgresHistoryStore(c, location);
        } catch (SQLException e) {
            throw new HistoryException(location + ": cannot connect to the history: " + e.getMessage()
                    + " (is the server up, and do the URL's host, port, database, user and password fit?)", e);
        }
    }

    @Override
    String hint(SQLException e) {
        String state = e.getSQLState();
        if (state == null) {
            return "";
        }
        if (state.startsWith("08")) {
            return "the connection to the server was lost; run again when it is back";
        }
        if (state.equals("42501")) {
            return "the user may not create or write the history's tables: grant it, or use another schema";
        }
        return "";
    }
}
