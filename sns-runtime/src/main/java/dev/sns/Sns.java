package dev.sns;

import dev.sns.gpu.DeviceListing;
import dev.sns.gpu.GpuBackends;
import dev.sns.gpu.GpuDevice;
import dev.sns.gpu.GpuEnvironment;
import dev.sns.model.ComparisonResult;
import dev.sns.model.BoardIdentity;
import dev.sns.model.EnvironmentFingerprint;
import dev.sns.model.TimingResult;
import dev.sns.options.SnsOptions;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * Honest GPU timing as a plain Java API: every result is a median with an interval, a sample count
 * and a trust tier.
 *
 * <pre>{@code
 * TimingResult t = Sns.measure(stream -> kernel.launch(stream, ...),
 *         SnsOptions.builder().name("saxpy").bytesPerCall(12.0 * n).build());
 * ComparisonResult c = Sns.compare(stream -> mine(stream), stream -> theirs(stream));
 * if (c.verdict() == Verdict.FASTER) ...
 * }</pre>
 *
 * <p>The timer is chosen per call from the options ({@code timer=auto} by default: CUDA events on a
 * GPU, the wall clock elsewhere, said once on standard error). The GPU comes from the backend
 * {@link GpuBackends#detect()} chooses; {@code new SnsEngine(backend, log)} measures with another.
 */
public final class Sns {
    private Sns() {}

    private static volatile SnsEngine engine;

    /**
     * The engine the static methods use: on this JVM's backend ({@link GpuBackends#detect()}), with
     * the same timers (and notices said once) as the JMH fork half.
     *
     * @return the engine, made on first use and again only when the detected timers change
     */
    public static SnsEngine engine() {
        Timers t = Timers.detect();
        SnsEngine e = engine;
        if (e == null || e.timers() != t) {
            e = new SnsEngine(t);
            engine = e;
        }
        return e;
    }

    /**
     * Times {@code work} with default options ({@link SnsOptions#defaults()}).
     *
     * @param work one call of the work to time
     * @return the median time per call with its interval, samples and tier
     * @throws SnsException if the work throws a checked exception, the timer fails ({@code timer=cuda}
     *     without a GPU, say), or the clock policy could not be restored (a runtime exception of the
     *     work is thrown as it is)
     */
    public static TimingResult measure(Workload work) {
        return engine().measure(work, SnsOptions.defaults());
    }

    /**
     * Times {@code work}: warm-up, samples in windows, then the launch-overhead, energy and kernel
     * passes the options ask for.
     *
     * @param work one call of the work to time
     * @param options how to measure; its {@code devices} must select one GPU
     * @return the median time per call with its interval, samples and tier
     * @throws IllegalArgumentException if {@code devices} selects several GPUs (measure on each with
     *     {@link #measure(GpuDevice, Workload, SnsOptions)})
     * @throws SnsException if the work throws a checked exception, the timer fails ({@code timer=cuda}
     *     without a GPU, say), or the clock policy could not be restored (a runtime exception of the
     *     work is thrown as it is)
     */
    public static TimingResult measure(Workload work, SnsOptions options) {
        return engine().measure(work, options);
    }

    /**
     * Times {@code work} on one GPU of {@link #devices(SnsOptions)}, whatever the options' {@code devices}
     * say. The work's buffers must live on that device: {@code CudaContext.primary(device.index())}.
     *
     * @param device the GPU, one of {@link #devices(SnsOptions)}
     * @param work one call of the work to time
     * @param options how to measure
     * @return the median time per call with its interval, samples and tier
     * @throws IllegalArgumentException if {@code device} is not a device of this JVM's backend
     * @throws SnsException as {@link #measure(Workload, SnsOptions)}
     */
    public static TimingResult measure(GpuDevice device, Workload work, SnsOptions options) {
        return engine().measure(device, work, options);
    }

    /**
     * Times a candidate against a freshly measured baseline, both on {@code device}, interleaved
     * unless the options say otherwise.
     *
     * @param device the GPU, one of {@link #devices(SnsOptions)}
     * @param candidate the work being judged
     * @param baseline the work it is judged against
     * @param options how to measure
     * @return the speedup (baseline over candidate) with its interval, tier and verdict
     * @throws IllegalArgumentException if {@code device} is not a device of this JVM's backend
     * @throws SnsException as {@link #measure(Workload, SnsOptions)}
     */
    public static ComparisonResult compare(GpuDevice device, Workload candidate, Workload baseline, SnsOptions options) {
        return engine().compare(device, candidate, baseline, options);
    }

    /**
     * The GPUs some options select.
     *
     * @param options their {@code devices}: {@code all}, CUDA indices or UUID prefixes
     * @return the selected GPUs, in the order {@code devices} names them
     * @throws IllegalArgumentException if a device named is not there, naming the devices there are
     * @throws IllegalStateException if there is no GPU, saying why
     */
    public static List<GpuDevice> devices(SnsOptions options) {
        return engine().timers().devices(options);
    }

    /**
     * {@return every GPU of this machine, as a text table} CUDA index, NVML index, name, UUID, PCI bus
     * id, compute capability, memory, SMs, L2, clocks now and at most, and whether CUDA and NVML agree
     * on which GPU it is.
     */
    public static String formatDevices() {
        return DeviceListing.format(engine().timers().backend(), null);
    }

    /**
     * The environment a result on {@code device} is taken in: Java, sns, JMH and JCuda versions, the
     * driver and sensor library versions, the GPU's name, compute capability, architecture family, SM
     * count and L2 size. Two results' absolute times compare only when their fingerprints match.
     *
     * @param device one of {@link #devices(SnsOptions)}
     * @return its fingerprint (fields that could not be read are empty, numbers -1)
     */
    public static EnvironmentFingerprint fingerprint(GpuDevice device) {
        return GpuEnvironment.capture(engine().timers().backend(), Objects.requireNonNull(device, "device"));
    }

    /**
     * The physical board {@code device} is: its UUID, serial, VBIOS, board part number, power limits,
     * ECC, PCIe link now and at most, persistence and MIG modes, module id. Boards of one model share a
     * {@link #fingerprint(GpuDevice) fingerprint} and differ by an offset (in energy by as much as 20%).
     *
     * @param device one of {@link #devices(SnsOptions)}
     * @return its board; a field that could not be read is absent with the reason (never blank or -1)
     */
    @API(status = API.Status.EXPERIMENTAL, since = "0.2.0")
    public static BoardIdentity board(GpuDevice device) {
        return engine().timers().backend().board(Objects.requireNonNull(device, "device"));
    }

    /**
     * The environment of this JVM alone, without a GPU: Java, sns, JMH and JCuda versions.
     *
     * @return the JVM's fingerprint (its GPU fields empty, numbers -1)
     */
    public static EnvironmentFingerprint fingerprint() {
        return GpuEnvironment.jvm();
    }

    /**
     * Times a candidate against a freshly measured baseline with default options: interleaved, one
     * sample of each per round, and a paired interval.
     *
     * @param candidate the work being judged
     * @param baseline the work it is judged against
     * @return the speedup (baseline over candidate) with its interval, tier and verdict
     * @throws SnsException as {@link #measure(Workload, SnsOptions)}
     */
    public static ComparisonResult compare(Workload candidate, Workload baseline) {
        return engine().compare(candidate, baseline, SnsOptions.defaults());
    }

    /**
     * Times a candidate against a freshly measured baseline: interleaved by default (option
     * {@code interleave}), with the net speedup beside the raw one when the launch overhead is timed.
     *
     * @param candidate the work being judged
     * @param baseline the work it is judged against
     * @param options how to measure; its name labels the two sides
     * @return the speedup (baseline over candidate) with its interval, tier and verdict
     * @throws IllegalArgumentException if {@code devices} selects several GPUs
     * @throws SnsException as {@link #measure(Workload, SnsOptions)}
     */
    public static ComparisonResult compare(Workload candidate, Workload baseline, SnsOptions options) {
        return engine().compare(candidate, baseline, options);
    }

    /**
     * Times several workloads, in the map's order.
     *
     * @param works the workloads by name (the name labels each result)
     * @param options how to measure; round-robin rounds with {@code interleave(true)}, one after the
     *     other by default
     * @return each workload's result, by name, in the map's order
     * @throws IllegalArgumentException if {@code works} is empty
     * @throws SnsException as {@link #measure(Workload, SnsOptions)}
     */
    public static Map<String, TimingResult> measureMany(Map<String, Workload> works, SnsOptions options) {
        return engine().measureMany(works, options);
    }

    /**
     * An aligned text table of comparisons.
     *
     * @param comparisons the comparisons, one row each
     * @return candidate, baseline, speedup, interval, the same net of the launch overheads, tier,
     *     verdict and the reading the verdict was made on
     */
    public static String formatComparisons(Collection<ComparisonResult> comparisons) {
        return ResultTable.formatComparisons(comparisons);
    }

    /**
     * An aligned text table of results, each time in the unit that keeps it readable.
     *
     * @param results the results, one row each
     * @return name, median, interval, n, tier, TFLOP/s, GB/s and share of the device's peak
     */
    public static String formatTable(Collection<TimingResult> results) {
        return ResultTable.format(results);
    }

    /**
     * The kernel table of a result with a kernel pass (option {@code kernels=true}).
     *
     * @param result a result
     * @return each kernel of one call with its grid, block, launches per call, median duration,
     *     interval and share of the call, then the call's kernel time against its event time; "" without
     *     a pass
     */
    public static String formatKernels(TimingResult result) {
        return ResultTable.formatKernels(result);
    }
}
