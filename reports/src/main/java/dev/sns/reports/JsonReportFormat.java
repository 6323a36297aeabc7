package dev.sns.reports;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.apiguardian.api.API;

/** results.json: the whole report as byte-stable JSON ({@link JsonReports#toJson}), the one file compare reads. */
@API(status = API.Status.INTERNAL, since = "0.2.0")
public final class JsonReportFormat implements ReportFormat {
    /** The file this format writes. */
    public static final String FILE = "results.json";

    /** For {@link java.util.ServiceLoader}; {@link ReportFormats#byName} gives the shared instance. */
    public JsonReportFormat() {}

    @Override
    public String name() {
        return "json";
    }

    @Override
    public String description() {
        return FILE + ": every sample, summary and comparison (schema " + RunReport.SCHEMA + " v"
                + RunReport.SCHEMA_VERSION + ")";
    }

    @Override
    public List<String> fileNames() {
        return List.of(FILE);
    }

    @Override
    public void write(RunReport report, Path dir) throws IOException {
        AtomicFiles.write(dir.resolve(FILE), JsonReports.toJsonBytes(report));
    }
}
