package dev.sns.reports;

import org.apiguardian.api.API;

/**
 * Builds a {@link BenchmarkEntry.Summary} by name, one setter per field: times in milliseconds per
 * call, counts as counts. A field not set stays null (not measured). {@link #build()} checks what a
 * summary must satisfy and names the bad value. Get one from {@link BenchmarkEntry.Summary#builder()}.
 * Each field sits beside its setter, in the record's order.
 */
@API(status = API.Status.INTERNAL, since = "0.2.0")
public final class SummaryBuilder {
    private Double median;

    /**
     * Median of the samples, ms per call.
     *
     * @param v the value; null: not measured
     * @return this builder
     */
    public SummaryBuilder median(Double v) {
        median = v;
        return this;
    }

    private Double p10;

    /**
     * 10th percentile of the samples, ms per call.
     *
     * @param v the value; null: not measured
     * @return this builder
     */
    public SummaryBuilder p10(Double v) {
        p10 = v;
        return this;
    }

    private Double p90;

    /**
     * 90th percentile of the samples, ms per call.
     *
     * @param v the value; null: not measured
     * @return this builder
     */
    public SummaryBuilder p90(Double v) {
        p90 = v;
        return this;
    }

    private Double lower;

    /**
     * Lower bound of the median's interval, ms per call.
     *
     * @param v the value; null: not measured
     * @return this builder
     */
    public SummaryBuilder lower(Double v) {
        lower = v;
        return this;
    }

    private Double upper;

    /**
     * Upper bound of the median's interval, ms per call.
     *
     * @param v the value; null: not measured
     * @return this builder
     */
    public SummaryBuilder upper(Double v) {
        upper = v;
        return this;
    }

    private Double confidence;

    /**
     * The interval's confidence level, in (0, 1), e.g. 0.95.
     *
     * @param v the value; null: not measured
     * @return this builder
     */
    public SummaryBuilder confidence(Double v) {
        confidence = v;
        return this;
    }

    private Integer n;

    /**
     * Number of samples.
     *
     * @param v the value; null: not measured
     * @return this builder
     */
    public SummaryBuilder n(Integer v) {
        n = v;
        return this;
    }

    private Integer windows;

    /**
     * Number of distinct measurement windows.
     *
     * @param v the value; null: not measured
     * @return this builder
     */
    public SummaryBuilder windows(Integer v) {
        windows = v;
        return this;
    }

    private Integer forks;

    /**
     * Number of distinct forks the samples came from.
     *
     * @param v the value; null: not measured
     * @return this builder
     */
    public SummaryBuilder forks(Integer v) {
        forks = v;
        return this;
    }

    private Integer innerReps;

    /**
     * Calls of the work per timed sample.
     *
     * @param v the value; null: not measured
     * @return this builder
     */
    public SummaryBuilder innerReps(Integer v) {
        innerReps = v;
        return this;
    }

    private Long warmupCalls;

    /**
     * Calls before sampling.
     *
     * @param v the value; null: not measured
     * @return this builder
     */
    public SummaryBuilder warmupCalls(Long v) {
        warmupCalls = v;
        return this;
    }

    private Double timerStep;

    /**
     * The timer's quantization step, ms per call.
     *
     * @param v the value; null: not measured
     * @return this builder
     */
    public SummaryBuilder timerStep(Double v) {
        timerStep = v;
        return this;
    }

    private Double launchOverhead;

    /**
     * Median cost of an empty launch, ms per call.
     *
     * @param v the value; null: not measured
     * @return this builder
     */
    public SummaryBuilder launchOverhead(Double v) {
        launchOverhead = v;
        return this;
    }

    private Double launchOverheadLower;

    /**
     * Lower bound of the launch overhead's interval, ms per call.
     *
     * @param v the value; null: not measured
     * @return this builder
     */
    public SummaryBuilder launchOverheadLower(Double v) {
        launchOverheadLower = v;
        return this;
    }

    private Double launchOverheadUpper;

    /**
     * Upper bound of the launch overhead's interval, ms per call.
     *
     * @param v the value; null: not measured
     * @return this builder
     */
    public SummaryBuilder launchOverheadUpper(Double v) {
        launchOverheadUpper = v;
        return this;
    }

    private Double netMedian;

    /**
     * Median minus launch overhead, ms per call.
     *
     * @param v the value; null: not measured
     * @return this builder
     */
    public SummaryBuilder netMedian(Double v) {
        netMedian = v;
        return this;
    }

    private Double netLower;

    /**
     * Lower bound of the net interval, ms per call.
     *
     * @param v the value; null: not measured
     * @return this builder
     */
    public SummaryBuilder netLower(Double v) {
        netLower = v;
        return this;
    }

    private Double netUpper;

    /**
     * Upper bound of the net interval, ms per call.
     *
     * @param v the value; null: not measured
     * @return this builder
     */
    public SummaryBuilder netUpper(Double v) {
        netUpper = v;
        return this;
    }

    private Double flopsPerCall;

    /**
     * Declared floating-point operations per call.
     *
     * @param v the value; null: not measured
     * @return this builder
     */
    public SummaryBuilder flopsPerCall(Double v) {
        flopsPerCall = v;
        return this;
    }

    private Double bytesPerCall;

    /**
     * Declared bytes moved per call.
     *
     * @param v the value; null: not measured
     * @return this builder
     */
    public SummaryBuilder bytesPerCall(Double v) {
        bytesPerCall = v;
        return this;
    }

    private Double tflops;

    /**
     * Throughput at the median, TFLOP/s.
     *
     * @param v the value; null: not measured
     * @return this builder
     */
    public SummaryBuilder tflops(Double v) {
        tflops = v;
        return this;
    }

    private Double gbPerSecond;

