package dev.sns.reports;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import org.apiguardian.api.API;

/**
 * Everything one run measured: where (fingerprint), how (options, seed), each benchmark's samples
 * and summary, and the comparisons. The JSON form is {@code results.json}, schema version
 * {@value #SCHEMA_VERSION}.
 *
 * @param schema always {@value #SCHEMA}
 * @param schemaVersion {@value #SCHEMA_VERSION} for files this version writes
 * @param snsVersion the sns that wrote it
 * @param createdAt when the run started (ISO-8601), as the writer was told
 * @param fingerprint the environment fingerprint's fields
 * @param options every option of the run, as text
 * @param seed the bootstrap seed, e.g. "0xC0FFEE"
 * @param benchmarks one entry per benchmark (and parameter combination), in run order
 * @param comparisons candidate-vs-baseline results
 * @param devices the GPUs the run measured on, each with its own fingerprint (empty, left out of
 *     results.json, when the run did not choose devices)
 * @param deviceHealth each benchmark measured on several GPUs against the first of them (empty, left
 *     out, with one GPU)
 * @param group the shards a merged report was made of (null, left out of results.json, for one run)
 */
public record RunReport(String schema, int schemaVersion, String snsVersion, String createdAt,
                        Map<String, String> fingerprint, Map<String, String> options, String seed,
                        List<BenchmarkEntry> benchmarks, List<ComparisonEntry> comparisons,
                        @JsonInclude(JsonInclude.Include.NON_EMPTY) List<DeviceEntry> devices,
                        @JsonInclude(JsonInclude.Include.NON_EMPTY) List<DeviceHealthEntry> deviceHealth,
                        @JsonInclude(JsonInclude.Include.NON_NULL) RunGroup group) {
    public static final String SCHEMA = "sns-results";
    public static final int SCHEMA_VERSION = 1;

    @API(status = API.Status.INTERNAL, since = "0.2.0")

    public RunReport {
        Objects.requireNonNull(schema, "schema");
        fingerprint = new TreeMap<>(fingerprint == null ? Map.of() : fingerprint);
        options = new TreeMap<>(options == null ? Map.of() : options);
        benchmarks = List.copyOf(benchmarks == null ? List.of() : benchmarks);
        comparisons = List.copyOf(comparisons == null ? List.of() : comparisons);
        devices = List.copyOf(devices == null ? List.of() : devices);
        deviceHealth = List.copyOf(deviceHealth == null ? List.of() : deviceHealth);
    }

    /** A report of a run that did not choose devices. */
    @API(status = API.Status.INTERNAL, since = "0.2.0")
    public RunReport(String schema, int schemaVersion, String snsVersion, String createdAt,
                     Map<String, String> fingerprint, Map<String, String> options, String seed,
                     List<BenchmarkEntry> benchmarks, List<ComparisonEntry> comparisons) {
        this(schema, schemaVersion, snsVersion, createdAt, fingerprint, options, seed, benchmarks, comparisons, List.of(),
                List.of(), null);
    }

    /** The report of one run (no group). */
    @API(status = API.Status.INTERNAL, since = "0.2.0")
    public RunReport(String schema, int schemaVersion, String snsVersion, String createdAt,
                     Map<String, String> fingerprint, Map<String, String> options, String seed,
                     List<BenchmarkEntry> benchmarks, List<ComparisonEntry> comparisons, List<DeviceEntry> devices,
                     List<DeviceHealthEntry> deviceHealth) {
        this(schema, schemaVersion, snsVersion, createdAt, fingerprint, options, seed, benchmarks, comparisons, devices,
                deviceHealth, null);
    }

    /** This report as a merged run group's: its shards ({@code sns-reports.jar history merge}). */
    @API(status = API.Status.INTERNAL, since = "0.2.0")
    public RunReport withGroup(RunGroup g) {
        return new RunReport(schema, schemaVersion, snsVersion, createdAt, fingerprint, options, seed, benchmarks,
                comparisons, devices, deviceHealth, g);
    }

    /** An empty report for a new run. */
    @API(status = API.Status.INTERNAL, since = "0.2.0")
    public static RunReport start(String snsVersion, String createdAt, Map<String, String> fingerprint,
                                  Map<String, String> options, String seed) {
        return new RunReport(SCHEMA, SCHEMA_VERSION, snsVersion, createdAt, fingerprint, options, seed, List.of(), List.of());
    }

    /** This report with one more benchmark (replacing one with the same id). */
    @API(status = API.Status.INTERNAL, since = "0.2.0")
    public RunReport withBenchmark(BenchmarkEntry entry) {
        List<BenchmarkEntry> list = new ArrayList<>();
        for (BenchmarkEntry b : benchmarks) {
            if (!b.id().equals(entry.id())) {
                list.add(b);
            }
        }
        list.add(entry);
        return new RunReport(schema, schemaVersion, snsVersion, createdAt, fingerprint, options, seed, list, comparisons,
                devices, deviceHealth, group);
    }

    /** This report with one more comparison. */
    @API(status = API.Status.INTERNAL, since = "0.2.0")
    public RunReport withComparison(ComparisonEntry entry) {
        List<ComparisonEntry> list = new ArrayList<>(comparisons);
        list.add(entry);
        return new RunReport(schema, schemaVersion, snsVersion, createdAt, fingerprint, options, seed, benchmarks, list,
                devices, deviceHealth, group);
    }

    /** This report with a different fingerprint (the first GPU fork fills it in). */
    @API(status = API.Status.INTERNAL, since = "0.2.0")
    public RunReport withFingerprint(Map<String, String> newFingerprint) {
        return new RunReport(schema, schemaVersion, snsVersion, createdAt, newFingerprint, options, seed, benchmarks,
                comparisons, devices, deviceHealth, group);
    }

    /** This report with a device added (replacing one of the same index). */
    @API(status = API.Status.INTERNAL, since = "0.2.0")
    public RunReport withDevice(DeviceEntry device) {
        List<DeviceEntry> list = new ArrayList<>();
        for (DeviceEntry d : devices) {
            if (!Objects.equals(d.index(), device.index())) {
                list.add(d);
            }
        }
        list.add(device);
        list.sort(java.util.Comparator.comparing(DeviceEntry::index, java.util.Comparator.nullsLast(Integer::compare)));
        return new RunReport(schema, schemaVersion, snsVersion, createdAt, fingerprint, options, seed, benchmarks,
                comparisons, list, deviceHealth, group);
    }

    /** This report with one more device-health entry. */
    @API(status = API.Status.INTERNAL, since = "0.2.0")
    public RunReport withDeviceHealth(DeviceHealthEntry entry) {
        List<DeviceHealthEntry> list = new ArrayList<>(deviceHealth);
        list.add(entry);
        return new RunReport(schema, schemaVersion, snsVersion, createdAt, fingerprint, options, seed, benchmarks,
                comparisons, devices, list, group);
    }
}
