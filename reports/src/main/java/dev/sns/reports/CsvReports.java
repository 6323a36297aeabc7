package dev.sns.reports;

import dev.sns.reports.BenchmarkEntry.Clocks;
import dev.sns.reports.BenchmarkEntry.Summary;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.apiguardian.api.API;

/**
 * results.csv (one row per benchmark), comparisons.csv (one row per pair), kernels.csv (one row
 * per kernel of each benchmark's kernel table) and device-health.csv (one row per benchmark and GPU
 * compared with the run's first GPU). RFC 4180 quoting,
 * '.' as the decimal point whatever the locale, empty cells for values not measured. The columns
 * are {@link #BENCHMARK_COLUMNS} (and {@link #ORIGIN_COLUMNS} for a merged run group) and
 * {@link #COMPARISON_COLUMNS}, documented in reports/SCHEMA.md;
 * each is declared once below, its header beside the field it reads. The text only:
 * {@link CsvReportFormat} writes the files.
 */
@API(status = API.Status.INTERNAL, since = "0.2.0")
public final class CsvReports {
    /** A column: its header, and its cell of a row (null for an empty cell). */
    private record Column<T>(String name, Function<T, ?> cell) {}

    /** Times in milliseconds per call, clocks in MHz. */
    private static final List<Column<BenchmarkEntry>> BENCHMARK = List.of(
            column("id", BenchmarkEntry::id),
            column("benchmark", BenchmarkEntry::benchmark),
            column("params", b -> params(b.params())),
            column("device", b -> b.device() == null ? null : b.device().index()),
            column("device_uuid", b -> b.device() == null ? null : b.device().uuid()),
            column("status", BenchmarkEntry::status),
            column("source", BenchmarkEntry::source),
            summary("median_ms", Summary::median),
            summary("lower_ms", Summary::lower),
            summary("upper_ms", Summary::upper),
            summary("confidence", Summary::confidence),
            summary("p10_ms", Summary::p10),
            summary("p90_ms", Summary::p90),
            summary("n", Summary::n),
            summary("windows", Summary::windows),
            summary("forks", Summary::forks),
            summary("inner_reps", Summary::innerReps),
            column("tier", BenchmarkEntry::tier),
            column("tier_reasons", b -> String.join("; ", b.tierReasons())),
            summary("launch_overhead_ms", Summary::launchOverhead),
            summary("net_median_ms", Summary::netMedian),
            summary("net_lower_ms", Summary::netLower),
            summary("net_upper_ms", Summary::netUpper),
            summary("gb_per_s", Summary::gbPerSecond),
            summary("tflops", Summary::tflops),
            summary("bw_share", Summary::bandwidthShare),
            summary("flops_share", Summary::flopsShare),
            kernels("kernel_ms", BenchmarkEntry.Kernels::kernelMedian),
            kernels("kernel_share", BenchmarkEntry.Kernels::kernelShare),
            clocks("sm_clock_mean_mhz", Clocks::smMeanMhz),
            clocks("sm_clock_cv_percent", Clocks::smCvPercent),
            clocks("throttle", c -> c.throttleReasons() == null ? "" : String.join("; ", c.throttleReasons())),
            column("timer", BenchmarkEntry::timer),
            column("message", BenchmarkEntry::message));

    /**
     * Added to results.csv for a merged run group only: where each benchmark was measured, and the wall
     * time its forks took (milliseconds in all).
     */
    private static final List<Column<BenchmarkEntry>> ORIGIN = List.of(
            column("shard", b -> b.origin() == null ? null : b.origin().shard()),
            column("run", b -> b.origin() == null ? null : b.origin().runId()),
            column("host", b -> b.origin() == null ? null : b.origin().host()),
            column("fingerprint", b -> b.origin() == null ? null : b.origin().fingerprint()),
            column("wall_ms", BenchmarkEntry::wallMillis));

