package dev.sns.reports;

import java.util.List;
import org.apiguardian.api.API;

/**
 * Where a {@link ResultField} lives in a report: the run, one of its benchmarks, a kernel of a
 * benchmark's call, a comparison, and so on. A scope's fields sit under its JSON prefixes in
 * results.json; a scope nested in another names it as its parent. A scope that results.json holds in
 * two places (a comparison is also each device-health entry's {@code speedup}) has two prefixes, and
 * each of its fields is at both.
 */
@API(status = API.Status.INTERNAL, since = "0.2.0")
public enum ResultScope {
    /** The run: results.json's top level. */
    RUN(null, "the run", ""),
    /** One benchmark and parameter combination (and GPU, in a run of several). */
    BENCHMARK(RUN, "a benchmark", "benchmarks[]"),
    /** One kernel of a benchmark's call, from the kernel pass. */
    KERNEL(BENCHMARK, "a kernel of a benchmark's call", "benchmarks[].kernels.rows[]"),
    /** A benchmark's energy (option energy). */
    ENERGY(BENCHMARK, "a benchmark's energy", "benchmarks[].energy"),
    /** One energy window of a benchmark's power trace. */
    ENERGY_WINDOW(ENERGY, "an energy window of the power trace", "benchmarks[].energy.trace[]"),
    /** A candidate against its baseline; also each device-health entry's speedup. */
    COMPARISON(RUN, "a candidate against its baseline", "comparisons[]", "deviceHealth[].speedup"),
    /** A pair's energy ratio, beside its speedup. */
    ENERGY_RATIO(COMPARISON, "a pair's energy ratio", "comparisons[].energy", "deviceHealth[].speedup.energy"),
    /** A GPU the run measured on. */
    DEVICE(RUN, "a GPU the run measured on", "devices[]"),
    /** A GPU's physical board: each GPU benchmark's, each device's, and the run's when it did not choose devices. */
    BOARD(RUN, "a GPU's physical board", "benchmarks[].board", "devices[].board", "board"),
    /** A benchmark on one GPU against the same on the run's first GPU. */
    DEVICE_HEALTH(RUN, "a benchmark on one GPU against the first GPU", "deviceHealth[]"),
    /** One side's clock and throttle evidence in a device-health entry. */
    EVIDENCE(DEVICE_HEALTH, "one side's evidence in a device-health entry", "deviceHealth[].deviceEvidence",
            "deviceHealth[].referenceEvidence"),
    /** A merged run group ({@code sns-reports.jar history merge}). */
    GROUP(RUN, "a merged run group", "group"),
    /** One shard of a merged run group. */
    SHARD(GROUP, "a shard of a merged run group", "group.shards[]");

    private final ResultScope parent;
    private final String title;
    private final List<String> prefixes;

    ResultScope(ResultScope parent, String title, String... prefixes) {
        this.parent = parent;
        this.title = title;
        this.prefixes = List.of(prefixes);
    }

    /**
     * The scope this one is nested in; null for {@link #RUN}.
     *
     * @return the parent scope
     */
    public ResultScope parent() {
        return parent;
    }

    /**
     * What one instance of the scope is, in words: "a benchmark".
     *
     * @return the title
     */
    public String title() {
        return title;
    }

    /**
     * Where its fields sit in results.json: "benchmarks[]" ("" for the top level).
     *
     * @return its JSON prefixes, one or two
     */
    public List<String> prefixes() {
        return prefixes;
    }

    /**
     * The JSON path of a field at {@code path} in this scope, under each prefix.
     *
     * @param path the field's path in the scope, e.g. "summary.median"
     * @return e.g. ["benchmarks[].summary.median"]
     */
    public List<String> jsonPaths(String path) {
        return prefixes.stream().map(p -> p.isEmpty() ? path : p + "." + path).toList();
    }
}