    /**
     * Bandwidth at the median, GB/s (10^9 bytes).
     *
     * @param v the value; null: not measured
     * @return this builder
     */
    public SummaryBuilder gbPerSecond(Double v) {
        gbPerSecond = v;
        return this;
    }

    private Double bandwidthShare;

    /**
     * Bandwidth at the median over the device's peak DRAM bandwidth, a fraction (NVBench's BWUtil).
     *
     * @param v the value; null: not measured
     * @return this builder
     */
    public SummaryBuilder bandwidthShare(Double v) {
        bandwidthShare = v;
        return this;
    }

    private Double flopsShare;

    /**
     * Throughput at the median over the device's peak rate in the declared precision, a fraction.
     *
     * @param v the value; null: not measured
     * @return this builder
     */
    public SummaryBuilder flopsShare(Double v) {
        flopsShare = v;
        return this;
    }

    private String estimator;

    /**
     * Which bootstrap produced the interval, in words.
     *
     * @param v the value; null: not measured
     * @return this builder
     */
    public SummaryBuilder estimator(String v) {
        estimator = v;
        return this;
    }

    private String intervalScope;

    /**
     * What the interval covers, in words ("within this call", "over 5 forks"); null: not said.
     *
     * @param v the value; null: not measured
     * @return this builder
     */
    public SummaryBuilder intervalScope(String v) {
        intervalScope = v;
        return this;
    }

    private Double repeatLower;

    /**
     * Lower bound of where a repeat call's median lies (the host's repeatability), ms per call.
     *
     * @param v the value; null: not measured
     * @return this builder
     */
    public SummaryBuilder repeatLower(Double v) {
        repeatLower = v;
        return this;
    }

    private Double repeatUpper;

    /**
     * Upper bound of where a repeat call's median lies, ms per call.
     *
     * @param v the value; null: not measured
     * @return this builder
     */
    public SummaryBuilder repeatUpper(Double v) {
        repeatUpper = v;
        return this;
    }

    private Double firstCall;

    /**
     * The host's wall time of the work's first call, synchronized, ms.
     *
     * @param v the value; null: not measured
     * @return this builder
     */
    public SummaryBuilder firstCall(Double v) {
        firstCall = v;
        return this;
    }

    private Double precision;
    private Double precisionTarget;
    private String stop;
    private Double samplingGpuMs;

    /**
     * How sampling went.
     *
     * @param reached the precision reached, a fraction of the median (null: no interval)
     * @param target the precision aimed for, a fraction of the median (null: a fixed count)
     * @param why why sampling stopped, as {@code SamplingStop} writes it (null: not said)
     * @param gpuMs the samples' GPU time, ms in all (null: not known)
     * @return this builder
     */
    public SummaryBuilder sampling(Double reached, Double target, String why, Double gpuMs) {
        precision = reached;
        precisionTarget = target;
        stop = why;
        samplingGpuMs = gpuMs;
        return this;
    }

    private Boolean netMeasurable;

    /**
     * Whether the net reading is measurable (its interval stays above zero).
     *
     * @param v the value; null: the overhead was not measured
     * @return this builder
     */
    public SummaryBuilder netMeasurable(Boolean v) {
        netMeasurable = v;
        return this;
    }

    private Double minDetectableChange;

    /**
     * The minimum detectable change at 80% power, a fraction of the median.
     *
     * @param v the value; null: no interval
     * @return this builder
     */
    public SummaryBuilder minDetectableChange(Double v) {
        minDetectableChange = v;
        return this;
    }

    SummaryBuilder() {}

    /**
     * The summary.
     *
     * @return a summary of the values set, the others null
     * @throws IllegalArgumentException naming the value when an interval's lower bound is above its
     *     upper bound or only one of its bounds is known (the repeat interval), the confidence is outside
     *     (0, 1), a count is negative, or the interval's scope is empty (null says "not said")
     */
    public BenchmarkEntry.Summary build() {
        Checks.ordered("summary", "lower", lower, "upper", upper);
        Checks.ordered("summary", "repeatLower", repeatLower, "repeatUpper", repeatUpper);
        Checks.bothOrNeither("summary", "repeatLower", repeatLower, "repeatUpper", repeatUpper);
        Checks.notEmpty("summary", "intervalScope", intervalScope);
        Checks.ordered("summary", "launchOverheadLower", launchOverheadLower, "launchOverheadUpper", launchOverheadUpper);
        Checks.ordered("summary", "netLower", netLower, "netUpper", netUpper);
        Checks.confidence("summary", confidence);
        Checks.notNegative("summary", "n", n);
        Checks.notNegative("summary", "windows", windows);
        Checks.notNegative("summary", "forks", forks);
        Checks.notNegative("summary", "innerReps", innerReps);
        Checks.notNegative("summary", "warmupCalls", warmupCalls);
        Checks.notNegative("summary", "firstCall", firstCall);
        Checks.notNegative("summary", "precision", precision);
        Checks.notNegative("summary", "precisionTarget", precisionTarget);
        Checks.notNegative("summary", "samplingGpuMs", samplingGpuMs);
        Checks.notEmpty("summary", "stop", stop);
        Checks.notNegative("summary", "minDetectableChange", minDetectableChange);
        return new BenchmarkEntry.Summary(median, p10, p90, lower, upper, confidence, n, windows, forks, innerReps,
                warmupCalls, timerStep, launchOverhead, launchOverheadLower, launchOverheadUpper, netMedian, netLower,
                netUpper, flopsPerCall, bytesPerCall, tflops, gbPerSecond, bandwidthShare, flopsShare, estimator,
                intervalScope, repeatLower, repeatUpper, firstCall, precision, precisionTarget, stop, samplingGpuMs,
                netMeasurable, minDetectableChange);
    }
}