    /** Speedups dimensionless. */
    private static final List<Column<ComparisonEntry>> COMPARISON = List.of(
            column("candidate", ComparisonEntry::candidate),
            column("baseline", ComparisonEntry::baseline),
            column("params", c -> params(c.params())),
            column("speedup", ComparisonEntry::speedup),
            column("lower", ComparisonEntry::lower),
            column("upper", ComparisonEntry::upper),
            column("confidence", ComparisonEntry::confidence),
            column("cycle_lower", ComparisonEntry::cycleLower),
            column("cycle_upper", ComparisonEntry::cycleUpper),
            column("net_speedup", ComparisonEntry::netSpeedup),
            column("net_lower", ComparisonEntry::netLower),
            column("net_upper", ComparisonEntry::netUpper),
            column("tier", ComparisonEntry::tier),
            column("verdict", ComparisonEntry::verdict),
            column("verdict_on", ComparisonEntry::verdictOn),
            column("rounds", ComparisonEntry::rounds),
            column("design", ComparisonEntry::design));

    /** One benchmark on one GPU against the reference GPU (device-health.csv): speedups dimensionless, clocks MHz. */
    private static final List<Column<DeviceHealthEntry>> HEALTH = List.of(
            column("id", DeviceHealthEntry::id),
            column("device", DeviceHealthEntry::device),
            column("reference", DeviceHealthEntry::reference),
            column("speedup", h -> h.speedup().speedup()),
            column("lower", h -> h.speedup().lower()),
            column("upper", h -> h.speedup().upper()),
            column("confidence", h -> h.speedup().confidence()),
            column("tier", h -> h.speedup().tier()),
            column("finding", DeviceHealthEntry::finding),
            column("suspect", DeviceHealthEntry::suspect),
            column("sm_clock_mean_mhz", h -> h.deviceEvidence().smMeanMhz()),
            column("reference_sm_clock_mean_mhz", h -> h.referenceEvidence().smMeanMhz()),
            column("throttle", h -> String.join("; ", h.deviceEvidence().throttleReasons())),
            column("reference_throttle", h -> String.join("; ", h.referenceEvidence().throttleReasons())),
            column("metadata", h -> String.join("; ", h.deviceEvidence().metadataReasons())),
            column("rounds", h -> h.speedup().rounds()),
            column("design", h -> h.speedup().design()));

    /** One kernel of one benchmark's call (kernels.csv): times in milliseconds, shares as fractions. */
    private record KernelLine(String id, BenchmarkEntry.KernelRow row) {}

    private static final List<Column<KernelLine>> KERNEL = List.of(
            column("id", KernelLine::id),
            column("kernel", k -> k.row().name()),
            column("symbol", k -> k.row().symbol()),
            column("grid", k -> k.row().grid()),
            column("block", k -> k.row().block()),
            column("count_per_call", k -> k.row().countPerCall()),
            column("median_ms", k -> k.row().median()),
            column("lower_ms", k -> k.row().lower()),
            column("upper_ms", k -> k.row().upper()),
            column("share_of_call", k -> k.row().shareOfCall()));

    /** One benchmark's energy (energy.csv): joules, watts, temperatures in degrees Celsius; the time beside it. */
    private static final List<Column<BenchmarkEntry>> ENERGY = List.of(
            column("id", BenchmarkEntry::id),
            summary("median_ms", Summary::median),
            energy("joules_per_call", BenchmarkEntry.Energy::joulesPerCall),
            energy("lower_j", BenchmarkEntry.Energy::lower),
            energy("upper_j", BenchmarkEntry.Energy::upper),
            energy("watts", BenchmarkEntry.Energy::watts),
            energy("watts_lower", BenchmarkEntry.Energy::wattsLower),
            energy("watts_upper", BenchmarkEntry.Energy::wattsUpper),
            energy("idle_watts", BenchmarkEntry.Energy::idleWatts),
            energy("above_idle_j", BenchmarkEntry.Energy::aboveIdle),
            energy("above_idle_lower_j", BenchmarkEntry.Energy::aboveIdleLower),
            energy("above_idle_upper_j", BenchmarkEntry.Energy::aboveIdleUpper),
            energy("gflops_per_j", BenchmarkEntry.Energy::gflopsPerJoule),
            energy("gb_per_j", BenchmarkEntry.Energy::gbPerJoule),
            energy("windows", BenchmarkEntry.Energy::windows),
            energy("updates_per_window", BenchmarkEntry.Energy::updatesPerWindow),
            energy("update_period_ms", BenchmarkEntry.Energy::updatePeriodMs),
            energy("temperature_min_c", BenchmarkEntry.Energy::temperatureMinC),
            energy("temperature_max_c", BenchmarkEntry.Energy::temperatureMaxC),
            energy("hot_windows", BenchmarkEntry.Energy::hotWindows),
            energy("power_sensor_ratio", BenchmarkEntry.Energy::powerSensorRatio),
            energy("unavailable", BenchmarkEntry.Energy::unavailable));

