package dev.sns.reports;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.apiguardian.api.API;

/**
 * One form a {@link RunReport} is written in: results.json, the CSV files, the HTML page. Every
 * writer of the project goes through this interface and {@link ReportFormats}, the registry that
 * the {@code formats} option, the JMH collector and the command line read.
 *
 * <p>Implementations are found with {@link java.util.ServiceLoader}: one line in
 * {@code META-INF/services/dev.sns.reports.ReportFormat} and a public no-argument constructor. They
 * hold no state, so one instance serves every run.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.2.0")
public interface ReportFormat {
    /**
     * The name the {@code formats} option uses.
     *
     * @return lower-case letters and digits, unique among the formats, e.g. "json"
     */
    String name();

    /**
     * What it writes, in words.
     *
     * @return one line that starts with its first file name and a colon, e.g. "results.json: every sample,
     *     summary and comparison ..."
     */
    String description();

    /**
     * The files {@link #write} may create in its directory (some only when the report has what they hold).
     *
     * @return their names, at least one, e.g. ["results.csv", "comparisons.csv"]
     */
    List<String> fileNames();

    /**
     * Writes this format's files for {@code report} into {@code dir} (created if missing), each
     * atomically ({@link AtomicFiles}): a reader sees the previous complete file or the new one.
     *
     * @param report the report to write
     * @param dir the directory to write into
     * @throws IOException when a file cannot be written; files written before it stay complete
     */
    void write(RunReport report, Path dir) throws IOException;
}
