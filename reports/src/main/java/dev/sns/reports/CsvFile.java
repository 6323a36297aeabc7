package dev.sns.reports;

import java.util.List;
import java.util.function.Function;
import org.apiguardian.api.API;

/**
 * One CSV file the csv format writes, with the type of its rows: results.csv has a row per
 * {@link BenchmarkEntry}, comparisons.csv a row per {@link ComparisonEntry}, and so on. Its columns
 * are the {@link CsvColumn}s the rows of {@link ResultFields} give it, in the table's order; a column
 * is made here, by {@link #column}, so that it reads the file's own row type.
 *
 * @param <R> what one row of the file is made from
 */
@API(status = API.Status.INTERNAL, since = "0.2.0")
public final class CsvFile<R> {
    /** results.csv: one row per benchmark. */
    public static final CsvFile<BenchmarkEntry> RESULTS = new CsvFile<>("results", CsvReportFormat.RESULTS_FILE,
            "one row per benchmark, in run order");
    /** results.csv of a merged run group: these columns come after {@link #RESULTS}' ones. */
    public static final CsvFile<BenchmarkEntry> GROUP_RESULTS = new CsvFile<>("group-results",
            CsvReportFormat.RESULTS_FILE, "a merged run group's results.csv: these columns after results.csv's");
    /** comparisons.csv: one row per candidate-vs-baseline pair. */
    public static final CsvFile<ComparisonEntry> COMPARISONS = new CsvFile<>("comparisons",
            CsvReportFormat.COMPARISONS_FILE, "one row per comparison, written only when the run has comparisons");
    /** kernels.csv: one row per kernel of each benchmark's kernel table. */
    public static final CsvFile<KernelLine> KERNELS = new CsvFile<>("kernels", CsvReportFormat.KERNELS_FILE,
            "one row per kernel of each benchmark with a kernel table, benchmarks in report order, kernels in the "
                    + "order a call first launches them");
    /** energy.csv: one row per benchmark that asked for energy. */
    public static final CsvFile<BenchmarkEntry> ENERGY = new CsvFile<>("energy", CsvReportFormat.ENERGY_FILE,
            "one row per benchmark that asked for energy (energy=true), in report order");
    /** energy_comparisons.csv: one row per pair with an energy ratio. */
    public static final CsvFile<ComparisonEntry> ENERGY_COMPARISONS = new CsvFile<>("energy-comparisons",
            CsvReportFormat.ENERGY_COMPARISONS_FILE, "one row per pair with an energy side, in report order");
    /** device-health.csv: one row per benchmark and GPU compared with the run's first GPU. */
    public static final CsvFile<DeviceHealthEntry> DEVICE_HEALTH = new CsvFile<>("device-health",
            CsvReportFormat.DEVICE_HEALTH_FILE, "one row per entry of deviceHealth, written only when a run "
                    + "measured several GPUs");

    /** Every file, in the order SCHEMA.md describes them. */
    public static final List<CsvFile<?>> ALL = List.of(RESULTS, GROUP_RESULTS, COMPARISONS, KERNELS, ENERGY,
            ENERGY_COMPARISONS, DEVICE_HEALTH);

    /**
     * One row of kernels.csv: a kernel of a benchmark's call.
     *
     * @param benchmark the benchmark whose kernel table it is in
     * @param row the kernel
     */
    public record KernelLine(BenchmarkEntry benchmark, BenchmarkEntry.KernelRow row) {}

    private final String name;
    private final String fileName;
    private final String rows;

    private CsvFile(String name, String fileName, String rows) {
        this.name = name;
        this.fileName = fileName;
        this.rows = rows;
    }

    /**
     * A column of this file: its header and its cell of a row (null for an empty cell).
     *
     * @param header its header, lower case with underscores ("median_ms")
     * @param cell its cell of a row: the value, or null for an empty cell (not measured)
     * @return the column, said to come from its field's first JSON path (see {@link CsvColumn#from})
     */
    public CsvColumn<R> column(String header, Function<R, ?> cell) {
        return new CsvColumn<>(this, header, cell, null);
    }

    /**
     * Its name in the table and the docs ("results", "group-results", "device-health").
     *
     * @return the name
     */
    public String name() {
        return name;
    }

    /**
     * The file it is written to, e.g. "results.csv".
     *
     * @return the file name
     */
    public String fileName() {
        return fileName;
    }

    /**
     * What its rows are, in words.
     *
     * @return e.g. "one row per benchmark, in run order"
     */
    public String rows() {
        return rows;
    }

    @Override
    public String toString() {
        return name;
    }
}
