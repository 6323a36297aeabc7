package dev.sns.reports;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.ServiceLoader;
import org.apiguardian.api.API;

/**
 * The registry of {@link ReportFormat}s: those listed in {@code META-INF/services/dev.sns.reports.ReportFormat}
 * (json, csv and html in this module), loaded once with {@link ReportFormat}'s class loader and kept in
 * the services file's order. The {@code formats} option is checked with {@link #parseList}, the
 * files are written with {@link #writeAll}.
 */
@API(status = API.Status.INTERNAL, since = "0.2.0")
public final class ReportFormats {
    private static volatile List<ReportFormat> loaded;

    private ReportFormats() {}

    /**
     * Every format, in the services file's order (json, csv, html).
     *
     * @return the formats, loaded on the first call
     * @throws IllegalStateException when a format has a bad or repeated name or declares no file names
     */
    public static List<ReportFormat> all() {
        List<ReportFormat> formats = loaded;
        if (formats == null) {
            synchronized (ReportFormats.class) {
                formats = loaded;
                if (formats == null) {
                    formats = checked(ServiceLoader.load(ReportFormat.class, ReportFormat.class.getClassLoader()));
                    loaded = formats;
                }
            }
        }
        return formats;
    }

    /**
     * The names of {@link #all()}, in order: ["json", "csv", "html"].
     *
     * @return the names
     */
    public static List<String> names() {
        return all().stream().map(ReportFormat::name).toList();
    }

    /**
     * The format named {@code name} (exactly, lower case).
     *
     * @param name the format's name, e.g. "json"
     * @return the format
     * @throws IllegalArgumentException "unknown report format 'pdf': known formats are json, csv, html"
     */
    public static ReportFormat byName(String name) {
        for (ReportFormat f : all()) {
            if (f.name().equals(name)) {
                return f;
            }
        }
        throw new IllegalArgumentException("unknown report format '" + name + "': known formats are " + known());
    }

    /**
     * The formats of an option value such as "json,csv,html": each name trimmed, in the order given,
     * a repeated one kept once.
     *
     * @param commaSeparated the option's value, e.g. "json,csv"
     * @return the formats, in the order given
     * @throws IllegalArgumentException naming the bad value and the known formats, for a null or
     *     empty value, an empty entry ("json,,csv", a trailing comma) or an unknown name
     */
    public static List<ReportFormat> parseList(String commaSeparated) {
        if (commaSeparated == null || commaSeparated.isBlank()) {
            throw new IllegalArgumentException("no report format given" + (commaSeparated == null ? "" : " ('"
                    + commaSeparated + "')") + ": name one or more of " + known() + ", separated by commas");
        }
        Map<String, ReportFormat> chosen = new LinkedHashMap<>();
        for (String entry : commaSeparated.split(",", -1)) {
            String name = entry.trim();
            if (name.isEmpty()) {
                throw new IllegalArgumentException("empty report format in '" + commaSeparated
                        + "' (two commas in a row, or one at an end): known formats are " + known());
            }
            chosen.putIfAbsent(name, byName(name));
        }
        return List.copyOf(chosen.values());
    }

    /**
     * Writes every format in {@code formats} into {@code dir}, in order. One that fails does not stop
     * the others: they are all written, and then one {@link IOException} names the failed formats,
     * each with its reason, and the formats that were written ("could not write report format html
     * into out (html: FileSystemException: ...: Is a directory); written: json, csv"); each failure is
     * attached as a suppressed exception. A format's unchecked exception counts as a failure like an
     * I/O error.
     *
     * @param report the report to write
     * @param dir the directory to write into
     * @param formats the formats, written in this order
     * @throws IOException naming every format that failed and those written
     * @throws NullPointerException if {@code report} or {@code dir} is null
     */
    public static void writeAll(RunReport report, Path dir, Collection<ReportFormat> formats) throws IOException {
        Objects.requireNonNull(report, "report");
        Objects.requireNonNull(dir, "dir");
        List<String> failed = new ArrayList<>();
        List<String> reasons = new ArrayList<>();
        List<String> written = new ArrayList<>();
        List<Exception> causes = new ArrayList<>();
        for (ReportFormat f : formats) {
            try {
                f.write(report, dir);
                written.add(f.name());
            } catch (IOException | RuntimeException e) {
                failed.add(f.name());
                reasons.add(f.name() + ": " + reason(e));
                causes.add(e);
            }
        }
        if (!failed.isEmpty()) {
            IOException e = new IOException("could not write report format" + (failed.size() == 1 ? " " : "s ")
                    + String.join(", ", failed) + " into " + dir + " (" + String.join("; ", reasons) + ")"
                    + (written.isEmpty() ? "" : "; written: " + String.join(", ", written)));
            causes.forEach(e::addSuppressed);
            throw e;
        }
    }

    /**
     * The formats {@code found}, checked: each has a name of lower-case letters and digits, at least
     * one file name, and a name no other format has.
     */
    static List<ReportFormat> checked(Iterable<? extends ReportFormat> found) {
        Map<String, ReportFormat> byName = new LinkedHashMap<>();
        for (ReportFormat f : found) {
            String name = f.name();
            if (name == null || !name.matches("[a-z][a-z0-9]*")) {
                throw new IllegalStateException("report format " + f.getClass().getName() + " is named '" + name
                        + "': a name is lower-case letters and digits (it appears in a comma-separated option)");
            }
            if (f.fileNames() == null || f.fileNames().isEmpty()) {
                throw new IllegalStateException("report format '" + name + "' (" + f.getClass().getName()
                        + ") declares no file names: list the files its write() creates");
            }
            ReportFormat other = byName.putIfAbsent(name, f);
            if (other != null) {
                throw new IllegalStateException("two report formats are named '" + name + "': "
                        + other.getClass().getName() + " and " + f.getClass().getName()
                        + "; remove one from META-INF/services/" + ReportFormat.class.getName() + " or rename it");
            }
        }
        return List.copyOf(byName.values());
    }

    private static String known() {
        List<String> names = names();
        return names.isEmpty() ? "none (no META-INF/services/" + ReportFormat.class.getName() + " on the class path)"
                : String.join(", ", names);
    }

    /** "FileSystemException: /out/report.html: Is a directory": the type says as much as the message. */
    private static String reason(Exception e) {
        return e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": " + e.getMessage());
    }
}