    /** One pair's energy ratio (energy_comparisons.csv), dimensionless: baseline joules per call / candidate's. */
    private static final List<Column<ComparisonEntry>> ENERGY_COMPARISON = List.of(
            column("candidate", ComparisonEntry::candidate),
            column("baseline", ComparisonEntry::baseline),
            column("params", c -> params(c.params())),
            column("speedup", ComparisonEntry::speedup),
            column("verdict", ComparisonEntry::verdict),
            energyRatio("energy_ratio", ComparisonEntry.EnergyRatio::ratio),
            energyRatio("lower", ComparisonEntry.EnergyRatio::lower),
            energyRatio("upper", ComparisonEntry.EnergyRatio::upper),
            energyRatio("above_idle_ratio", ComparisonEntry.EnergyRatio::aboveIdleRatio),
            energyRatio("above_idle_lower", ComparisonEntry.EnergyRatio::aboveIdleLower),
            energyRatio("above_idle_upper", ComparisonEntry.EnergyRatio::aboveIdleUpper),
            energyRatio("energy_verdict", ComparisonEntry.EnergyRatio::verdict),
            energyRatio("margin", ComparisonEntry.EnergyRatio::margin),
            energyRatio("design", ComparisonEntry.EnergyRatio::design),
            energyRatio("unavailable", ComparisonEntry.EnergyRatio::unavailable));

    /** Columns of energy.csv. */
    public static final List<String> ENERGY_COLUMNS = names(ENERGY);
    /** Columns of energy_comparisons.csv. */
    public static final List<String> ENERGY_COMPARISON_COLUMNS = names(ENERGY_COMPARISON);

    /** Columns of results.csv; times in milliseconds per call. */
    public static final List<String> BENCHMARK_COLUMNS = names(BENCHMARK);
    /** Columns results.csv has after {@link #BENCHMARK_COLUMNS} for a merged run group. */
    public static final List<String> ORIGIN_COLUMNS = names(ORIGIN);
    /** Columns of comparisons.csv. */
    public static final List<String> COMPARISON_COLUMNS = names(COMPARISON);
    /** Columns of device-health.csv. */
    public static final List<String> HEALTH_COLUMNS = names(HEALTH);
    /** Columns of kernels.csv. */
    public static final List<String> KERNEL_COLUMNS = names(KERNEL);

    private CsvReports() {}

    /** results.csv: the header, then one row per benchmark in report order. */
    public static String benchmarksCsv(RunReport report) {
        if (report.group() != null) {
            List<Column<BenchmarkEntry>> columns = new java.util.ArrayList<>(BENCHMARK);
            columns.addAll(ORIGIN);
            return table(columns, report.benchmarks());
        }
        return table(BENCHMARK, report.benchmarks());
    }

    /** comparisons.csv: the header, then one row per comparison in report order. */
    public static String comparisonsCsv(RunReport report) {
        return table(COMPARISON, report.comparisons());
    }

    /** device-health.csv: the header, then one row per benchmark and device compared with the reference. */
    public static String deviceHealthCsv(RunReport report) {
        return table(HEALTH, report.deviceHealth());
    }

    /** kernels.csv: the header, then one row per kernel of each benchmark with a kernel table, in report order. */
    public static String kernelsCsv(RunReport report) {
        List<KernelLine> lines = new java.util.ArrayList<>();
        for (BenchmarkEntry b : report.benchmarks()) {
            if (b.kernels() != null) {
                b.kernels().rows().forEach(r -> lines.add(new KernelLine(b.id(), r)));
            }
        }
        return table(KERNEL, lines);
    }

