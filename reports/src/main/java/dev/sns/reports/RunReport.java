package dev.sns.reports;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import org.apiguardian.api.API;

/**
 * Everything one run measured: where (the environment's fingerprint, the GPUs), how (every option, the
 * bootstrap seed), each benchmark's samples and summary, and the comparisons. Its JSON form is
 * {@code results.json}, schema {@value #SCHEMA} version {@value #SCHEMA_VERSION}, which
 * {@link JsonReports#read} reads back into one; SCHEMA.md and {@link ResultFields} describe every
 * field. Times are milliseconds per call, as everywhere in the reports.
 *
 * <p>Lists and maps are never null: what a run did not have is empty. The maps are sorted by key, the
 * lists keep their order.
 *
 * @param schema always {@value #SCHEMA}
 * @param schemaVersion {@value #SCHEMA_VERSION}; a reader refuses a newer version, naming both
 * @param snsVersion the sns that wrote the file, e.g. "0.1.0"; "" when unknown
 * @param createdAt when the run started, ISO-8601 in UTC, e.g. "2025-11-29T14:00:00Z"
 * @param fingerprint the environment, key to value as text (JVM, library and driver versions, the GPU,
 *     its compute capability, SM count and L2 size; SCHEMA.md lists the keys); two runs' absolute times
 *     compare only when their fingerprints are equal
 * @param options every {@code -prof sns} option of the run, key to value as text (defaults included): the
 *     run- and benchmark-scoped keys of sns's one option table ({@code dev.sns.options.TimingOptions}),
 *     then {@code out}, {@code formats}, {@code pair}, {@code rounds}, {@code abba}, {@code failOnSlower};
 *     values in the table's text form ({@code targetMs} "1", {@code seed} "0xC0FFEE")
 * @param seed the bootstrap seed as "0x" and upper-case hex, e.g. "0xC0FFEE"
 * @param benchmarks one entry per benchmark and parameter combination (and GPU, in a run of several), in
 *     run order
 * @param comparisons one entry per candidate-vs-baseline pair (per GPU: both sides ran on the same one),
 *     in the order they were made
 * @param devices the GPUs the run measured GPU benchmarks on, each with its own fingerprint; empty (left
 *     out of results.json) when the run did not choose devices (JMH's own Main, no GPU)
 * @param deviceHealth each benchmark measured on several GPUs, on each GPU against the first; empty (left
 *     out of results.json) with one GPU
 * @param group a merged run group's shards ({@code sns-reports.jar history merge}); null (left out of
 *     results.json) for one run
 * @param board the physical board of a run that did not choose devices (JMH's own Main), as its first
 *     GPU fork read it; null (left out of results.json) without a GPU, and where {@code devices} carry
 *     each GPU's board ({@link #boardOf} finds an entry's)
 */
