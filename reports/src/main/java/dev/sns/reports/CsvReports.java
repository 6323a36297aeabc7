package dev.sns.reports;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import org.apiguardian.api.API;

/**
 * results.csv (one row per benchmark), comparisons.csv (one row per pair), kernels.csv (one row
 * per kernel of each benchmark's kernel table), energy.csv and energy_comparisons.csv (energy per
 * benchmark and per pair) and device-health.csv (one row per benchmark and GPU compared with the run's
 * first GPU). RFC 4180 quoting, '.' as the decimal point whatever the locale, empty cells for values
 * not measured. Every file's columns are {@link ResultFields#columns} of its {@link CsvFile}: the
 * table of result fields is the one list of columns. The text only: {@link CsvReportFormat} writes
 * the files.
 */
@API(status = API.Status.INTERNAL, since = "0.2.0")
public final class CsvReports {
    /** Columns of energy.csv. */
    public static final List<String> ENERGY_COLUMNS = headers(CsvFile.ENERGY);
    /** Columns of energy_comparisons.csv. */
    public static final List<String> ENERGY_COMPARISON_COLUMNS = headers(CsvFile.ENERGY_COMPARISONS);

    /** Columns of results.csv; times in milliseconds per call. */
    public static final List<String> BENCHMARK_COLUMNS = headers(CsvFile.RESULTS);
    /** Columns results.csv has after {@link #BENCHMARK_COLUMNS} for a merged run group. */
    public static final List<String> ORIGIN_COLUMNS = headers(CsvFile.GROUP_RESULTS);
    /** Columns of comparisons.csv. */
    public static final List<String> COMPARISON_COLUMNS = headers(CsvFile.COMPARISONS);
    /** Columns of device-health.csv. */
    public static final List<String> HEALTH_COLUMNS = headers(CsvFile.DEVICE_HEALTH);
    /** Columns of kernels.csv. */
    public static final List<String> KERNEL_COLUMNS = headers(CsvFile.KERNELS);

    private CsvReports() {}

    /**
     * results.csv: the header, then one row per benchmark in report order (a merged group's columns last).
     *
     * @param report the report
     * @return the file's text, lines ending in "\n"
     */
    public static String benchmarksCsv(RunReport report) {
        List<CsvColumn<BenchmarkEntry>> columns = new ArrayList<>(ResultFields.columns(CsvFile.RESULTS));
        if (report.group() != null) {
            columns.addAll(ResultFields.columns(CsvFile.GROUP_RESULTS));
        }
        return table(columns, report.benchmarks());
    }

    /**
     * comparisons.csv: the header, then one row per comparison in report order.
     *
     * @param report the report
     * @return the file's text (the header alone without comparisons)
     */
    public static String comparisonsCsv(RunReport report) {
        return table(ResultFields.columns(CsvFile.COMPARISONS), report.comparisons());
    }

    /**
     * device-health.csv: the header, then one row per benchmark and device compared with the reference.
     *
     * @param report the report
     * @return the file's text (the header alone with one GPU)
     */
    public static String deviceHealthCsv(RunReport report) {
        return table(ResultFields.columns(CsvFile.DEVICE_HEALTH), report.deviceHealth());
    }

    /**
     * kernels.csv: the header, then one row per kernel of each benchmark with a kernel table, in report order.
     *
     * @param report the report
     * @return the file's text (the header alone without kernel tables)
     */
    public static String kernelsCsv(RunReport report) {
        List<CsvFile.KernelLine> lines = new ArrayList<>();
        for (BenchmarkEntry b : report.benchmarks()) {
            if (b.kernels() != null) {
                b.kernels().rows().forEach(r -> lines.add(new CsvFile.KernelLine(b, r)));
            }
        }
        return table(ResultFields.columns(CsvFile.KERNELS), lines);
    }

    /**
     * energy.csv: the header, then one row per benchmark that asked for energy, in report order.
     *
     * @param report the report
     * @return the file's text (the header alone without energy)
     */
    public static String energyCsv(RunReport report) {
        return table(ResultFields.columns(CsvFile.ENERGY),
                report.benchmarks().stream().filter(b -> b.energy() != null).toList());
    }

    /**
     * energy_comparisons.csv: the header, then one row per pair with an energy side, in report order.
     *
     * @param report the report
     * @return the file's text (the header alone without energy ratios)
     */
    public static String energyComparisonsCsv(RunReport report) {
        return table(ResultFields.columns(CsvFile.ENERGY_COMPARISONS),
                report.comparisons().stream().filter(c -> c.energy() != null).toList());
    }

    /**
     * Whether any benchmark asked for energy (energy.csv is written only then).
     *
     * @param report the report
     * @return true when a benchmark has an energy entry, measured or not
     */
    public static boolean hasEnergy(RunReport report) {
        return report.benchmarks().stream().anyMatch(b -> b.energy() != null);
    }

    /**
     * Whether any pair has an energy side (energy_comparisons.csv is written only then).
     *
     * @param report the report
     * @return true when a comparison has an energy ratio, available or not
     */
    public static boolean hasEnergyComparisons(RunReport report) {
        return report.comparisons().stream().anyMatch(c -> c.energy() != null);
    }

    /**
     * Whether any benchmark has kernel rows (kernels.csv is written only then).
     *
     * @param report the report
     * @return true when a benchmark's kernel table has a row
     */
    public static boolean hasKernels(RunReport report) {
        return report.benchmarks().stream().anyMatch(b -> b.kernels() != null && !b.kernels().rows().isEmpty());
    }

    /**
     * One cell, RFC 4180 quoted when it holds a comma, a quote or a line break.
     *
     * @param s the cell's text
     * @return the text, or it in double quotes with each quote doubled
     */
    public static String quote(String s) {
        if (s.indexOf(',') < 0 && s.indexOf('"') < 0 && s.indexOf('\n') < 0 && s.indexOf('\r') < 0) {
            return s;
        }
        return '"' + s.replace("\"", "\"\"") + '"';
    }

    /**
     * One line of CSV: the cells {@linkplain #quote quoted} where needed, comma-separated, ending in "\n".
     *
     * @param cells the cells, in column order
     * @return the line
     */
    public static String line(List<String> cells) {
        return cells.stream().map(CsvReports::quote).collect(Collectors.joining(",", "", "\n"));
    }

    private static <T> String table(List<CsvColumn<T>> columns, List<T> rows) {
        StringBuilder sb = new StringBuilder(line(columns.stream().map(CsvColumn::header).toList()));
        for (T r : rows) {
            sb.append(line(columns.stream().map(c -> c.text(r)).toList()));
        }
        return sb.toString();
    }

    private static List<String> headers(CsvFile<?> file) {
        return ResultFields.columns(file).stream().map(CsvColumn::header).toList();
    }
}
