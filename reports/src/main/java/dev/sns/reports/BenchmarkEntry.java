package dev.sns.reports;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apiguardian.api.API;

/**
 * One benchmark (one parameter combination, and one GPU in a run of several) in a run report: who it
 * is, whether it was measured, and when it was, the numbers with their evidence. This is an entry of
 * results.json's {@code benchmarks}, read back by {@link JsonReports#read}. Numbers that were not
 * measured are null, never 0 or NaN. Times are milliseconds per call (one call of the benchmark's
 * work) unless named otherwise. {@link ResultFields} describes every field once: its JSON path,
 * unit, meaning and CSV column.
 *
 * <p>An entry whose {@link #status()} is not "ok" holds its identity, its status and why
 * ({@link #message()}); what is measured ({@code source}, {@code timer}, {@code summary}, {@code tier},
 * {@code clocks}, {@code samples}, {@code bootstrap}, {@code peaks}, {@code kernels}, {@code energy})
 * is null and {@code tierReasons} is empty.
 *
 * @param id unique id in the report: the benchmark's name, "@" and JMH's mode, ":" and the params
 *     "k=v" joined by "," (keys sorted), and "device=i" in a run of several GPUs, e.g.
 *     "pkg.Class.method@avgt:n=1024" (no mode for results of the Java API); {@code compare} pairs the
 *     benchmarks of two runs by it
 * @param benchmark JMH's benchmark name ("package.Class.method") or the workload's name
 * @param params JMH {@code @Param} values by name, sorted by key; empty (never null) without
 *     parameters. The device of a run of several GPUs is not one of them ({@code device} says it)
 * @param status "ok", "failed" or "skipped"; the measured fields are null unless "ok"
 * @param message why it failed or was skipped; "" when ok, but for a note on an ok entry (forks that
 *     did not report and are not included); never null
 * @param source where the samples came from: "gpu-events" (CUDA events around the work),
 *     "host-timer" (wall clock, no GPU timer) or "jmh-iterations" (one sample per JMH iteration of a
 *     benchmark without {@code GpuBlackhole}); null unless measured
 * @param timer the timer in words, e.g. "cuda events (blocking launch)"; null unless measured
 * @param summary the numbers: median, percentiles, interval, launch overhead, throughput and the rest,
 *     milliseconds per call unless named otherwise; null unless measured
 * @param tier "A" (clocks locked, verified by readback and stable), "B" (clocks floating or no clock
 *     evidence: their variation is folded into the interval) or "C" (a hardware throttle fired or the SM
 *     clock varied by more than 3%: no performance verdict is valid); null unless measured
 * @param tierReasons why the tier is what it is; empty only for a clean tier A (and when not
 *     measured); never null
 * @param clocks the clock and throttle evidence over the measurement windows; null unless measured
 * @param samples the raw samples in time order, each with the window and fork it was taken in; null
 *     unless measured
 * @param bootstrap how the interval was computed: confidence, resamples and seed; null unless measured
 * @param peaks the device's speed of light (peak DRAM bandwidth and peak rate); null without a GPU
 *     (wall-clock timer, CPU benchmark)
 * @param kernels the kernel table of the kernel pass; null unless the option {@code kernels=true}
 *     (with it, a pass that could not make a table says why in {@link Kernels#unavailable()})
 * @param mode JMH's benchmark mode, short label ("avgt", "thrpt", "sample", "ss"); null (left out of
 *     results.json) for the Java API
 * @param energy energy per call and power from the energy windows; null (left out of results.json)
 *     unless the option {@code energy=true}; asked for and not measured, only
 *     {@link Energy#unavailable()} is set
 * @param device the GPU it ran on; null (left out of results.json) for a CPU benchmark and in a run
 *     that did not choose devices; in a run of several GPUs the id ends in {@code device=i}
 * @param wallMillis the host's wall time for this benchmark's forks, milliseconds in all (not per
 *     call): from before each fork starts to after it ends, summed (a pair's ABBA rounds count each
 *     side's own forks); what the next sharded run is balanced by; null (left out of results.json)
 *     outside JMH
 * @param origin where the entry was measured: shard, run and node; only in a merged report
 *     ({@code sns-reports.jar history merge}), null (left out of results.json) in a run's own report
 * @param board the physical board of the GPU it ran on (UUID, serial, VBIOS, power limit, ...; see
 *     {@link BoardEntry}); null (left out of results.json) for a CPU benchmark, a backend that reads
 *     no board and files of an earlier sns
 */