public record RunReport(String schema, int schemaVersion, String snsVersion, String createdAt,
                        Map<String, String> fingerprint, Map<String, String> options, String seed,
                        List<BenchmarkEntry> benchmarks, List<ComparisonEntry> comparisons,
                        @JsonInclude(JsonInclude.Include.NON_EMPTY) List<DeviceEntry> devices,
                        @JsonInclude(JsonInclude.Include.NON_EMPTY) List<DeviceHealthEntry> deviceHealth,
                        @JsonInclude(JsonInclude.Include.NON_NULL) RunGroup group,
                        @JsonInclude(JsonInclude.Include.NON_NULL) BoardEntry board) {
    /** The value of {@link #schema()} in every results.json: what marks a file as sns results. */
    public static final String SCHEMA = "sns-results";
    /**
     * The schema version this sns writes and reads. Within a version fields may be added (readers ignore
     * the ones they do not know), never removed, renamed or given another meaning or unit.
     */
    public static final int SCHEMA_VERSION = 1;

    /**
     * Copies every list and sorts both maps by key; a null list or map becomes empty.
     *
     * @param schema always {@value #SCHEMA}
     * @param schemaVersion {@value #SCHEMA_VERSION}; a reader refuses a newer version, naming both
     * @param snsVersion the sns that wrote the file, e.g. "0.1.0"; "" when unknown
     * @param createdAt when the run started, ISO-8601 in UTC, e.g. "2025-11-29T14:00:00Z"
     * @param fingerprint the environment, key to value as text (JVM, library and driver versions, the GPU, its compute
     *     capability, SM count and L2 size; SCHEMA.md lists the keys); two runs' absolute times compare only when their
     *     fingerprints are equal
     * @param options every {@code -prof sns} option of the run, key to value as text (defaults included): the run- and
     *     benchmark-scoped keys of sns's one option table ({@code dev.sns.options.TimingOptions}), then {@code out},
     *     {@code formats}, {@code pair}, {@code rounds}, {@code abba}, {@code failOnSlower}; values in the table's text
     *     form ({@code targetMs} "1", {@code seed} "0xC0FFEE")
     * @param seed the bootstrap seed as "0x" and upper-case hex, e.g. "0xC0FFEE"
     * @param benchmarks one entry per benchmark and parameter combination (and GPU, in a run of several), in run order
     * @param comparisons one entry per candidate-vs-baseline pair (per GPU: both sides ran on the same one), in the
     *     order they were made
     * @param devices the GPUs the run measured GPU benchmarks on, each with its own fingerprint; empty (left out of
     *     results.json) when the run did not choose devices (JMH's own Main, no GPU)
     * @param deviceHealth each benchmark measured on several GPUs, on each GPU against the first; empty (left out of
     *     results.json) with one GPU
     * @param group a merged run group's shards ({@code sns-reports.jar history merge}); null (left out of results.json)
     *     for one run
     * @param board the board of a run that did not choose devices; null without a GPU or with devices
     * @throws NullPointerException if {@code schema} is null
     */
    @API(status = API.Status.INTERNAL, since = "0.2.0")

    public RunReport {
        Objects.requireNonNull(schema, "schema");
        fingerprint = new TreeMap<>(fingerprint == null ? Map.of() : fingerprint);
        options = masked(options);
        benchmarks = List.copyOf(benchmarks == null ? List.of() : benchmarks);
        comparisons = List.copyOf(comparisons == null ? List.of() : comparisons);
        devices = List.copyOf(devices == null ? List.of() : devices);
        deviceHealth = List.copyOf(deviceHealth == null ? List.of() : deviceHealth);
    }

    /**
     * A report without a top-level board (its devices carry theirs, or it has no GPU).
     *
     * @param schema see {@link #schema()}
     * @param schemaVersion see {@link #schemaVersion()}
     * @param snsVersion see {@link #snsVersion()}
     * @param createdAt see {@link #createdAt()}
     * @param fingerprint see {@link #fingerprint()}
     * @param options see {@link #options()}
     * @param seed see {@link #seed()}
     * @param benchmarks see {@link #benchmarks()}
     * @param comparisons see {@link #comparisons()}
     * @param devices see {@link #devices()}
     * @param deviceHealth see {@link #deviceHealth()}
     * @param group see {@link #group()}
     */
    @API(status = API.Status.INTERNAL, since = "0.2.0")
    public RunReport(String schema, int schemaVersion, String snsVersion, String createdAt,
                     Map<String, String> fingerprint, Map<String, String> options, String seed,
                     List<BenchmarkEntry> benchmarks, List<ComparisonEntry> comparisons, List<DeviceEntry> devices,
                     List<DeviceHealthEntry> deviceHealth, RunGroup group) {
        this(schema, schemaVersion, snsVersion, createdAt, fingerprint, options, seed, benchmarks, comparisons, devices,
                deviceHealth, group, null);
    }

    /**
     * The board an entry was measured on: its own {@link BenchmarkEntry#board()}, else its device's
     * (matched by UUID, else by index) when the run chose devices, else the run's {@link #board()}.
     *
     * @param entry a benchmark of this report
     * @return its board; empty when the run did not record one (no GPU, an earlier sns, a wall-clock
     *     benchmark)
     */
    public java.util.Optional<BoardEntry> boardOf(BenchmarkEntry entry) {
        if (entry.board() != null) {
            return java.util.Optional.of(entry.board());
        }
        BenchmarkEntry.Device d = entry.device();
        if (d != null && !devices.isEmpty()) {
            for (DeviceEntry de : devices) {
                boolean sameUuid = d.uuid() != null && !d.uuid().isEmpty() && d.uuid().equals(de.uuid());
                boolean sameIndex = (d.uuid() == null || d.uuid().isEmpty()) && Objects.equals(d.index(), de.index());
                if (sameUuid || sameIndex) {
                    return java.util.Optional.ofNullable(de.board());
                }
            }
            return java.util.Optional.empty();
        }
        return java.util.Optional.ofNullable(board);
    }

    /**
     * The boards of this run, each once, by {@link BoardEntry#key()}: the devices' in index order, then
     * the run's own.
     *
     * @return the boards; empty when none was recorded
     */
    public List<BoardEntry> boards() {
        Map<String, BoardEntry> out = new java.util.LinkedHashMap<>();
        for (DeviceEntry d : devices) {
            if (d.board() != null) {
                out.putIfAbsent(d.board().key(), d.board());
            }
        }
        if (board != null) {
            out.putIfAbsent(board.key(), board);
        }
        return List.copyOf(out.values());
    }

    /**
     * This report with the board of a run that did not choose devices (its first GPU fork's).
     *
     * @param newBoard the board
     * @return a copy with that {@link #board()}
     */
    @API(status = API.Status.INTERNAL, since = "0.2.0")
    public RunReport withBoard(BoardEntry newBoard) {
        return new RunReport(schema, schemaVersion, snsVersion, createdAt, fingerprint, options, seed, benchmarks,
                comparisons, devices, deviceHealth, group, newBoard);
    }

    /**
     * A report of a run that did not choose devices: no devices, no device health, no group.
     *
     * @param schema see {@link #schema()}
     * @param schemaVersion see {@link #schemaVersion()}
     * @param snsVersion see {@link #snsVersion()}
     * @param createdAt see {@link #createdAt()}
     * @param fingerprint see {@link #fingerprint()}
     * @param options see {@link #options()}
     * @param seed see {@link #seed()}
     * @param benchmarks see {@link #benchmarks()}
     * @param comparisons see {@link #comparisons()}
     */
    @API(status = API.Status.INTERNAL, since = "0.2.0")
    public RunReport(String schema, int schemaVersion, String snsVersion, String createdAt,
                     Map<String, String> fingerprint, Map<String, String> options, String seed,
                     List<BenchmarkEntry> benchmarks, List<ComparisonEntry> comparisons) {
        this(schema, schemaVersion, snsVersion, createdAt, fingerprint, options, seed, benchmarks, comparisons, List.of(),
                List.of(), null);
    }

    /**
     * The report of one run (no group).
     *
     * @param schema see {@link #schema()}
     * @param schemaVersion see {@link #schemaVersion()}
     * @param snsVersion see {@link #snsVersion()}
     * @param createdAt see {@link #createdAt()}
     * @param fingerprint see {@link #fingerprint()}
     * @param options see {@link #options()}
     * @param seed see {@link #seed()}
     * @param benchmarks see {@link #benchmarks()}
     * @param comparisons see {@link #comparisons()}
     * @param devices see {@link #devices()}
     * @param deviceHealth see {@link #deviceHealth()}
     */
    @API(status = API.Status.INTERNAL, since = "0.2.0")
    public RunReport(String schema, int schemaVersion, String snsVersion, String createdAt,
                     Map<String, String> fingerprint, Map<String, String> options, String seed,
                     List<BenchmarkEntry> benchmarks, List<ComparisonEntry> comparisons, List<DeviceEntry> devices,
                     List<DeviceHealthEntry> deviceHealth) {
        this(schema, schemaVersion, snsVersion, createdAt, fingerprint, options, seed, benchmarks, comparisons, devices,
                deviceHealth, null);
    }

    /**
     * This report as a merged run group's ({@code sns-reports.jar history merge}).
     *
     * @param g the group's shards
     * @return a copy with that {@link #group()}
     */
    @API(status = API.Status.INTERNAL, since = "0.2.0")
    public RunReport withGroup(RunGroup g) {
        return new RunReport(schema, schemaVersion, snsVersion, createdAt, fingerprint, options, seed, benchmarks,
                comparisons, devices, deviceHealth, g, board);
    }

    /**
     * An empty report for a new run, of this schema and version: no benchmarks or comparisons yet.
     *
     * @param snsVersion the sns that writes it ("" when unknown)
     * @param createdAt when the run started, ISO-8601 in UTC
     * @param fingerprint the environment as the host knows it at the start (the first GPU fork replaces it)
     * @param options every option of the run, as text
     * @param seed the bootstrap seed, "0x" and upper-case hex
     * @return the report
     */
    @API(status = API.Status.INTERNAL, since = "0.2.0")
    public static RunReport start(String snsVersion, String createdAt, Map<String, String> fingerprint,
                                  Map<String, String> options, String seed) {
        return new RunReport(SCHEMA, SCHEMA_VERSION, snsVersion, createdAt, fingerprint, options, seed, List.of(), List.of());
    }

    /**
     * This report with one more benchmark, last; one with the same id is replaced (it goes last too).
     *
     * @param entry the benchmark
     * @return a copy with it
     */
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
                devices, deviceHealth, group, board);
    }

    /**
     * This report with one more comparison, last.
     *
     * @param entry the comparison
     * @return a copy with it
     */
    @API(status = API.Status.INTERNAL, since = "0.2.0")
    public RunReport withComparison(ComparisonEntry entry) {
        List<ComparisonEntry> list = new ArrayList<>(comparisons);
        list.add(entry);
        return new RunReport(schema, schemaVersion, snsVersion, createdAt, fingerprint, options, seed, benchmarks, list,
                devices, deviceHealth, group, board);
    }

    /**
     * This report with a different fingerprint (the first GPU fork fills it in).
     *
     * @param newFingerprint the environment's fields
     * @return a copy with that {@link #fingerprint()}
     */
    @API(status = API.Status.INTERNAL, since = "0.2.0")
    public RunReport withFingerprint(Map<String, String> newFingerprint) {
        return new RunReport(schema, schemaVersion, snsVersion, createdAt, newFingerprint, options, seed, benchmarks,
                comparisons, devices, deviceHealth, group, board);
    }

    /**
     * This report with a device added, replacing one of the same index; the devices stay sorted by index.
     *
     * @param device the GPU
     * @return a copy with it
     */
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
                comparisons, list, deviceHealth, group, board);
    }

    /**
     * This report with one more device-health entry, last.
     *
     * @param entry the entry
     * @return a copy with it
     */
    @API(status = API.Status.INTERNAL, since = "0.2.0")
    public RunReport withDeviceHealth(DeviceHealthEntry entry) {
        List<DeviceHealthEntry> list = new ArrayList<>(deviceHealth);
        list.add(entry);
        return new RunReport(schema, schemaVersion, snsVersion, createdAt, fingerprint, options, seed, benchmarks,
                comparisons, devices, list, group, board);
    }

    /** The options with every secret masked ({@code dev.sns.options.Secrets}): whatever writes a report never sees one. */
    private static Map<String, String> masked(Map<String, String> options) {
        Map<String, String> m = new TreeMap<>();
        if (options != null) {
            options.forEach((k, v) -> m.put(k, dev.sns.options.Secrets.mask(v)));
        }
        return m;
    }
}
