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
    /** The name the {@code formats} option uses: lower case, no comma or space, e.g. "json". */
    String name();

    /** What it writes, in one line: "results.json: every sample, summary and comparison ...". */
    String description();

    /** The file names {@link #write} may create in its directory, e.g. ["results.csv", "comparisons.csv"]. */
    List<String> fileNames();

    /**
     * Writes this format's files for {@code report} into {@code dir} (created if missing), each
     * atomically ({@link AtomicFiles}): a reader sees the previous complete file or the new one.
     *
     * @throws IOException when a file cannot be written; files written before it stay complete
     */
    void write(RunReport report, Path dir) throws IOException;
}