    /** energy.csv: the header, then one row per benchmark that asked for energy, in report order. */
    public static String energyCsv(RunReport report) {
        return table(ENERGY, report.benchmarks().stream().filter(b -> b.energy() != null).toList());
    }

    /** energy_comparisons.csv: the header, then one row per pair with an energy side, in report order. */
    public static String energyComparisonsCsv(RunReport report) {
        return table(ENERGY_COMPARISON, report.comparisons().stream().filter(c -> c.energy() != null).toList());
    }

    /** Whether any benchmark asked for energy (energy.csv is written only then). */
    public static boolean hasEnergy(RunReport report) {
        return report.benchmarks().stream().anyMatch(b -> b.energy() != null);
    }

    /** Whether any pair has an energy side (energy_comparisons.csv is written only then). */
    public static boolean hasEnergyComparisons(RunReport report) {
        return report.comparisons().stream().anyMatch(c -> c.energy() != null);
    }

    /** Whether any benchmark has kernel rows (kernels.csv is written only then). */
    public static boolean hasKernels(RunReport report) {
        return report.benchmarks().stream().anyMatch(b -> b.kernels() != null && !b.kernels().rows().isEmpty());
    }

    /** One cell, RFC 4180 quoted when it holds a comma, a quote or a line break. */
    public static String quote(String s) {
        if (s.indexOf(',') < 0 && s.indexOf('"') < 0 && s.indexOf('\n') < 0 && s.indexOf('\r') < 0) {
            return s;
        }
        return '"' + s.replace("\"", "\"\"") + '"';
    }

    /** One line of CSV: the cells {@linkplain #quote quoted} where needed, comma-separated, ending in "\n". */
    public static String line(List<String> cells) {
        return cells.stream().map(CsvReports::quote).collect(Collectors.joining(",", "", "\n"));
    }

    private static <T> String table(List<Column<T>> columns, List<T> rows) {
        StringBuilder sb = new StringBuilder(line(names(columns)));
        for (T r : rows) {
            sb.append(line(columns.stream().map(c -> cell(c.cell().apply(r))).toList()));
        }
        return sb.toString();
    }

    /** A value as Java writes it ('.' in every locale, 1.0E-4), or "" when not measured. */
    private static String cell(Object value) {
        return value == null ? "" : value.toString();
    }

    /** "k1=v1;k2=v2", keys sorted (the entries keep their params sorted). */
    private static String params(Map<String, String> params) {
        return params.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining(";"));
    }

    private static <T> Column<T> column(String name, Function<T, ?> cell) {
        return new Column<>(name, cell);
    }

    /** A column of the benchmark's summary: empty when there is none (not measured). */
    private static Column<BenchmarkEntry> summary(String name, Function<Summary, ?> field) {
        return column(name, b -> b.summary() == null ? null : field.apply(b.summary()));
    }

    /** A column of the benchmark's kernel table: empty when there is none. */
    private static Column<BenchmarkEntry> kernels(String name, Function<BenchmarkEntry.Kernels, ?> field) {
        return column(name, b -> b.kernels() == null ? null : field.apply(b.kernels()));
    }

    /** A column of the benchmark's energy: empty when there is none (not asked for, or not measured). */
    private static Column<BenchmarkEntry> energy(String name, Function<BenchmarkEntry.Energy, ?> field) {
        return column(name, b -> b.energy() == null ? null : field.apply(b.energy()));
    }

    /** A column of the pair's energy ratio: empty when there is none. */
    private static Column<ComparisonEntry> energyRatio(String name, Function<ComparisonEntry.EnergyRatio, ?> field) {
        return column(name, c -> c.energy() == null ? null : field.apply(c.energy()));
    }

    /** A column of the benchmark's clock evidence: empty when there is none. */
    private static Column<BenchmarkEntry> clocks(String name, Function<Clocks, ?> field) {
        return column(name, b -> b.clocks() == null ? null : field.apply(b.clocks()));
    }

    private static <T> List<String> names(List<Column<T>> columns) {
        return columns.stream().map(Column::name).toList();
    }
}
