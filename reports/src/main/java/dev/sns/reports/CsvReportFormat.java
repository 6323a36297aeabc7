package dev.sns.reports;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.apiguardian.api.API;

/**
 * results.csv (one row per benchmark), comparisons.csv (one row per pair, written only when the
 * report has comparisons) and kernels.csv (one row per kernel, only when there are kernel tables);
 * the text is {@link CsvReports}'.
 */
@API(status = API.Status.INTERNAL, since = "0.2.0")
public final class CsvReportFormat implements ReportFormat {
    /** One row per benchmark. */
    public static final String RESULTS_FILE = "results.csv";
    /** One row per candidate-vs-baseline pair. */
    public static final String COMPARISONS_FILE = "comparisons.csv";
    /** One row per kernel of each benchmark's kernel table (option kernels=true). */
    public static final String KERNELS_FILE = "kernels.csv";

    /** One row per benchmark that asked for energy (option energy=true). */
    public static final String ENERGY_FILE = "energy.csv";
    /** One row per pair with an energy ratio. */
    public static final String ENERGY_COMPARISONS_FILE = "energy_comparisons.csv";
    /** One row per benchmark and GPU compared with the run's first GPU (a run of several devices). */
    public static final String DEVICE_HEALTH_FILE = "device-health.csv";

    /** For {@link java.util.ServiceLoader}; {@link ReportFormats#byName} gives the shared instance. */
    public CsvReportFormat() {}

    @Override
    public String name() {
        return "csv";
    }

    @Override
    public String description() {
        return RESULTS_FILE + ": one row per benchmark; " + COMPARISONS_FILE + ": one row per pair, when there are pairs; "
                + KERNELS_FILE + ": one row per kernel, when there are kernel tables; " + ENERGY_FILE + " and "
                + ENERGY_COMPARISONS_FILE + ": energy per benchmark and energy ratio per pair, when energy was measured; "
                + DEVICE_HEALTH_FILE + ": one row per benchmark and GPU against the first GPU, when a run measured several";
    }

    @Override
    public List<String> fileNames() {
        return List.of(RESULTS_FILE, COMPARISONS_FILE, KERNELS_FILE, ENERGY_FILE, ENERGY_COMPARISONS_FILE,
                DEVICE_HEALTH_FILE);
    }

    @Override
    public void write(RunReport report, Path dir) throws IOException {
        AtomicFiles.write(dir.resolve(RESULTS_FILE), CsvReports.benchmarksCsv(report).getBytes(StandardCharsets.UTF_8));
        if (!report.comparisons().isEmpty()) {
            AtomicFiles.write(dir.resolve(COMPARISONS_FILE),
                    CsvReports.comparisonsCsv(report).getBytes(StandardCharsets.UTF_8));
        }
        if (!report.deviceHealth().isEmpty()) {
            AtomicFiles.write(dir.resolve(DEVICE_HEALTH_FILE),
                    CsvReports.deviceHealthCsv(report).getBytes(StandardCharsets.UTF_8));
        }
        if (CsvReports.hasKernels(report)) {
            AtomicFiles.write(dir.resolve(KERNELS_FILE), CsvReports.kernelsCsv(report).getBytes(StandardCharsets.UTF_8));
        }
        if (CsvReports.hasEnergy(report)) {
            AtomicFiles.write(dir.resolve(ENERGY_FILE), CsvReports.energyCsv(report).getBytes(StandardCharsets.UTF_8));
        }
        if (CsvReports.hasEnergyComparisons(report)) {
            AtomicFiles.write(dir.resolve(ENERGY_COMPARISONS_FILE),
                    CsvReports.energyComparisonsCsv(report).getBytes(StandardCharsets.UTF_8));
        }
    }
}