public record BenchmarkEntry(String id, String benchmark, Map<String, String> params, String status, String message,
                             String source, String timer, Summary summary, String tier, List<String> tierReasons,
                             Clocks clocks, Samples samples, Bootstrap bootstrap, Peaks peaks, Kernels kernels,
                             @JsonInclude(JsonInclude.Include.NON_NULL) String mode,
                             @JsonInclude(JsonInclude.Include.NON_NULL) Energy energy,
                             @JsonInclude(JsonInclude.Include.NON_NULL) Device device,
                             @JsonInclude(JsonInclude.Include.NON_NULL) Double wallMillis,
                             @JsonInclude(JsonInclude.Include.NON_NULL) Origin origin,
                             @JsonInclude(JsonInclude.Include.NON_NULL) BoardEntry board) {
    /**
     * The canonical constructor, which Jackson binds results.json to: it keeps the params sorted by
     * key and copies the tier reasons; a null {@code params} or {@code tierReasons} becomes empty, a
     * null {@code message} "".
     *
     * @param id unique id in the report: the benchmark's name, "@" and JMH's mode, ":" and the params "k=v" joined by
     *     "," (keys sorted), and "device=i" in a run of several GPUs, e.g. "pkg.Class.method@avgt:n=1024" (no mode for
     *     results of the Java API); {@code compare} pairs the benchmarks of two runs by it
     * @param benchmark JMH's benchmark name ("package.Class.method") or the workload's name
     * @param params JMH {@code @Param} values by name, sorted by key; empty (never null) without parameters. The device
     *     of a run of several GPUs is not one of them ({@code device} says it)
     * @param status "ok", "failed" or "skipped"; the measured fields are null unless "ok"
     * @param message why it failed or was skipped; "" when ok, but for a note on an ok entry (forks that did not report
     *     and are not included); never null
     * @param source where the samples came from: "gpu-events" (CUDA events around the work), "host-timer" (wall clock,
     *     no GPU timer) or "jmh-iterations" (one sample per JMH iteration of a benchmark without {@code GpuBlackhole});
     *     null unless measured
     * @param timer the timer in words, e.g. "cuda events (blocking launch)"; null unless measured
     * @param summary the numbers: median, percentiles, interval, launch overhead, throughput and the rest, milliseconds
     *     per call unless named otherwise; null unless measured
     * @param tier "A" (clocks locked, verified by readback and stable), "B" (clocks floating or no clock evidence:
     *     their variation is folded into the interval) or "C" (a hardware throttle fired or the SM clock varied by more
     *     than 3%: no performance verdict is valid); null unless measured
     * @param tierReasons why the tier is what it is; empty only for a clean tier A (and when not measured); never null
     * @param clocks the clock and throttle evidence over the measurement windows; null unless measured
     * @param samples the raw samples in time order, each with the window and fork it was taken in; null unless measured
     * @param bootstrap how the interval was computed: confidence, resamples and seed; null unless measured
     * @param peaks the device's speed of light (peak DRAM bandwidth and peak rate); null without a GPU (wall-clock
     *     timer, CPU benchmark)
     * @param kernels the kernel table of the kernel pass; null unless the option {@code kernels=true} (with it, a pass
     *     that could not make a table says why in {@link Kernels#unavailable()})
     * @param mode JMH's benchmark mode, short label ("avgt", "thrpt", "sample", "ss"); null (left out of results.json)
     *     for the Java API
     * @param energy energy per call and power from the energy windows; null (left out of results.json) unless the
     *     option {@code energy=true}; asked for and not measured, only {@link Energy#unavailable()} is set
     * @param device the GPU it ran on; null (left out of results.json) for a CPU benchmark and in a run that did not
     *     choose devices; in a run of several GPUs the id ends in {@code device=i}
     * @param wallMillis the host's wall time for this benchmark's forks, milliseconds in all (not per call): from
     *     before each fork starts to after it ends, summed (a pair's ABBA rounds count each side's own forks); what the
     *     next sharded run is balanced by; null (left out of results.json) outside JMH
     * @param origin where the entry was measured: shard, run and node; only in a merged report
     *     ({@code sns-reports.jar history merge}), null (left out of results.json) in a run's own report
     * @param board the physical board of the GPU it ran on; null for a CPU benchmark and files of an earlier sns
     */
    @JsonCreator
    @API(status = API.Status.INTERNAL, since = "0.2.0")
    public BenchmarkEntry {
        params = new TreeMap<>(params == null ? Map.of() : params);
        tierReasons = tierReasons == null ? List.of() : List.copyOf(tierReasons);
        message = message == null ? "" : message;
    }

    /**
     * An entry whose board is not known (yet): {@link #withBoard} gives it.
     *
     * @param id see {@link #id()}
     * @param benchmark see {@link #benchmark()}
     * @param params see {@link #params()}
     * @param status see {@link #status()}
     * @param message see {@link #message()}
     * @param source see {@link #source()}
     * @param timer see {@link #timer()}
     * @param summary see {@link #summary()}
     * @param tier see {@link #tier()}
     * @param tierReasons see {@link #tierReasons()}
     * @param clocks see {@link #clocks()}
     * @param samples see {@link #samples()}
     * @param bootstrap see {@link #bootstrap()}
     * @param peaks see {@link #peaks()}
     * @param kernels see {@link #kernels()}
     * @param mode see {@link #mode()}
     * @param energy see {@link #energy()}
     * @param device see {@link #device()}
     * @param wallMillis see {@link #wallMillis()}
     * @param origin see {@link #origin()}
     */
    @API(status = API.Status.INTERNAL, since = "0.2.0")
    public BenchmarkEntry(String id, String benchmark, Map<String, String> params, String status, String message,
                          String source, String timer, Summary summary, String tier, List<String> tierReasons,
                          Clocks clocks, Samples samples, Bootstrap bootstrap, Peaks peaks, Kernels kernels,
                          String mode, Energy energy, Device device, Double wallMillis, Origin origin) {
        this(id, benchmark, params, status, message, source, timer, summary, tier, tierReasons, clocks, samples,
                bootstrap, peaks, kernels, mode, energy, device, wallMillis, origin, null);
    }

    /**
     * This entry with the board of the GPU it ran on.
     *
     * @param b the board (null: not known)
     * @return a copy with that {@link #board()}
     */
    @API(status = API.Status.INTERNAL, since = "0.2.0")
    public BenchmarkEntry withBoard(BoardEntry b) {
        return new BenchmarkEntry(id, benchmark, params, status, message, source, timer, summary, tier, tierReasons,
                clocks, samples, bootstrap, peaks, kernels, mode, energy, device, wallMillis, origin, b);
    }

    /**
     * An entry without peaks, a kernel table or a JMH mode.
     *
     * @param id see {@link #id()}
     * @param benchmark see {@link #benchmark()}
     * @param params see {@link #params()}
     * @param status see {@link #status()}
     * @param message see {@link #message()}
     * @param source see {@link #source()}
     * @param timer see {@link #timer()}
     * @param summary see {@link #summary()}
     * @param tier see {@link #tier()}
     * @param tierReasons see {@link #tierReasons()}
     * @param clocks see {@link #clocks()}
     * @param samples see {@link #samples()}
     * @param bootstrap see {@link #bootstrap()}
     */
    @API(status = API.Status.INTERNAL, since = "0.2.0")
    public BenchmarkEntry(String id, String benchmark, Map<String, String> params, String status, String message,
                          String source, String timer, Summary summary, String tier, List<String> tierReasons,
                          Clocks clocks, Samples samples, Bootstrap bootstrap) {
        this(id, benchmark, params, status, message, source, timer, summary, tier, tierReasons, clocks, samples,
                bootstrap, null, null, null, null, null, null, null);
    }

    /**
     * An entry without a JMH mode (the Java API's).
     *
     * @param id see {@link #id()}
     * @param benchmark see {@link #benchmark()}
     * @param params see {@link #params()}
     * @param status see {@link #status()}
     * @param message see {@link #message()}
     * @param source see {@link #source()}
     * @param timer see {@link #timer()}
     * @param summary see {@link #summary()}
     * @param tier see {@link #tier()}
     * @param tierReasons see {@link #tierReasons()}
     * @param clocks see {@link #clocks()}
     * @param samples see {@link #samples()}
     * @param bootstrap see {@link #bootstrap()}
     * @param peaks see {@link #peaks()}
     * @param kernels see {@link #kernels()}
     */
    @API(status = API.Status.INTERNAL, since = "0.2.0")
    public BenchmarkEntry(String id, String benchmark, Map<String, String> params, String status, String message,
                          String source, String timer, Summary summary, String tier, List<String> tierReasons,
                          Clocks clocks, Samples samples, Bootstrap bootstrap, Peaks peaks, Kernels kernels) {
        this(id, benchmark, params, status, message, source, timer, summary, tier, tierReasons, clocks, samples,
                bootstrap, peaks, kernels, null, null, null, null, null);
    }

    /**
     * An entry of a JMH {@code mode}, without energy, not tied to a device.
     *
     * @param id see {@link #id()}
     * @param benchmark see {@link #benchmark()}
     * @param params see {@link #params()}
     * @param status see {@link #status()}
     * @param message see {@link #message()}
     * @param source see {@link #source()}
     * @param timer see {@link #timer()}
     * @param summary see {@link #summary()}
     * @param tier see {@link #tier()}
     * @param tierReasons see {@link #tierReasons()}
     * @param clocks see {@link #clocks()}
     * @param samples see {@link #samples()}
     * @param bootstrap see {@link #bootstrap()}
     * @param peaks see {@link #peaks()}
     * @param kernels see {@link #kernels()}
     * @param mode see {@link #mode()}
     */
    @API(status = API.Status.INTERNAL, since = "0.2.0")
    public BenchmarkEntry(String id, String benchmark, Map<String, String> params, String status, String message,
                          String source, String timer, Summary summary, String tier, List<String> tierReasons,
                          Clocks clocks, Samples samples, Bootstrap bootstrap, Peaks peaks, Kernels kernels, String mode) {
        this(id, benchmark, params, status, message, source, timer, summary, tier, tierReasons, clocks, samples,
                bootstrap, peaks, kernels, mode, null, null, null, null);
    }

    /**
     * An entry with its energy, not tied to a device.
     *
     * @param id see {@link #id()}
     * @param benchmark see {@link #benchmark()}
     * @param params see {@link #params()}
     * @param status see {@link #status()}
     * @param message see {@link #message()}
     * @param source see {@link #source()}
     * @param timer see {@link #timer()}
     * @param summary see {@link #summary()}
     * @param tier see {@link #tier()}
     * @param tierReasons see {@link #tierReasons()}
     * @param clocks see {@link #clocks()}
     * @param samples see {@link #samples()}
     * @param bootstrap see {@link #bootstrap()}
     * @param peaks see {@link #peaks()}
     * @param kernels see {@link #kernels()}
     * @param mode see {@link #mode()}
     * @param energy see {@link #energy()}
     */
    @API(status = API.Status.INTERNAL, since = "0.2.0")
    public BenchmarkEntry(String id, String benchmark, Map<String, String> params, String status, String message,
                          String source, String timer, Summary summary, String tier, List<String> tierReasons,
                          Clocks clocks, Samples samples, Bootstrap bootstrap, Peaks peaks, Kernels kernels, String mode,
                          Energy energy) {
        this(id, benchmark, params, status, message, source, timer, summary, tier, tierReasons, clocks, samples,
                bootstrap, peaks, kernels, mode, energy, null, null, null);
    }

    /**
     * An entry of a run's own report: no wall time, no origin.
     *
     * @param id see {@link #id()}
     * @param benchmark see {@link #benchmark()}
     * @param params see {@link #params()}
     * @param status see {@link #status()}
     * @param message see {@link #message()}
     * @param source see {@link #source()}
     * @param timer see {@link #timer()}
     * @param summary see {@link #summary()}
     * @param tier see {@link #tier()}
     * @param tierReasons see {@link #tierReasons()}
     * @param clocks see {@link #clocks()}
     * @param samples see {@link #samples()}
     * @param bootstrap see {@link #bootstrap()}
     * @param peaks see {@link #peaks()}
     * @param kernels see {@link #kernels()}
     * @param mode see {@link #mode()}
     * @param energy see {@link #energy()}
     * @param device see {@link #device()}
     */
    @API(status = API.Status.INTERNAL, since = "0.2.0")
    public BenchmarkEntry(String id, String benchmark, Map<String, String> params, String status, String message,
                          String source, String timer, Summary summary, String tier, List<String> tierReasons,
                          Clocks clocks, Samples samples, Bootstrap bootstrap, Peaks peaks, Kernels kernels, String mode,
                          Energy energy, Device device) {
        this(id, benchmark, params, status, message, source, timer, summary, tier, tierReasons, clocks, samples,
                bootstrap, peaks, kernels, mode, energy, device, null, null);
    }

    /**
     * This entry measured in a JMH mode, its id saying so: the id is made anew from the benchmark's name,
     * the mode and the params, and the device is dropped (give it again with {@link #withDevice}).
     *
     * @param jmhMode JMH's mode, short label ("avgt", "thrpt", "sample", "ss")
     * @return a copy in that mode, without a device
     */
    @API(status = API.Status.INTERNAL, since = "0.2.0")
    public BenchmarkEntry withMode(String jmhMode) {
        return new BenchmarkEntry(ReportEntries.id(benchmark, jmhMode, params), benchmark, params, status, message,
                source, timer, summary, tier, tierReasons, clocks, samples, bootstrap, peaks, kernels, jmhMode, energy,
                null, wallMillis, origin, board);
    }

    /**
     * This entry with the wall time its forks took.
     *
     * @param millis the host's wall time for its forks, milliseconds in all, not per call (null: not known)
     * @return a copy with that {@link #wallMillis()}
     */
    @API(status = API.Status.INTERNAL, since = "0.2.0")
    public BenchmarkEntry withWallMillis(Double millis) {
        return new BenchmarkEntry(id, benchmark, params, status, message, source, timer, summary, tier, tierReasons,
                clocks, samples, bootstrap, peaks, kernels, mode, energy, device, millis, origin, board);
    }

    /**
     * This entry as a merged report shows it.
     *
     * @param where the shard, run and node that measured it
     * @return a copy with that {@link #origin()}
     */
    @API(status = API.Status.INTERNAL, since = "0.2.0")
    public BenchmarkEntry withOrigin(Origin where) {
        return new BenchmarkEntry(id, benchmark, params, status, message, source, timer, summary, tier, tierReasons,
                clocks, samples, bootstrap, peaks, kernels, mode, energy, device, wallMillis, where, board);
    }

    /**
     * Where an entry of a merged report was measured ({@code sns-reports.jar history merge}).
     *
     * @param shard its shard, "K/N"; "" for a run that was not one (it did not say which shard it was)
     * @param runId the run in the history that recorded it; null for a benchmark no shard recorded (the
     *     entry then says why it was not measured, and {@code shard} names the shard that was to run it)
     * @param host the node's host name ("" for a benchmark no shard recorded)
     * @param fingerprint the digest of the node's environment, whose fields are in the report's
     *     {@link RunGroup#fingerprints()} ("" for a benchmark no shard recorded)
     */
    public record Origin(String shard, Long runId, String host, String fingerprint) {
        /**
         * Takes the values as they are; nothing is checked.
         *
         * @param shard its shard, "K/N"; "" for a run that was not one (it did not say which shard it was)
         * @param runId the run in the history that recorded it; null for a benchmark no shard recorded (the entry then
         *     says why it was not measured, and {@code shard} names the shard that was to run it)
         * @param host the node's host name ("" for a benchmark no shard recorded)
         * @param fingerprint the digest of the node's environment, whose fields are in the report's
         *     {@link RunGroup#fingerprints()} ("" for a benchmark no shard recorded)
         */
        @API(status = API.Status.INTERNAL, since = "0.2.0")
        public Origin {
        }
}

    /**
     * This entry with its energy.
     *
     * @param e its energy (null: none asked for)
     * @return a copy with that {@link #energy()}
     */
    @API(status = API.Status.INTERNAL, since = "0.2.0")
    public BenchmarkEntry withEnergy(Energy e) {
        return new BenchmarkEntry(id, benchmark, params, status, message, source, timer, summary, tier, tierReasons, clocks,
                samples, bootstrap, peaks, kernels, mode, e, device, wallMillis, origin, board);
    }

    /**
     * A benchmark's energy, from the energy windows (option {@code energy=true}; see SCHEMA.md): joules
     * per call (the board total, idle power included) and mean board power, each a median over windows
     * with its interval; idle power measured before the work, and joules per call above it; the windows'
     * temperature range; the power sensor's integral against the energy counter. Energy in joules, power
     * in watts, temperatures in degrees Celsius.
     *
     * <p>A component not measured is null (left out of results.json), never zero. Where energy was asked
     * for and could not be measured, {@link #unavailable()} says why and every other component is null.
     *
     * @param unavailable why there is no energy (no NVML, a GPU or vGPU/MIG instance without the counter,
     *     the wall-clock timer, iterations too short); null when measured
     * @param joulesPerCall median over windows of energy per call (window energy / calls completed in
     *     it), in joules: the board total, idle power included
     * @param lower lower bound of its interval (forks, then windows, resampled), in joules; null without
     *     an interval (one window: {@code estimator} says so)
     * @param upper upper bound of its interval, in joules; null without an interval
     * @param watts median of the windows' mean board power (window energy / window time), in watts
     * @param wattsLower lower bound of its interval, in watts; null without an interval
     * @param wattsUpper upper bound of its interval, in watts; null without an interval
     * @param idleWatts idle power measured before the work (GPU idle, same process or fork), in watts;
     *     null when not measured (option {@code energyIdle} off, no idle window taken)
     * @param idleLower lower bound of its interval, in watts; null with fewer than two idle windows
     * @param idleUpper upper bound of its interval, in watts; null with fewer than two idle windows
     * @param aboveIdle median over windows of (window energy - idle power x window time) / calls, in
     *     joules: what the work added to the board's draw; needs idle power in every fork (null otherwise)
     * @param aboveIdleLower lower bound of its interval, in joules; null without {@code aboveIdle} or an
     *     interval
     * @param aboveIdleUpper upper bound of its interval, in joules; null without {@code aboveIdle} or an
     *     interval
     * @param windows energy windows the numbers rest on (windows in which no call completed are left
     *     out)
     * @param forks forks the windows came from (1 for one session of the Java API)
     * @param updatesPerWindow fewest counter updates a window spans (option {@code energyUpdates}): how
     *     coarse a window's energy is
     * @param updatePeriodMs median time between the counter's updates, in milliseconds (not per call)
     * @param calls calls in all windows
     * @param seconds time in all windows, in seconds
     * @param temperatureMinC coolest temperature read at a window's ends, in degrees Celsius; null when
     *     not read
     * @param temperatureMaxC hottest temperature read at a window's ends, in degrees Celsius; null when
     *     not read
     * @param steadyTemperatureC median end temperature of the later half of each fork's windows, in
     *     degrees Celsius; null when not read
     * @param hotWindows windows that started more than 2 C hotter than the steady temperature
     * @param powerSensorRatio median over windows of the power sensor's readings
     *     ({@code nvmlDeviceGetPowerUsage}) integrated over the window, over the counter's energy; 1 when
     *     they agree (the H200's sensor is a 1 s moving average: it agrees in steady state only); null
     *     when the sensor was not read
     * @param gflopsPerJoule declared flops per joule at the median energy per call, in GFLOP/J; null
     *     without declared flops
     * @param gbPerJoule declared bytes per joule at the median energy per call, in GB/J (1 GB = 10^9
     *     bytes); null without declared bytes
     * @param throttleReasons hardware throttles seen in the windows' clock evidence (empty when none
     *     fired); a pair with one gets no energy verdict
     * @param notes what happened around the windows (cool-downs), in words; empty when nothing did
     * @param estimator how the interval was computed, or why there is none, in words
     * @param trace the power trace: each window in time order, fork by fork, each fork's idle windows
     *     first
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Energy(String unavailable, Double joulesPerCall, Double lower, Double upper, Double watts,
                         Double wattsLower, Double wattsUpper, Double idleWatts, Double idleLower, Double idleUpper,
                         Double aboveIdle, Double aboveIdleLower, Double aboveIdleUpper, Integer windows, Integer forks,
                         Integer updatesPerWindow, Double updatePeriodMs, Long calls, Double seconds,
                         Double temperatureMinC, Double temperatureMaxC, Double steadyTemperatureC, Integer hotWindows,
                         Double powerSensorRatio, Double gflopsPerJoule, Double gbPerJoule, List<String> throttleReasons,
                         List<String> notes, String estimator, List<EnergyPoint> trace) {
        /**
         * Takes the values as they are; nothing is checked.
         *
         * @param unavailable why there is no energy (no NVML, a GPU or vGPU/MIG instance without the counter, the
         *     wall-clock timer, iterations too short); null when measured
         * @param joulesPerCall median over windows of energy per call (window energy / calls completed in it), in
         *     joules: the board total, idle power included
         * @param lower lower bound of its interval (forks, then windows, resampled), in joules; null without an
         *     interval (one window: {@code estimator} says so)
         * @param upper upper bound of its interval, in joules; null without an interval
         * @param watts median of the windows' mean board power (window energy / window time), in watts
         * @param wattsLower lower bound of its interval, in watts; null without an interval
         * @param wattsUpper upper bound of its interval, in watts; null without an interval
         * @param idleWatts idle power measured before the work (GPU idle, same process or fork), in watts; null when
         *     not measured (option {@code energyIdle} off, no idle window taken)
         * @param idleLower lower bound of its interval, in watts; null with fewer than two idle windows
         * @param idleUpper upper bound of its interval, in watts; null with fewer than two idle windows
         * @param aboveIdle median over windows of (window energy - idle power x window time) / calls, in joules: what
         *     the work added to the board's draw; needs idle power in every fork (null otherwise)
         * @param aboveIdleLower lower bound of its interval, in joules; null without {@code aboveIdle} or an interval
         * @param aboveIdleUpper upper bound of its interval, in joules; null without {@code aboveIdle} or an interval
         * @param windows energy windows the numbers rest on (windows in which no call completed are left out)
         * @param forks forks the windows came from (1 for one session of the Java API)
         * @param updatesPerWindow fewest counter updates a window spans (option {@code energyUpdates}): how coarse a
         *     window's energy is
         * @param updatePeriodMs median time between the counter's updates, in milliseconds (not per call)
         * @param calls calls in all windows
         * @param seconds time in all windows, in seconds
         * @param temperatureMinC coolest temperature read at a window's ends, in degrees Celsius; null when not read
         * @param temperatureMaxC hottest temperature read at a window's ends, in degrees Celsius; null when not read
         * @param steadyTemperatureC median end temperature of the later half of each fork's windows, in degrees
         *     Celsius; null when not read
         * @param hotWindows windows that started more than 2 C hotter than the steady temperature
         * @param powerSensorRatio median over windows of the power sensor's readings ({@code nvmlDeviceGetPowerUsage})
         *     integrated over the window, over the counter's energy; 1 when they agree (the H200's sensor is a 1 s
         *     moving average: it agrees in steady state only); null when the sensor was not read
         * @param gflopsPerJoule declared flops per joule at the median energy per call, in GFLOP/J; null without
         *     declared flops
         * @param gbPerJoule declared bytes per joule at the median energy per call, in GB/J (1 GB = 10^9 bytes); null
         *     without declared bytes
         * @param throttleReasons hardware throttles seen in the windows' clock evidence (empty when none fired); a pair
         *     with one gets no energy verdict
         * @param notes what happened around the windows (cool-downs), in words; empty when nothing did
         * @param estimator how the interval was computed, or why there is none, in words
         * @param trace the power trace: each window in time order, fork by fork, each fork's idle windows first
         */
        @API(status = API.Status.INTERNAL, since = "0.2.0")
        public Energy {
        }
}

    /**
     * One energy window of the power trace, or one idle window. A component not known is null (left out
     * of results.json).
     *
     * @param fork the fork it was taken in (0 for one session of the Java API)
     * @param start its start, in seconds from the start of its fork's energy watch
     * @param seconds its length, in seconds
     * @param joules the board energy over it, in joules (the counter's, idle power included)
     * @param calls calls completed in it (0 for an idle window)
     * @param watts its mean board power, in watts
     * @param joulesPerCall its energy per call, in joules; null for an idle window
     * @param startC the temperature at its start, in degrees Celsius; null when not read
     * @param endC the temperature at its end, in degrees Celsius; null when not read
     * @param hot whether it started more than 2 C hotter than its fork's steady temperature
     * @param idle whether it is an idle window (measured before the work, the GPU idle)
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record EnergyPoint(Integer fork, Double start, Double seconds, Double joules, Long calls, Double watts,
                              Double joulesPerCall, Double startC, Double endC, Boolean hot, Boolean idle) {
        /**
         * Takes the values as they are; nothing is checked.
         *
         * @param fork the fork it was taken in (0 for one session of the Java API)
         * @param start its start, in seconds from the start of its fork's energy watch
         * @param seconds its length, in seconds
         * @param joules the board energy over it, in joules (the counter's, idle power included)
         * @param calls calls completed in it (0 for an idle window)
         * @param watts its mean board power, in watts
         * @param joulesPerCall its energy per call, in joules; null for an idle window
         * @param startC the temperature at its start, in degrees Celsius; null when not read
         * @param endC the temperature at its end, in degrees Celsius; null when not read
         * @param hot whether it started more than 2 C hotter than its fork's steady temperature
         * @param idle whether it is an idle window (measured before the work, the GPU idle)
         */
        @API(status = API.Status.INTERNAL, since = "0.2.0")
        public EnergyPoint {
        }
}

    /**
     * This entry measured on a GPU; in a run of several devices its id ends in {@code device=i}, so that
     * each device's entry has its own.
     *
     * @param gpu the GPU it was measured on
     * @param inId whether the id names the device (a run of several devices): the id is then made anew
     *     from the name, mode, params and the device's index; otherwise it stays as it is
     * @return a copy with that {@link #device()}
     */
    @API(status = API.Status.INTERNAL, since = "0.2.0")
    public BenchmarkEntry withDevice(Device gpu, boolean inId) {
        String newId = inId ? ReportEntries.id(benchmark, mode, params, gpu.index()) : id;
        return new BenchmarkEntry(newId, benchmark, params, status, message, source, timer, summary, tier, tierReasons,
                clocks, samples, bootstrap, peaks, kernels, mode, energy, gpu, wallMillis, origin, board);
    }

    /**
     * A GPU, as the run's host named it; the run's {@link RunReport#devices()} holds it with its
     * fingerprint.
     *
     * @param index CUDA's index, as the option {@code devices} names it
     * @param name e.g. "NVIDIA H200"
     * @param uuid "GPU-" and the UUID, as NVML and {@code nvidia-smi -L} write it ("" when the driver did
     *     not say)
     * @param pciBusId "domain:bus:device.function" in hex, e.g. "00000000:19:00.0"
     */
    public record Device(Integer index, String name, String uuid, String pciBusId) {
        /**
         * Takes the values as they are; nothing is checked.
         *
         * @param index CUDA's index, as the option {@code devices} names it
         * @param name e.g. "NVIDIA H200"
         * @param uuid "GPU-" and the UUID, as NVML and {@code nvidia-smi -L} write it ("" when the driver did not say)
         * @param pciBusId "domain:bus:device.function" in hex, e.g. "00000000:19:00.0"
         */
        @API(status = API.Status.INTERNAL, since = "0.2.0")
        public Device {
        }
}

    /**
     * The device's speed of light (see SCHEMA.md and the README's "Speed of light"): its peak DRAM
     * bandwidth and its peak rate in one precision, from the device's own attributes, with how both were
     * computed. A result's share of peak ({@link Summary#bandwidthShare()}, {@link Summary#flopsShare()})
     * is its rate at the median over these.
     *
     * @param gbPerSecond peak DRAM bandwidth in GB/s (1 GB = 10^9 bytes), 2 x memory clock x bus width /
     *     8; null when the device does not report them
     * @param tflops peak rate in {@code precision} in TFLOP/s (10^12 operations per second): SMs x highest
     *     SM clock x operations per clock per SM; null when sns's table has no rate for the device and
     *     precision
     * @param precision the option {@code precision} ("fp32" unless set)
     * @param basis how both were computed, or why not, e.g. "DRAM 2 x 3201 MHz x 6016 bit / 8 = 4814.3
     *     GB/s; fp32 132 SMs x 1980 MHz x 256 per clock = 66.9 TFLOP/s"
     */
    public record Peaks(Double gbPerSecond, Double tflops, String precision, String basis) {
        /**
         * Takes the values as they are; nothing is checked.
         *
         * @param gbPerSecond peak DRAM bandwidth in GB/s (1 GB = 10^9 bytes), 2 x memory clock x bus width / 8; null
         *     when the device does not report them
         * @param tflops peak rate in {@code precision} in TFLOP/s (10^12 operations per second): SMs x highest SM clock
         *     x operations per clock per SM; null when sns's table has no rate for the device and precision
         * @param precision the option {@code precision} ("fp32" unless set)
         * @param basis how both were computed, or why not, e.g. "DRAM 2 x 3201 MHz x 6016 bit / 8 = 4814.3 GB/s; fp32
         *     132 SMs x 1980 MHz x 256 per clock = 66.9 TFLOP/s"
         */
        @API(status = API.Status.INTERNAL, since = "0.2.0")
        public Peaks {
        }
}

    /**
     * The kernels one call launches, from the kernel pass (option {@code kernels=true}): calls of the
     * work run alone, apart from the samples, with CUPTI's activity records on. Times are milliseconds
     * per call; shares are fractions of the event time per call. Where the pass could not make a table,
     * {@link #unavailable()} says why, every number is null and {@link #rows()} is empty.
     *
     * @param calls calls recorded, over all forks; null when unavailable
     * @param kernelMedian a call's kernel time (the sum of its records' durations): median over calls, ms
     *     per call; null when unavailable
     * @param kernelLower lower bound of its interval (forks, then calls), ms per call; null when
     *     unavailable
     * @param kernelUpper upper bound of its interval, ms per call; null when unavailable
     * @param eventMedian the benchmark's {@link Summary#median()} (event time per call), ms per call;
     *     null when not known
     * @param netEventMedian the benchmark's {@link Summary#netMedian()}: the event time net of the launch
     *     overhead, ms per call; null when the overhead was not measured
     * @param kernelShare {@code kernelMedian / eventMedian}, a fraction; null without an event time
     * @param launchAndGapShare {@code 1 - kernelShare}: what launches and the gaps between operations took
     *     of the event time, a fraction; null without an event time
     * @param unattributed records that fell outside every recorded call (another thread's work), left out
     *     of the table; null when unavailable
     * @param dropped records the recorder dropped (full buffers, no timestamps): a table with drops is
     *     incomplete; null when unavailable
     * @param unavailable why there is no table (no CUPTI library, profiling not permitted, no kernel
     *     seen); "" when there is one; never null
     * @param rows one per kernel (name, grid and block), in the order a call first launches them; empty
     *     (never null) when unavailable
     * @param durationNote why kernels' durations are the records' own although CUPTI's range profiler was
     *     there to read Nsight Compute's metric; null (left out) when every kernel row has the profiler's
     *     duration, or there was none
     */
    public record Kernels(Integer calls, Double kernelMedian, Double kernelLower, Double kernelUpper, Double eventMedian,
                          Double netEventMedian, Double kernelShare, Double launchAndGapShare, Integer unattributed,
                          Long dropped, String unavailable, List<KernelRow> rows,
                          @JsonInclude(JsonInclude.Include.NON_NULL) String durationNote) {
        /**
         * Copies the rows; a null {@code rows} becomes empty and a null {@code unavailable} "".
         *
         * @param calls calls recorded, over all forks; null when unavailable
         * @param kernelMedian a call's kernel time (the sum of its records' durations): median over calls, ms per call;
         *     null when unavailable
         * @param kernelLower lower bound of its interval (forks, then calls), ms per call; null when unavailable
         * @param kernelUpper upper bound of its interval, ms per call; null when unavailable
         * @param eventMedian the benchmark's {@link Summary#median()} (event time per call), ms per call; null when not
         *     known
         * @param netEventMedian the benchmark's {@link Summary#netMedian()}: the event time net of the launch overhead,
         *     ms per call; null when the overhead was not measured
         * @param kernelShare {@code kernelMedian / eventMedian}, a fraction; null without an event time
         * @param launchAndGapShare {@code 1 - kernelShare}: what launches and the gaps between operations took of the
         *     event time, a fraction; null without an event time
         * @param unattributed records that fell outside every recorded call (another thread's work), left out of the
         *     table; null when unavailable
         * @param dropped records the recorder dropped (full buffers, no timestamps): a table with drops is incomplete;
         *     null when unavailable
         * @param unavailable why there is no table (no CUPTI library, profiling not permitted, no kernel seen); "" when
         *     there is one; never null
         * @param rows one per kernel (name, grid and block), in the order a call first launches them; empty (never
         *     null) when unavailable
         * @param durationNote why kernels' durations are the records' own although a profiler was there; null when
         *     not (an empty one becomes null)
         */
        @API(status = API.Status.INTERNAL, since = "0.2.0")
        public Kernels {
            rows = rows == null ? List.of() : List.copyOf(rows);
            unavailable = unavailable == null ? "" : unavailable;
            durationNote = durationNote == null || durationNote.isEmpty() ? null : durationNote;
        }

        /**
         * A table without a profiler's note.
         *
         * @param calls calls recorded, over all forks; null when unavailable
         * @param kernelMedian a call's kernel time: median over calls, ms per call; null when unavailable
         * @param kernelLower lower bound of its interval, ms per call; null when unavailable
         * @param kernelUpper upper bound of its interval, ms per call; null when unavailable
         * @param eventMedian the event time per call, ms per call; null when not known
         * @param netEventMedian the event time net of the launch overhead, ms per call; null when not measured
         * @param kernelShare {@code kernelMedian / eventMedian}, a fraction; null without an event time
         * @param launchAndGapShare {@code 1 - kernelShare}, a fraction; null without an event time
         * @param unattributed records that fell outside every recorded call; null when unavailable
         * @param dropped records the recorder dropped; null when unavailable
         * @param unavailable why there is no table; "" when there is one
         * @param rows one per kernel; empty when unavailable
         */
        @API(status = API.Status.INTERNAL, since = "0.2.0")
        public Kernels(Integer calls, Double kernelMedian, Double kernelLower, Double kernelUpper, Double eventMedian,
                       Double netEventMedian, Double kernelShare, Double launchAndGapShare, Integer unattributed,
                       Long dropped, String unavailable, List<KernelRow> rows) {
            this(calls, kernelMedian, kernelLower, kernelUpper, eventMedian, netEventMedian, kernelShare,
                    launchAndGapShare, unattributed, dropped, unavailable, rows, null);
        }
    }

    /**
     * One kernel of a call, from the kernel pass: which kernel, how often a call launches it, how long
     * one launch takes, and its share of the call. Durations are milliseconds per launch, from the
     * recorder's timestamps (not the events').
     *
     * @param name the kernel's name, demangled ({@code void saxpy<float>(long, float, float const*, float*)});
     *     memsets and copies are "[memset]" and "[memcpy DtoD]" (and the other directions)
     * @param symbol the name as recorded (the mangled symbol)
     * @param grid blocks per grid, "x" or "x,y,z"; "-" for memsets and copies
     * @param block threads per block, "x" or "x,y,z"; "-" for memsets and copies
     * @param countPerCall launches per call (records over calls)
     * @param median median duration of one launch, ms per launch
     * @param lower lower bound of its interval (calls resampled, then launches), ms per launch
     * @param upper upper bound of its interval, ms per launch
     * @param shareOfCall {@code countPerCall x median / eventMedian}, a fraction of the call's event time;
     *     null without an event time
     * @param durationSource where the duration came from: {@code "gpu__time_duration.sum"} (CUPTI's range
     *     profiler, Nsight Compute's metric) or {@code "activity"} (the kernel records' own span); null
     *     (left out) in reports written before it existed
     */
    public record KernelRow(String name, String symbol, String grid, String block, Double countPerCall, Double median,
                            Double lower, Double upper, Double shareOfCall,
                            @JsonInclude(JsonInclude.Include.NON_NULL) String durationSource) {
        /**
         * Takes the values as they are; nothing is checked.
         *
         * @param name the kernel's name, demangled ({@code void saxpy<float>(long, float, float const*, float*)});
         *     memsets and copies are "[memset]" and "[memcpy DtoD]" (and the other directions)
         * @param symbol the name as recorded (the mangled symbol)
         * @param grid blocks per grid, "x" or "x,y,z"; "-" for memsets and copies
         * @param block threads per block, "x" or "x,y,z"; "-" for memsets and copies
         * @param countPerCall launches per call (records over calls)
         * @param median median duration of one launch, ms per launch
         * @param lower lower bound of its interval (calls resampled, then launches), ms per launch
         * @param upper upper bound of its interval, ms per launch
         * @param shareOfCall {@code countPerCall x median / eventMedian}, a fraction of the call's event time; null
         *     without an event time
         * @param durationSource where the duration came from ({@code "gpu__time_duration.sum"} or
         *     {@code "activity"}); null when not known
         */
        @API(status = API.Status.INTERNAL, since = "0.2.0")
        public KernelRow {
        }

        /**
         * A row that does not say where its duration came from (written before reports said so).
         *
         * @param name the kernel's name, demangled
         * @param symbol the name as recorded (the mangled symbol)
         * @param grid blocks per grid, "x" or "x,y,z"; "-" for memsets and copies
         * @param block threads per block, "x" or "x,y,z"; "-" for memsets and copies
         * @param countPerCall launches per call (records over calls)
         * @param median median duration of one launch, ms per launch
         * @param lower lower bound of its interval, ms per launch
         * @param upper upper bound of its interval, ms per launch
         * @param shareOfCall {@code countPerCall x median / eventMedian}, a fraction; null without an event time
         */
        @API(status = API.Status.INTERNAL, since = "0.2.0")
        public KernelRow(String name, String symbol, String grid, String block, Double countPerCall, Double median,
                         Double lower, Double upper, Double shareOfCall) {
            this(name, symbol, grid, block, countPerCall, median, lower, upper, shareOfCall, null);
        }
}

    /**
     * Summary statistics of a measured benchmark: times in milliseconds per call unless named otherwise.
     * A value that was not measured, or is not known, is null (SCHEMA.md and {@link ResultFields} say
     * which fields are null and which are left out of results.json). Build one with {@link #builder()}:
     * 29 positional arguments are too easy to swap. The canonical constructor stays for Jackson, which
     * binds results.json to it.
     *
     * @param median median of the samples, ms per call
     * @param p10 10th percentile of the samples, ms per call
     * @param p90 90th percentile of the samples, ms per call
     * @param lower lower bound of the median's confidence interval (bootstrap over forks, windows and
     *     samples), ms per call; null when the samples support no interval ({@code estimator} says why)
     * @param upper upper bound of the median's confidence interval, ms per call; null when the samples
     *     support no interval
     * @param confidence the interval's confidence level, a fraction, e.g. 0.95
     * @param n number of samples
     * @param windows number of distinct measurement windows (JMH iterations across forks)
     * @param forks number of distinct forks the samples came from
     * @param innerReps calls of the work per timed sample
     * @param warmupCalls calls before sampling (the discarded first call not counted)
     * @param timerStep the timer's quantization step per call, ms per call; the interval is never
     *     narrower
     * @param launchOverhead median cost per call of an empty kernel launched the same way, ms per call;
     *     null when not measured (host timer, plain launches)
     * @param launchOverheadLower lower bound of the launch overhead's interval, ms per call; null when the
     *     overhead was not measured
     * @param launchOverheadUpper upper bound of the launch overhead's interval, ms per call; null when the
     *     overhead was not measured
     * @param netMedian {@code median} minus {@code launchOverhead} (clamped at 0): the kernel's own time,
     *     ms per call; null when the overhead was not measured
     * @param netLower lower bound of the net interval, {@code lower - launchOverheadUpper} clamped at 0,
     *     ms per call; null when the overhead was not measured
     * @param netUpper upper bound of the net interval, {@code upper - launchOverheadLower}, ms per call;
     *     null when the overhead was not measured
     * @param flopsPerCall declared floating-point operations per call, FLOP per call; null when not
     *     declared
     * @param bytesPerCall declared bytes moved per call (read plus written); null when not declared
     * @param tflops throughput at the median, in TFLOP/s (10^12 floating-point operations per second);
     *     null without {@code flopsPerCall}
     * @param gbPerSecond bandwidth at the median, in GB/s (1 GB = 10^9 bytes); null without
     *     {@code bytesPerCall}
     * @param bandwidthShare {@code gbPerSecond} over the peaks' {@link Peaks#gbPerSecond()} (NVBench's
     *     BWUtil), a fraction (1 is the peak); null without declared bytes or a known peak
     * @param flopsShare {@code tflops} over the peaks' {@link Peaks#tflops()} (the declared precision), a
     *     fraction (1 is the peak); null without declared flops or a known peak
     * @param estimator which bootstrap produced the interval, in words (or why there is none)
     * @param intervalScope what the interval covers, in words: "within this call" (one call of the Java
     *     API: its windows' spread; a repeat call may read outside it), "over 5 forks" (JMH: the forks'
     *     run-to-run spread is in), "within this fork"; null (left out of results.json) when the producer
     *     did not say
     * @param repeatLower where a repeat call's median lies given this one, from the host's repeatability
     *     (the option {@code repeatSdPct}, from the self-check), lower bound, ms per call: the median
     *     minus z repeat standard deviations, never inside the interval; null (left out of results.json)
     *     when the repeatability is not known (always under JMH, whose forks are the repeats)
     * @param repeatUpper upper bound of where a repeat call's median lies, ms per call; null (left out of
     *     results.json) when the repeatability is not known
     * @param firstCall what the work's first call cost, in milliseconds: the host's wall time of the one
     *     discarded call before the warm-up, synchronized (the one call, not per call of a sample); a
     *     library's one-time work (a workspace, the load of its kernels' module) shows here; null (left
 *     out of results.json) where not measured (JMH, whose first warm-up iteration shows it)
     * @param precision the precision reached: half the interval's width over the median, a fraction
     *     (0.005 is +-0.5%); null (left out of results.json) without an interval
     * @param precisionTarget the precision adaptive sampling aimed for (the option {@code halfWidth}), a
     *     fraction of the median; null (left out of results.json) for a fixed count
     * @param stop why sampling stopped: "count" (a fixed count), "target", "time_cap", "sample_cap"; null
     *     (left out of results.json) where the producer did not say
     * @param samplingGpuMs the GPU time the samples took, their timed regions summed, milliseconds in all
     *     (not per call); null (left out of results.json) where not known
     * @param netMeasurable whether the net reading is measurable: false when the net interval reaches zero
     *     ({@code lower - launchOverheadUpper <= 0}), then the net figures are no reading ("not measurable net of
     *     launch overhead") and {@code median} is the reading; null (left out of results.json) when the overhead
     *     was not measured
     * @param minDetectableChange the minimum detectable change at 80% power (two-sided 5%), a fraction of the
     *     median: {@code 2.80 x SE}, SE the interval's width over {@code 2 z} relative to the median; null (left
     *     out of results.json) without an interval
     */
    public record Summary(Double median, Double p10, Double p90, Double lower, Double upper, Double confidence,
                          Integer n, Integer windows, Integer forks, Integer innerReps, Long warmupCalls,
                          Double timerStep, Double launchOverhead, Double launchOverheadLower,
                          Double launchOverheadUpper, Double netMedian, Double netLower, Double netUpper,
                          Double flopsPerCall, Double bytesPerCall, Double tflops, Double gbPerSecond,
                          Double bandwidthShare, Double flopsShare, String estimator,
                          @JsonInclude(JsonInclude.Include.NON_NULL) String intervalScope,
                          @JsonInclude(JsonInclude.Include.NON_NULL) Double repeatLower,
                          @JsonInclude(JsonInclude.Include.NON_NULL) Double repeatUpper,
                          @JsonInclude(JsonInclude.Include.NON_NULL) Double firstCall,
                          @JsonInclude(JsonInclude.Include.NON_NULL) Double precision,
                          @JsonInclude(JsonInclude.Include.NON_NULL) Double precisionTarget,
                          @JsonInclude(JsonInclude.Include.NON_NULL) String stop,
                          @JsonInclude(JsonInclude.Include.NON_NULL) Double samplingGpuMs,
                          @JsonInclude(JsonInclude.Include.NON_NULL) Boolean netMeasurable,
                          @JsonInclude(JsonInclude.Include.NON_NULL) Double minDetectableChange) {
        /**
         * The canonical constructor, which Jackson binds results.json to; nothing is checked (the builder checks).
         *
         * @param median median of the samples, ms per call
         * @param p10 10th percentile of the samples, ms per call
         * @param p90 90th percentile of the samples, ms per call
         * @param lower lower bound of the median's confidence interval (bootstrap over forks, windows and samples), ms
         *     per call; null when the samples support no interval ({@code estimator} says why)
         * @param upper upper bound of the median's confidence interval, ms per call; null when the samples support no
         *     interval
         * @param confidence the interval's confidence level, a fraction, e.g. 0.95
         * @param n number of samples
         * @param windows number of distinct measurement windows (JMH iterations across forks)
         * @param forks number of distinct forks the samples came from
         * @param innerReps calls of the work per timed sample
         * @param warmupCalls calls before sampling (the discarded first call not counted)
         * @param timerStep the timer's quantization step per call, ms per call; the interval is never narrower
         * @param launchOverhead median cost per call of an empty kernel launched the same way, ms per call; null when
         *     not measured (host timer, plain launches)
         * @param launchOverheadLower lower bound of the launch overhead's interval, ms per call; null when the overhead
         *     was not measured
         * @param launchOverheadUpper upper bound of the launch overhead's interval, ms per call; null when the overhead
         *     was not measured
         * @param netMedian {@code median} minus {@code launchOverhead} (clamped at 0): the kernel's own time, ms per
         *     call; null when the overhead was not measured
         * @param netLower lower bound of the net interval, {@code lower - launchOverheadUpper} clamped at 0, ms per
         *     call; null when the overhead was not measured
         * @param netUpper upper bound of the net interval, {@code upper - launchOverheadLower}, ms per call; null when
         *     the overhead was not measured
         * @param flopsPerCall declared floating-point operations per call, FLOP per call; null when not declared
         * @param bytesPerCall declared bytes moved per call (read plus written); null when not declared
         * @param tflops throughput at the median, in TFLOP/s (10^12 floating-point operations per second); null without
         *     {@code flopsPerCall}
         * @param gbPerSecond bandwidth at the median, in GB/s (1 GB = 10^9 bytes); null without {@code bytesPerCall}
         * @param bandwidthShare {@code gbPerSecond} over the peaks' {@link Peaks#gbPerSecond()} (NVBench's BWUtil), a
         *     fraction (1 is the peak); null without declared bytes or a known peak
         * @param flopsShare {@code tflops} over the peaks' {@link Peaks#tflops()} (the declared precision), a fraction
         *     (1 is the peak); null without declared flops or a known peak
         * @param estimator which bootstrap produced the interval, in words (or why there is none)
         * @param intervalScope what the interval covers, in words: "within this call" (one call of the Java API: its
         *     windows' spread; a repeat call may read outside it), "over 5 forks" (JMH: the forks' run-to-run spread is
         *     in), "within this fork"; null (left out of results.json) when the producer did not say
         * @param repeatLower where a repeat call's median lies given this one, from the host's repeatability (the
         *     option {@code repeatSdPct}, from the self-check), lower bound, ms per call: the median minus z repeat
         *     standard deviations, never inside the interval; null (left out of results.json) when the repeatability is
         *     not known (always under JMH, whose forks are the repeats)
         * @param repeatUpper upper bound of where a repeat call's median lies, ms per call; null (left out of
         *     results.json) when the repeatability is not known
         * @param firstCall what the work's first call cost, in milliseconds: the host's wall time of the one discarded
         *     call before the warm-up, synchronized (the one call, not per call of a sample); a library's one-time work
         *     (a workspace, the load of its kernels' module) shows here; null (left out of results.json) where not
         *     measured (JMH, whose first warm-up iteration shows it)
         * @param precision the precision reached: half the interval's width over the median, a fraction; null
         *     (left out of results.json) without an interval
         * @param precisionTarget the precision adaptive sampling aimed for (option {@code halfWidth}), a fraction
         *     of the median; null (left out of results.json) for a fixed count
         * @param stop why sampling stopped: "count", "target", "time_cap", "sample_cap"; null (left out of
         *     results.json) where the producer did not say
         * @param samplingGpuMs the GPU time the samples took, milliseconds in all; null (left out of
         *     results.json) where not known
         * @param netMeasurable whether the net reading is measurable: false when the net interval reaches zero
         *     ({@code lower - launchOverheadUpper <= 0}), then the net figures are no reading; null (left out of
         *     results.json) when the overhead was not measured
         * @param minDetectableChange the minimum detectable change at 80% power (two-sided 5%), a fraction of the
         *     median; null (left out of results.json) without an interval
         */
        @JsonCreator
        @API(status = API.Status.INTERNAL, since = "0.2.0")
        public Summary {}

        /**
         * A summary without how sampling went, whether the net reading is measurable or the minimum
         * detectable change: those are null.
         *
         * @param median see {@link #median()}
         * @param p10 see {@link #p10()}
         * @param p90 see {@link #p90()}
         * @param lower see {@link #lower()}
         * @param upper see {@link #upper()}
         * @param confidence see {@link #confidence()}
         * @param n see {@link #n()}
         * @param windows see {@link #windows()}
         * @param forks see {@link #forks()}
         * @param innerReps see {@link #innerReps()}
         * @param warmupCalls see {@link #warmupCalls()}
         * @param timerStep see {@link #timerStep()}
         * @param launchOverhead see {@link #launchOverhead()}
         * @param launchOverheadLower see {@link #launchOverheadLower()}
         * @param launchOverheadUpper see {@link #launchOverheadUpper()}
         * @param netMedian see {@link #netMedian()}
         * @param netLower see {@link #netLower()}
         * @param netUpper see {@link #netUpper()}
         * @param flopsPerCall see {@link #flopsPerCall()}
         * @param bytesPerCall see {@link #bytesPerCall()}
         * @param tflops see {@link #tflops()}
         * @param gbPerSecond see {@link #gbPerSecond()}
         * @param bandwidthShare see {@link #bandwidthShare()}
         * @param flopsShare see {@link #flopsShare()}
         * @param estimator see {@link #estimator()}
         * @param intervalScope see {@link #intervalScope()}
         * @param repeatLower see {@link #repeatLower()}
         * @param repeatUpper see {@link #repeatUpper()}
         * @param firstCall see {@link #firstCall()}
         */
        @API(status = API.Status.INTERNAL, since = "0.2.0")
        public Summary(Double median, Double p10, Double p90, Double lower, Double upper, Double confidence,
                       Integer n, Integer windows, Integer forks, Integer innerReps, Long warmupCalls,
                       Double timerStep, Double launchOverhead, Double launchOverheadLower,
                       Double launchOverheadUpper, Double netMedian, Double netLower, Double netUpper,
                       Double flopsPerCall, Double bytesPerCall, Double tflops, Double gbPerSecond,
                       Double bandwidthShare, Double flopsShare, String estimator, String intervalScope,
                       Double repeatLower, Double repeatUpper, Double firstCall) {
            this(median, p10, p90, lower, upper, confidence, n, windows, forks, innerReps, warmupCalls, timerStep,
                    launchOverhead, launchOverheadLower, launchOverheadUpper, netMedian, netLower, netUpper,
                    flopsPerCall, bytesPerCall, tflops, gbPerSecond, bandwidthShare, flopsShare, estimator,
                    intervalScope, repeatLower, repeatUpper, firstCall, null, null, null, null, null, null);
        }

        /**
         * A summary without the interval's scope, a repeat interval or the first call (as sns 0.1 wrote
         * them): those are null.
         *
         * @param median see {@link #median()}
         * @param p10 see {@link #p10()}
         * @param p90 see {@link #p90()}
         * @param lower see {@link #lower()}
         * @param upper see {@link #upper()}
         * @param confidence see {@link #confidence()}
         * @param n see {@link #n()}
         * @param windows see {@link #windows()}
         * @param forks see {@link #forks()}
         * @param innerReps see {@link #innerReps()}
         * @param warmupCalls see {@link #warmupCalls()}
         * @param timerStep see {@link #timerStep()}
         * @param launchOverhead see {@link #launchOverhead()}
         * @param launchOverheadLower see {@link #launchOverheadLower()}
         * @param launchOverheadUpper see {@link #launchOverheadUpper()}
         * @param netMedian see {@link #netMedian()}
         * @param netLower see {@link #netLower()}
         * @param netUpper see {@link #netUpper()}
         * @param flopsPerCall see {@link #flopsPerCall()}
         * @param bytesPerCall see {@link #bytesPerCall()}
         * @param tflops see {@link #tflops()}
         * @param gbPerSecond see {@link #gbPerSecond()}
         * @param bandwidthShare see {@link #bandwidthShare()}
         * @param flopsShare see {@link #flopsShare()}
         * @param estimator see {@link #estimator()}
         */
        @API(status = API.Status.INTERNAL, since = "0.2.0")
        public Summary(Double median, Double p10, Double p90, Double lower, Double upper, Double confidence,
                       Integer n, Integer windows, Integer forks, Integer innerReps, Long warmupCalls,
                       Double timerStep, Double launchOverhead, Double launchOverheadLower,
                       Double launchOverheadUpper, Double netMedian, Double netLower, Double netUpper,
                       Double flopsPerCall, Double bytesPerCall, Double tflops, Double gbPerSecond,
                       Double bandwidthShare, Double flopsShare, String estimator) {
            this(median, p10, p90, lower, upper, confidence, n, windows, forks, innerReps, warmupCalls, timerStep,
                    launchOverhead, launchOverheadLower, launchOverheadUpper, netMedian, netLower, netUpper,
                    flopsPerCall, bytesPerCall, tflops, gbPerSecond, bandwidthShare, flopsShare, estimator, null, null,
                    null, null, null, null, null, null, null, null);
        }

        /**
         * A builder with every field null (not measured).
         *
         * @return a new builder; {@link SummaryBuilder#build()} checks the summary
         */
        @API(status = API.Status.INTERNAL, since = "0.2.0")
        public static SummaryBuilder builder() {
            return new SummaryBuilder();
        }
    }

    /**
     * Clock and throttle evidence over the measurement windows, read through NVML: clocks in MHz,
     * temperatures in degrees Celsius, power in watts, throttle counters in nanoseconds. A number that
     * could not be computed is null; a list without readings is empty. Build one with {@link #builder()}.
     *
     * @param source "nvml", or why there is no evidence (no GPU, no NVML, host timer)
     * @param locked whether the clock policy locked the clocks and verified the lock by readback
     * @param smMeanMhz mean SM clock over the readings, in MHz; null without readings
     * @param smCvPercent coefficient of variation of the SM clock readings, in percent; null without
     *     readings
     * @param smRangeMhz highest minus lowest SM clock reading, in MHz; null without readings
     * @param smMhz SM clock readings in the order taken during the windows, in MHz; empty without evidence
     * @param memMhz memory clock readings taken alongside, in MHz (may be empty)
     * @param throttleReasons hardware or thermal slowdowns seen (by flag or by a counter that moved); any
     *     one makes the tier C
     * @param metadataReasons reasons recorded but not counted as throttles (idle, software power cap, sync
     *     boost, application clocks)
     * @param violationNanos how far each of NVML's cumulative throttle-time counters advanced during the
     *     windows, in nanoseconds, by counter name (sorted; never null)
     * @param temperatureC GPU temperature readings, in degrees Celsius (metadata)
     * @param powerW board power readings, in watts (metadata)
     */
    public record Clocks(String source, Boolean locked, Double smMeanMhz, Double smCvPercent, Double smRangeMhz,
                         List<Double> smMhz, List<Double> memMhz, List<String> throttleReasons,
                         List<String> metadataReasons, Map<String, Long> violationNanos, List<Double> temperatureC,
                         List<Double> powerW) {
        /**
         * Copies the counters sorted by name; a null {@code violationNanos} becomes empty.
         *
         * @param source "nvml", or why there is no evidence (no GPU, no NVML, host timer)
         * @param locked whether the clock policy locked the clocks and verified the lock by readback
         * @param smMeanMhz mean SM clock over the readings, in MHz; null without readings
         * @param smCvPercent coefficient of variation of the SM clock readings, in percent; null without readings
         * @param smRangeMhz highest minus lowest SM clock reading, in MHz; null without readings
         * @param smMhz SM clock readings in the order taken during the windows, in MHz; empty without evidence
         * @param memMhz memory clock readings taken alongside, in MHz (may be empty)
         * @param throttleReasons hardware or thermal slowdowns seen (by flag or by a counter that moved); any one makes
         *     the tier C
         * @param metadataReasons reasons recorded but not counted as throttles (idle, software power cap, sync boost,
         *     application clocks)
         * @param violationNanos how far each of NVML's cumulative throttle-time counters advanced during the windows,
         *     in nanoseconds, by counter name (sorted; never null)
         * @param temperatureC GPU temperature readings, in degrees Celsius (metadata)
         * @param powerW board power readings, in watts (metadata)
         */
        @API(status = API.Status.INTERNAL, since = "0.2.0")
        public Clocks {
            violationNanos = new TreeMap<>(violationNanos == null ? Map.of() : violationNanos);
        }

        /**
         * A builder with every field null (not measured).
         *
         * @return a new builder
         */
        @API(status = API.Status.INTERNAL, since = "0.2.0")
        public static ClocksBuilder builder() {
            return new ClocksBuilder();
        }
    }

    /**
     * The raw samples: three lists of equal length, index {@code i} describing the {@code i}-th sample in
     * time order (within a fork; forks in the order they ran).
     *
     * @param millis the samples, ms per call (a sample that timed {@code innerReps} calls divided by
     *     them)
     * @param window the window (JMH iteration) each was taken in
     * @param fork the JMH fork each was taken in
     */
    public record Samples(List<Double> millis, List<Integer> window, List<Integer> fork) {
        /**
         * Takes the lists as they are; nothing is checked ({@link JsonReports#read} checks their lengths).
         *
         * @param millis the samples, ms per call (a sample that timed {@code innerReps} calls divided by them)
         * @param window the window (JMH iteration) each was taken in
         * @param fork the JMH fork each was taken in
         */
        @API(status = API.Status.INTERNAL, since = "0.2.0")
        public Samples {
        }
}

    /**
     * How the interval was computed: with these settings and the same samples, the interval is
     * reproduced.
     *
     * @param confidence the confidence level, a fraction, e.g. 0.95
     * @param resamples bootstrap resamples
     * @param seed the seed, "0x" and upper-case hex, e.g. "0xC0FFEE"; the same samples and seed always give
     *     the same interval
     */
    public record Bootstrap(Double confidence, Integer resamples, String seed) {
        /**
         * Takes the values as they are; nothing is checked.
         *
         * @param confidence the confidence level, a fraction, e.g. 0.95
         * @param resamples bootstrap resamples
         * @param seed the seed, "0x" and upper-case hex, e.g. "0xC0FFEE"; the same samples and seed always give the
         *     same interval
         */
        @API(status = API.Status.INTERNAL, since = "0.2.0")
        public Bootstrap {
        }
}
}
