package dev.sns.reports;

import static dev.sns.reports.ResultField.Bound.LOWER;
import static dev.sns.reports.ResultField.Bound.UPPER;
import static dev.sns.reports.ResultField.Type.BOOLEAN;
import static dev.sns.reports.ResultField.bound;
import static dev.sns.reports.ResultField.Type.INTEGER;
import static dev.sns.reports.ResultField.Type.INTEGERS;
import static dev.sns.reports.ResultField.Type.INTEGER_MAP;
import static dev.sns.reports.ResultField.Type.NUMBER;
import static dev.sns.reports.ResultField.Type.NUMBERS;
import static dev.sns.reports.ResultField.Type.OBJECT;
import static dev.sns.reports.ResultField.Type.OBJECTS;
import static dev.sns.reports.ResultField.Type.STRING;
import static dev.sns.reports.ResultField.Type.STRINGS;
import static dev.sns.reports.ResultField.Type.STRING_MAP;
import static dev.sns.reports.ResultScope.BENCHMARK;
import static dev.sns.reports.ResultScope.KERNEL;

import dev.sns.model.DisplayUnit;
import dev.sns.reports.BenchmarkEntry.Summary;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The rows of {@link ResultFields} for a benchmark ({@code benchmarks[]}: its identity, summary, clock
 * evidence, samples, bootstrap, peaks, kernel table, origin) and the kernels of its call
 * ({@code kernels.rows[]}). Their order is results.csv's column order and the card's line order
 * (a line with {@code after} follows that field's line): results.csv's newer columns come last.
 */
final class BenchmarkFields {
    private static final CsvFile<BenchmarkEntry> RESULTS = CsvFile.RESULTS;
    private static final CsvFile<BenchmarkEntry> GROUP = CsvFile.GROUP_RESULTS;
    private static final CsvFile<BenchmarkEntry> ENERGY = CsvFile.ENERGY;
    private static final CsvFile<CsvFile.KernelLine> KERNELS = CsvFile.KERNELS;
    private static final String MS = "ms per call";

    private BenchmarkFields() {}

    static final List<ResultField> ROWS = List.of(
            f("id", STRING, "", "unique id in the report: the name, `@` and JMH's mode, `:` and the params `k=v` "
                    + "joined by `,` (keys sorted), and `device=i` in a run of several GPUs (see Conventions)",
                    "BenchmarkEntry.id()")
                    .csv(RESULTS.column("id", BenchmarkEntry::id), KERNELS.column("id", k -> k.benchmark().id()),
                            ENERGY.column("id", BenchmarkEntry::id))
                    .under("benchmark"),
            f("benchmark", STRING, "", "JMH's benchmark name (`package.Class.method`) or the workload's name",
                    "TimingResult.name()")
                    .csv(RESULTS.column("benchmark", BenchmarkEntry::benchmark)),
            f("params", STRING_MAP, "", "JMH `@Param` values", "BenchmarkEntry.params()")
                    .csv(RESULTS.column("params", b -> params(b.params()))
                            .from("benchmarks[].params as `k=v` joined by `;`, keys sorted"))
                    .html(HtmlLabel.line("params", (b, u) -> b.params().isEmpty() ? null : params(b.params(), ", "))
                            .after("bootstrap.resamples")),
            f("device", OBJECT, "", "the GPU the benchmark ran on; absent for CPU benchmarks and runs that did not "
                    + "choose devices", "BenchmarkEntry.device()").orLeftOut().under("GPU"),
            f("device.index", INTEGER, "CUDA index", "CUDA's index, as the option `devices` names it",
                    "BenchmarkEntry.Device.index()")
                    .csv(RESULTS.column("device", device(BenchmarkEntry.Device::index))).under("GPU"),
            f("device.uuid", STRING, "", "`\"GPU-...\"`; `\"\"` when the driver did not say",
                    "BenchmarkEntry.Device.uuid()")
                    .csv(RESULTS.column("device_uuid", device(BenchmarkEntry.Device::uuid))).under("GPU"),
            f("device.name", STRING, "", "e.g. `\"NVIDIA H200\"`", "BenchmarkEntry.Device.name()").under("GPU"),
            f("device.pciBusId", STRING, "", "`\"domain:bus:device.function\"` in hex, e.g. `\"00000000:19:00.0\"`",
                    "BenchmarkEntry.Device.pciBusId()").under("GPU"),
            f("status", STRING, "", "`\"ok\"`, `\"failed\"` or `\"skipped\"`; the measured fields are null unless "
                    + "`\"ok\"`", "BenchmarkEntry.status()")
                    .csv(RESULTS.column("status", BenchmarkEntry::status)).under("Not measured"),
            f("source", STRING, "", "where the samples came from: `\"gpu-events\"` (CUDA events around the work), "
                    + "`\"host-timer\"` (wall clock, no GPU timer), `\"jmh-iterations\"` (one sample per JMH iteration "
                    + "of a benchmark without `GpuBlackhole`)", "BenchmarkEntry.source()").orNull()
                    .csv(RESULTS.column("source", BenchmarkEntry::source))
                    .html(HtmlLabel.line("source", (b, u) -> str(b.source())).after("timer")),
            f("summary", OBJECT, "", "the numbers; null unless measured", "BenchmarkEntry.summary()").orNull(),
            f("summary.median", NUMBER, MS, "median of the samples", "TimingResult.medianMillis()")
                    .csv(RESULTS.column("median_ms", summary(Summary::median)),
                            ENERGY.column("median_ms", summary(Summary::median)))
                    .html(HtmlLabel.keyLine("median per call", ofSummary((s, u) -> Figures.time(s.median(), u)))),
            f("summary.lower", NUMBER, MS, "lower bound of the median's confidence interval (bootstrap over forks, "
                    + "windows and samples); null when the samples support no interval (`estimator` says why)",
                    "TimingResult.intervalMillis().lower()").orNull()
                    .csv(RESULTS.column("lower_ms", summary(Summary::lower)))
                    .html(new HtmlLabel("interval", true, BenchmarkFields::interval, null)),
            f("summary.upper", NUMBER, MS, "upper bound of the median's confidence interval",
                    "TimingResult.intervalMillis().upper()").orNull()
                    .csv(RESULTS.column("upper_ms", summary(Summary::upper))).under("interval"),
            f("summary.confidence", NUMBER, "fraction", "the interval's confidence level, e.g. `0.95`",
                    "TimingResult.intervalMillis().confidence()")
                    .csv(RESULTS.column("confidence", summary(Summary::confidence))).under("interval"),
            f("summary.p10", NUMBER, MS, "10th percentile of the samples", "TimingResult.p10Millis()")
                    .csv(RESULTS.column("p10_ms", summary(Summary::p10)))
                    .html(HtmlLabel.line("p10 .. p90", ofSummary((s, u) -> Figures.scaled(s.p10(), u) + " .. "
                            + Figures.time(s.p90(), u)))),
            f("summary.p90", NUMBER, MS, "90th percentile of the samples", "TimingResult.p90Millis()")
                    .csv(RESULTS.column("p90_ms", summary(Summary::p90))).under("p10 .. p90"),
            f("summary.n", INTEGER, "samples", "number of samples", "TimingResult.n()")
                    .csv(RESULTS.column("n", summary(Summary::n)))
                    .html(HtmlLabel.line("samples (n)", ofSummary((s, u) -> str(s.n())))),
            f("summary.windows", INTEGER, "windows", "number of distinct measurement windows (JMH iterations across "
                    + "forks)", "TimingResult.windowCount()")
                    .csv(RESULTS.column("windows", summary(Summary::windows)))
                    .html(HtmlLabel.line("windows / forks", ofSummary((s, u) -> str(s.windows()) + " / "
                            + str(s.forks())))),
            f("summary.forks", INTEGER, "forks", "number of distinct forks the samples came from",
                    "BenchmarkEntry.Summary.forks()")
                    .csv(RESULTS.column("forks", summary(Summary::forks))).under("windows / forks"),
            f("summary.innerReps", INTEGER, "calls per sample", "calls of the work per timed sample",
                    "TimingResult.innerReps()")
                    .csv(RESULTS.column("inner_reps", summary(Summary::innerReps)))
                    .html(HtmlLabel.line("inner reps (calls per sample)", ofSummary((s, u) -> str(s.innerReps())))),
            f("summary.warmupCalls", INTEGER, "calls", "calls before sampling (the discarded first call not counted)",
                    "TimingResult.warmupCalls()")
                    .html(HtmlLabel.line("warm-up calls", ofSummary((s, u) -> str(s.warmupCalls())))),
            f("summary.timerStep", NUMBER, MS, "the timer's quantization step per call; the interval is never "
                    + "narrower", "TimingResult.timerStepMillis()")
                    .html(HtmlLabel.line("timer step", ofSummary((s, u) -> Figures.time(s.timerStep())))),
            f("tier", STRING, "", "`\"A\"`, `\"B\"` or `\"C\"` (see Tiers)", "TimingResult.tier()").orNull()
                    .csv(RESULTS.column("tier", BenchmarkEntry::tier)).under("tier"),
            f("tierReasons", STRINGS, "", "why the tier is what it is; empty only for a clean tier A",
                    "TimingResult.tierReasons()")
                    .csv(RESULTS.column("tier_reasons", b -> String.join("; ", b.tierReasons()))
                            .from("benchmarks[].tierReasons joined by `; `"))
                    .under("tier"),
            f("summary.launchOverhead", NUMBER, MS, "median cost per call of an empty kernel launched the same way; "
                    + "null when not measured (host timer, plain launches)", "TimingResult.launchOverheadMillis()")
                    .orNull()
                    .csv(RESULTS.column("launch_overhead_ms", summary(Summary::launchOverhead)))
                    .html(HtmlLabel.line("launch overhead", ofSummary(Summary::launchOverhead, (s, u) ->
                            Figures.time(s.launchOverhead(), u) + " "
                            + Figures.interval(s.launchOverheadLower(), s.launchOverheadUpper(), u)))),
            f("summary.launchOverheadLower", NUMBER, MS, "lower bound of the launch overhead's interval",
                    "TimingResult.launchOverheadIntervalMillis().lower()").orNull().under("launch overhead"),
            f("summary.launchOverheadUpper", NUMBER, MS, "upper bound of the launch overhead's interval",
                    "TimingResult.launchOverheadIntervalMillis().upper()").orNull().under("launch overhead"),
            f("summary.netMedian", NUMBER, MS, "`median` minus `launchOverhead`: the kernel's own time (never below 0)",
                    "TimingResult.netMedianMillis()").orNull()
                    .csv(RESULTS.column("net_median_ms", summary(Summary::netMedian)))
                    .html(HtmlLabel.keyLine("net of launch overhead", ofSummary(BenchmarkFields::netLine))),
            f("summary.netLower", NUMBER, MS, "lower bound of the net interval: `lower - launchOverheadUpper`, "
                    + "clamped at 0", "TimingResult.netIntervalMillis().lower()").orNull()
                    .csv(RESULTS.column("net_lower_ms", summary(Summary::netLower))).under("net of launch overhead"),
            f("summary.netUpper", NUMBER, MS, "upper bound of the net interval: `upper - launchOverheadLower`",
                    "TimingResult.netIntervalMillis().upper()").orNull()
                    .csv(RESULTS.column("net_upper_ms", summary(Summary::netUpper))).under("net of launch overhead"),
            f("summary.flopsPerCall", NUMBER, "FLOP per call", "declared floating-point operations per call",
                    "TimingResult.flopsPerCall()").orNull(),
            f("summary.bytesPerCall", NUMBER, "bytes per call", "declared bytes moved per call (read plus written)",
                    "TimingResult.bytesPerCall()").orNull(),
            f("summary.gbPerSecond", NUMBER, "GB/s", "bandwidth at the median, 1 GB = 10^9 bytes (needs "
                    + "`bytesPerCall`)", "TimingResult.gbPerSecond()").orNull()
                    .csv(RESULTS.column("gb_per_s", summary(Summary::gbPerSecond)))
                    .html(HtmlLabel.keyLine("GB/s", ofSummary(Summary::gbPerSecond, (s, u) ->
                            Figures.sig(s.gbPerSecond())))),
            f("summary.tflops", NUMBER, "TFLOP/s", "throughput at the median (needs `flopsPerCall`)",
                    "TimingResult.tflops()").orNull()
                    .csv(RESULTS.column("tflops", summary(Summary::tflops)))
                    .html(HtmlLabel.keyLine("TFLOP/s", ofSummary(Summary::tflops, (s, u) ->
                            Figures.sig(s.tflops())))),
            f("summary.bandwidthShare", NUMBER, "fraction", "`gbPerSecond` over `peaks.gbPerSecond` (NVBench's "
                    + "BWUtil); null without declared bytes or a known peak; above 1 no reading (the timed region saw "
                    + "less work than declared: the card and console say so instead of a share)", "TimingResult.bandwidthShareOfPeak()")
                    .orNull()
                    .csv(RESULTS.column("bw_share", summary(Summary::bandwidthShare)))
                    .html(HtmlLabel.keyLine("share of peak bandwidth", BenchmarkFields::bandwidthShare)
                            .after("summary.gbPerSecond")),
            f("summary.flopsShare", NUMBER, "fraction", "`tflops` over `peaks.tflops` (the declared `precision`); "
                    + "above 1 no reading, as `bandwidthShare`",
                    "TimingResult.flopsShareOfPeak()").orNull()
                    .csv(RESULTS.column("flops_share", summary(Summary::flopsShare)))
                    .html(HtmlLabel.keyLine("share of peak FLOP/s", BenchmarkFields::flopsShare)
                            .after("summary.tflops")),
            f("kernels", OBJECT, "", "the kernel table of the kernel pass; null unless `kernels=true`",
                    "TimingResult.kernels()").orNull().under("kernel"),
            f("kernels.calls", INTEGER, "calls", "calls recorded, over all forks", "KernelBreakdown.calls()").orNull()
                    .under("calls recorded"),
            f("kernels.kernelMedian", NUMBER, MS, "a call's kernel time (the sum of its records' durations): median "
                    + "over calls", "KernelBreakdown.kernelMillis()").orNull()
                    .csv(RESULTS.column("kernel_ms", kernels(BenchmarkEntry.Kernels::kernelMedian)))
                    .under("Kernel time of a call"),
            bound(LOWER, BENCHMARK, "kernels.kernel", MS, " (forks, then calls)",
                    "KernelBreakdown.kernelIntervalMillis()", "Kernel time of a call").orNull(),
            bound(UPPER, BENCHMARK, "kernels.kernel", MS, "", "KernelBreakdown.kernelIntervalMillis()",
                    "Kernel time of a call").orNull(),
            f("kernels.eventMedian", NUMBER, MS, "the benchmark's `summary.median` (event time per call)",
                    "KernelBreakdown.eventMillis()").orNull().under("event time"),
            f("kernels.netEventMedian", NUMBER, MS, "`summary.netMedian`", "KernelBreakdown.netEventMillis()")
                    .orNull().under("net of launch overhead"),
            f("kernels.kernelShare", NUMBER, "fraction", "`kernelMedian / eventMedian`",
                    "KernelBreakdown.kernelShare()").orNull()
                    .csv(RESULTS.column("kernel_share", kernels(BenchmarkEntry.Kernels::kernelShare))),
            f("kernels.launchAndGapShare", NUMBER, "fraction", "`1 - kernelShare`: what launches and the gaps between "
                    + "operations took of the event time", "KernelBreakdown.launchAndGapShare()").orNull()
                    .under("launches and gaps"),
            f("kernels.unattributed", INTEGER, "records", "records that fell outside every recorded call (another "
                    + "thread's work), left out", "KernelBreakdown.unattributed()").orNull()
                    .under("fell outside every call"),
            f("kernels.dropped", INTEGER, "records", "records the recorder dropped (full buffers, no timestamps)",
                    "KernelBreakdown.dropped()").orNull().under("dropped by the recorder"),
            f("kernels.unavailable", STRING, "", "why there is no table (no CUPTI library, profiling not permitted, "
                    + "no kernel seen), `\"\"` when there is one; then every other field is null and `rows` empty",
                    "KernelBreakdown.whyUnavailable()").under("No kernel table"),
            f("kernels.rows", OBJECTS, "", "one per kernel (name, grid and block), in the order a call first launches "
                    + "them", "KernelBreakdown.rows()").under("kernel"),
            f("kernels.durationNote", STRING, "", "why kernels' durations are the records' own although CUPTI's range "
                    + "profiler was there to read Nsight Compute's `gpu__time_duration.sum` (it refused, or the profiled "
                    + "calls launched other kernels); left out when every kernel row has the profiler's duration, or "
                    + "there was none", "KernelBreakdown.durationNote()").orLeftOut()
                    .under("Kernel durations from the kernel records"),
            f("clocks", OBJECT, "", "clock and throttle evidence; null unless measured", "TimingResult.clocks()")
                    .orNull().under("SM clock"),
            f("clocks.source", STRING, "", "`\"nvml\"`, or why there is no evidence (no GPU, no NVML, host timer)",
                    "TimingResult.clocks().source()").under("SM clock"),
            f("clocks.locked", BOOLEAN, "", "whether the clock policy locked the clocks and verified the lock by "
                    + "readback", "TimingResult.clocks().locked()").under("locked"),
            f("clocks.smMeanMhz", NUMBER, "MHz", "mean SM clock over the readings", "TimingResult.smClockMeanMhz()")
                    .orNull()
                    .csv(RESULTS.column("sm_clock_mean_mhz", clocks(BenchmarkEntry.Clocks::smMeanMhz)))
                    .under("SM clock"),
            f("clocks.smCvPercent", NUMBER, "%", "coefficient of variation of the SM clock readings",
                    "TimingResult.smClockCvPercent()").orNull()
                    .csv(RESULTS.column("sm_clock_cv_percent", clocks(BenchmarkEntry.Clocks::smCvPercent)))
                    .under("SM clock"),
            f("clocks.smRangeMhz", NUMBER, "MHz", "highest minus lowest SM clock reading",
                    "TimingResult.smClockRangeMhz()").orNull().under("SM clock"),
            f("clocks.smMhz", NUMBERS, "MHz", "SM clock readings in the order taken during the windows; empty without "
                    + "evidence", "TimingResult.clocks().smClockMhz()").under("SM clock"),
            f("clocks.memMhz", NUMBERS, "MHz", "memory clock readings taken alongside (may be empty)",
                    "TimingResult.clocks().memClockMhz()"),
            f("clocks.throttleReasons", STRINGS, "", "hardware or thermal slowdowns seen (by flag or by a counter that "
                    + "moved); any one makes the tier C", "TimingResult.clocks().throttle().throttleReasons()")
                    .csv(RESULTS.column("throttle", clocks(c -> c.throttleReasons() == null ? ""
                            : String.join("; ", c.throttleReasons())))
                            .from("benchmarks[].clocks.throttleReasons joined by `; ` (empty: none)"))
                    .under("Throttled"),
            f("clocks.metadataReasons", STRINGS, "", "reasons recorded but not counted as throttles (idle, software "
                    + "power cap, sync boost, application clocks)", "TimingResult.clocks().throttle().metadataReasons()")
                    .under("not counted as throttles"),
            f("clocks.violationNanos", INTEGER_MAP, "ns", "how far each of NVML's cumulative throttle-time counters "
                    + "advanced during the windows, by counter name", "TimingResult.clocks().throttle().violationNanos()")
                    .under("Throttle counters advanced by"),
            f("clocks.temperatureC", NUMBERS, "C", "GPU temperature readings (metadata)",
                    "TimingResult.clocks().temperatureC()"),
            f("clocks.powerW", NUMBERS, "W", "board power readings (metadata)", "TimingResult.clocks().powerW()"),
            f("timer", STRING, "", "the timer in words, e.g. `\"cuda events (blocking launch)\"`", "TimingResult.timer()")
                    .orNull()
                    .csv(RESULTS.column("timer", BenchmarkEntry::timer))
                    .html(HtmlLabel.line("timer", (b, u) -> str(b.timer()))),
            f("message", STRING, "", "why it failed or was skipped; for an ok entry a note (forks that did not report) or `\"\"` (in CSV it may hold line breaks, "
                    + "then quoted)", "BenchmarkEntry.message()")
                    .csv(RESULTS.column("message", BenchmarkEntry::message)).under("Not measured"),
            f("summary.intervalScope", STRING, "", "what the interval covers, in words: `\"within this call\"` (one "
                    + "call of the Java API: its windows' spread; a repeat call may read outside it), `\"over 5 forks\"` "
                    + "(JMH: the forks' run-to-run spread is in), `\"within this fork\"`; absent when the producer did "
                    + "not say", "TimingResult.intervalScope()").orLeftOut()
                    .csv(RESULTS.column("interval_scope", summary(Summary::intervalScope)))
                    .html(HtmlLabel.line("interval covers", ofSummary((s, u) -> s.intervalScope()))
                            .after("summary.lower")),
            f("summary.repeatLower", NUMBER, MS, "where a repeat call's median lies given this one, from the host's "
                    + "repeatability (the option `repeatSdPct`, from the self-check), lower bound: the median minus z "
                    + "repeat standard deviations, never inside the interval; absent when the repeatability is not known "
                    + "(always under JMH, whose forks are the repeats)", "TimingResult.repeatIntervalMillis().lower()")
                    .orLeftOut()
                    .csv(RESULTS.column("repeat_lower_ms", summary(Summary::repeatLower)))
                    .html(HtmlLabel.line("repeat-call interval", ofSummary(Summary::repeatLower, (s, u) ->
                            Figures.intervalIn(s.repeatLower(), s.repeatUpper(), u))).after("summary.intervalScope")),
            f("summary.repeatUpper", NUMBER, MS, "upper bound of where a repeat call's median lies",
                    "TimingResult.repeatIntervalMillis().upper()").orLeftOut()
                    .csv(RESULTS.column("repeat_upper_ms", summary(Summary::repeatUpper)))
                    .under("repeat-call interval"),
            f("summary.firstCall", NUMBER, "ms", "what the work's first call cost: the host's wall time of the one "
                    + "discarded call before the warm-up, synchronized (not per call of a sample); a library's one-time "
                    + "work (a workspace, the load of its kernels' module) shows here; absent where not measured (JMH, "
                    + "whose first warm-up iteration shows it)", "TimingResult.firstCallMillis()").orLeftOut()
                    .csv(RESULTS.column("first_call_ms", summary(Summary::firstCall)))
                    .html(HtmlLabel.line("first call", ofSummary(Summary::firstCall, (s, u) ->
                            Figures.time(s.firstCall()))).after("summary.warmupCalls")),
            f("summary.precision", NUMBER, "fraction", "the precision reached: half the interval's width over the "
                    + "median (`0.005` is +-0.5%), what the option `halfWidth` is held against; absent without an interval",
                    "TimingResult.precisionFraction()").orLeftOut()
                    .csv(RESULTS.column("precision", summary(Summary::precision)))
                    .html(HtmlLabel.line("precision", ofSummary((s, u) -> precision(s)))),
            f("summary.precisionTarget", NUMBER, "fraction", "the precision adaptive sampling aimed for (the option "
                    + "`halfWidth`), a fraction of the median; absent for a fixed count",
                    "TimingResult.precisionTargetFraction()").orLeftOut()
                    .csv(RESULTS.column("precision_target", summary(Summary::precisionTarget))).under("precision"),
            f("summary.stop", STRING, "", "why sampling stopped: `\"count\"` (a fixed count: the option `iterations`, "
                    + "or JMH's iterations and forks), `\"target\"` (adaptive: the interval reached `halfWidth` and held; "
                    + "under the sns Main, after its precision rounds' forks), `\"time_cap\"` (the samples' GPU time "
                    + "reached `maxSamplingMs` first; under the sns Main, one more fork would have passed it), "
                    + "`\"sample_cap\"` (a million samples first), `\"fork_cap\"` (the sns Main's precision rounds reached "
                    + "`maxForks` first); absent where the producer did not say", "TimingResult.samplingStop()").orLeftOut()
                    .csv(RESULTS.column("stop", summary(Summary::stop))).under("precision"),
            f("summary.samplingGpuMs", NUMBER, "ms", "the GPU time the samples took: their timed regions summed (not "
                    + "per call) with each window's untimed opening call (`Sns.measure`/`compare`, from four calls a "
                    + "sample); warm-up, calibration and the launch-overhead probe apart: what `maxSamplingMs` caps, the "
                    + "cost side of precision per GPU-second; absent where not known", "TimingResult.samplingGpuMillis()")
                    .orLeftOut()
                    .csv(RESULTS.column("sampling_gpu_ms", summary(Summary::samplingGpuMs))).under("precision"),
            f("summary.estimator", STRING, "", "which bootstrap produced the interval, in words (or why there is none)",
                    "TimingResult.estimator()").orNull()
                    .html(HtmlLabel.line("estimator", ofSummary((s, u) -> s.estimator()))),
            f("samples", OBJECT, "", "the raw samples: three arrays of equal length, index `i` describing the `i`-th "
                    + "sample in time order (within a fork; forks in the order they ran); null unless measured",
                    "BenchmarkEntry.samples()").orNull().under("samples"),
            f("samples.millis", NUMBERS, MS, "the samples", "TimingResult.samplesMillis()").under("samples"),
            f("samples.window", INTEGERS, "", "the window (JMH iteration) each was taken in", "TimingResult.windowIds()")
                    .under("window median"),
            f("samples.fork", INTEGERS, "", "the JMH fork each was taken in", "BenchmarkEntry.Samples.fork()")
                    .under("fork"),
            f("bootstrap", OBJECT, "", "how the interval was computed; null unless measured", "TimingResult.bootstrap()")
                    .orNull().under("bootstrap"),
            f("bootstrap.confidence", NUMBER, "fraction", "confidence level, e.g. `0.95`",
                    "TimingResult.bootstrap().confidence()"),
            f("bootstrap.resamples", INTEGER, "resamples", "bootstrap resamples", "TimingResult.bootstrap().resamples()")
                    .html(HtmlLabel.line("bootstrap", (b, u) -> b.bootstrap() == null ? null
                            : str(b.bootstrap().resamples()) + " resamples, seed " + str(b.bootstrap().seed()))),
            f("bootstrap.seed", STRING, "", "the seed, `0x` and upper-case hex; the same samples and seed always give "
                    + "the same interval", "TimingResult.bootstrap().seed()").under("bootstrap"),
            f("peaks", OBJECT, "", "the device's speed of light (see the README's \"Speed of light\"); null without a "
                    + "GPU (wall-clock timer, CPU benchmark)", "TimingResult.peaks()").orNull().under("share of peak"),
            f("peaks.gbPerSecond", NUMBER, "GB/s", "peak DRAM bandwidth, 2 x memory clock x bus width / 8; null when "
                    + "the device does not report them", "TimingResult.peaks().bytesPerSecond() / 1e9").orNull()
                    .under("share of peak bandwidth"),
            f("peaks.tflops", NUMBER, "TFLOP/s", "peak rate in `precision`: SMs x highest SM clock x operations per "
                    + "clock per SM; null when sns's table has no rate for the device and precision",
                    "TimingResult.peaks().flopsPerSecond() / 1e12").orNull().under("share of peak FLOP/s"),
            f("peaks.precision", STRING, "", "the option `precision` (`fp32` unless set)",
                    "TimingResult.peaks().precision()").under("share of peak FLOP/s"),
            f("peaks.basis", STRING, "", "how both were computed, or why not, e.g. `\"DRAM 2 x 3201 MHz x 6016 bit / 8 "
                    + "= 4814.3 GB/s; fp32 132 SMs x 1980 MHz x 256 per clock = 66.9 TFLOP/s\"`",
                    "TimingResult.peaks().basis()"),
            f("mode", STRING, "", "JMH's benchmark mode, short label (`avgt`, `thrpt`, `sample`, `ss`); absent for the "
                    + "Java API", "BenchmarkEntry.mode()").orLeftOut(),
            f("energy", OBJECT, "", "energy per call and power from the energy windows (see `energy` below); absent "
                    + "unless `energy=true` (added after version 1's first files: readers of version 1 ignore it)",
                    "TimingResult.energy()").orLeftOut().under("energy per call"),
            f("origin", OBJECT, "", "where the entry was measured; only in a merged report", "BenchmarkEntry.origin()")
                    .orLeftOut().under("Where each benchmark ran"),
            f("origin.shard", STRING, "", "its shard, `\"K/N\"`; `\"\"` for a run that was not one",
                    "BenchmarkEntry.Origin.shard()")
                    .csv(GROUP.column("shard", origin(BenchmarkEntry.Origin::shard))).under("shard"),
            f("origin.runId", INTEGER, "", "the run in the history; null for a benchmark no shard recorded",
                    "BenchmarkEntry.Origin.runId()").orNull()
                    .csv(GROUP.column("run", origin(BenchmarkEntry.Origin::runId))),
            f("origin.host", STRING, "", "the node's host name", "BenchmarkEntry.Origin.host()")
                    .csv(GROUP.column("host", origin(BenchmarkEntry.Origin::host))).under("node"),
            f("origin.fingerprint", STRING, "", "digest of the node's environment, whose fields are in "
                    + "`group.fingerprints`", "BenchmarkEntry.Origin.fingerprint()")
                    .csv(GROUP.column("fingerprint", origin(BenchmarkEntry.Origin::fingerprint))).under("environment"),
            f("wallMillis", NUMBER, "ms in all", "the host's wall time for this benchmark's forks (from before each fork "
                    + "starts to after it ends, summed; a pair's ABBA rounds count each side's own forks): what the next "
                    + "sharded run is balanced by; absent outside JMH", "BenchmarkEntry.wallMillis()").orLeftOut()
                    .csv(GROUP.column("wall_ms", BenchmarkEntry::wallMillis)),
            f("summary.netMeasurable", BOOLEAN, "", "whether the net reading is measurable: `false` when the net "
                    + "interval reaches zero (`lower - launchOverheadUpper <= 0`): the kernel's own time is lost in the "
                    + "launch overhead's spread, the net figures are no reading (\"not measurable net of launch "
                    + "overhead\") and `median` is the reading; absent when the overhead was not measured",
                    "TimingResult.netMeasurable()").orLeftOut()
                    .csv(RESULTS.column("net_measurable", summary(Summary::netMeasurable)))
                    .under("net of launch overhead"),
            f("summary.minDetectableChange", NUMBER, "fraction", "the minimum detectable change at 80% power "
                    + "(two-sided 5%): the smallest relative change from this median a test would find 80% of the "
                    + "time, `2.80 x SE`, SE the interval's width over `2 z` relative to the median (against a repeat "
                    + "run of the same noise: `sqrt(2)` times this); absent without an interval",
                    "TimingResult.minDetectableChange()").orLeftOut()
                    .csv(RESULTS.column("min_detectable_change", summary(Summary::minDetectableChange)))
                    .html(HtmlLabel.line("smallest change it sees (80% power)", ofSummary(Summary::minDetectableChange,
                            (s, u) -> Figures.percent(s.minDetectableChange())))
                            .after("summary.intervalScope")),
            k("name", STRING, "", "demangled (`void saxpy<float>(long, float, float const*, float*)`); memsets and "
                    + "copies are `[memset]` and `[memcpy DtoD]` (and the other directions)", "KernelBreakdown.Row.name()")
                    .csv(KERNELS.column("kernel", k -> k.row().name())).under("kernel"),
            k("symbol", STRING, "", "the name as recorded (the mangled symbol)", "KernelBreakdown.Row.symbol()")
                    .csv(KERNELS.column("symbol", k -> k.row().symbol())),
            k("grid", STRING, "", "`\"x\"` or `\"x,y,z\"`; `\"-\"` for memsets and copies", "KernelBreakdown.Row.grid()")
                    .csv(KERNELS.column("grid", k -> k.row().grid())).under("grid"),
            k("block", STRING, "", "`\"x\"` or `\"x,y,z\"`; `\"-\"` for memsets and copies",
                    "KernelBreakdown.Row.block()")
                    .csv(KERNELS.column("block", k -> k.row().block())).under("block"),
            k("countPerCall", NUMBER, "launches per call", "launches per call (records over calls)",
                    "KernelBreakdown.Row.countPerCall()")
                    .csv(KERNELS.column("count_per_call", k -> k.row().countPerCall())).under("per call"),
            k("median", NUMBER, "ms per launch", "median duration of one launch", "KernelBreakdown.Row.medianMillis()")
                    .csv(KERNELS.column("median_ms", k -> k.row().median())).under("median"),
            bound(LOWER, KERNEL, "", "ms per launch", " (calls resampled, then launches)",
                    "KernelBreakdown.Row.intervalMillis()", "interval")
                    .csv(KERNELS.column("lower_ms", k -> k.row().lower())),
            bound(UPPER, KERNEL, "", "ms per launch", "", "KernelBreakdown.Row.intervalMillis()", "interval")
                    .csv(KERNELS.column("upper_ms", k -> k.row().upper())),
            k("shareOfCall", NUMBER, "fraction", "`countPerCall x median / eventMedian`",
                    "KernelBreakdown.Row.shareOfCall()").orNull()
                    .csv(KERNELS.column("share_of_call", k -> k.row().shareOfCall())).under("share of call"),
            k("durationSource", STRING, "", "where `median` came from: `\"gpu__time_duration.sum\"` (CUPTI's range "
                    + "profiler, Nsight Compute's kernel duration) or `\"activity\"` (the kernel records' own span: "
                    + "memsets, copies, and kernels where the profiler could not run); left out in reports written "
                    + "before it existed", "KernelBreakdown.Row.durationSource()").orLeftOut()
                    .csv(KERNELS.column("duration_source", k -> k.row().durationSource())).under("duration from"));

    private static ResultField f(String path, ResultField.Type type, String unit, String meaning, String accessor) {
        return ResultField.of(BENCHMARK, path, type, unit, meaning, accessor);
    }

    private static ResultField k(String path, ResultField.Type type, String unit, String meaning, String accessor) {
        return ResultField.of(KERNEL, path, type, unit, meaning, accessor);
    }

    /** A value of the benchmark's summary: null when there is none (not measured). */
    private static <T> Function<BenchmarkEntry, T> summary(Function<Summary, T> field) {
        return b -> b.summary() == null ? null : field.apply(b.summary());
    }

    private static <T> Function<BenchmarkEntry, T> kernels(Function<BenchmarkEntry.Kernels, T> field) {
        return b -> b.kernels() == null ? null : field.apply(b.kernels());
    }

    private static <T> Function<BenchmarkEntry, T> clocks(Function<BenchmarkEntry.Clocks, T> field) {
        return b -> b.clocks() == null ? null : field.apply(b.clocks());
    }

    private static <T> Function<BenchmarkEntry, T> device(Function<BenchmarkEntry.Device, T> field) {
        return b -> b.device() == null ? null : field.apply(b.device());
    }

    private static <T> Function<BenchmarkEntry, T> origin(Function<BenchmarkEntry.Origin, T> field) {
        return b -> b.origin() == null ? null : field.apply(b.origin());
    }

    /**
     * The card's net line: the net median and interval, or, where the net interval reaches zero, that it is
     * not measurable, with the raw reading and the overhead.
     */
    private static String netLine(Summary s, DisplayUnit u) {
        if (s.netMedian() == null) {
            return null;
        }
        if (Boolean.FALSE.equals(s.netMeasurable())) {
            return "not measurable net of launch overhead (raw " + Figures.time(s.median(), u) + ", launch overhead "
                    + Figures.time(s.launchOverhead(), u) + "): read the raw median";
        }
        return Figures.time(s.netMedian(), u) + " " + Figures.interval(s.netLower(), s.netUpper(), u);
    }

    /** A card line of the summary: none without one. */
    private static HtmlLabel.Value ofSummary(BiFunction<Summary, DisplayUnit, String> value) {
        return (b, unit) -> b.summary() == null ? null : value.apply(b.summary(), unit);
    }

    /** A card line of the summary where {@code field} is there: none where it is null. */
    private static HtmlLabel.Value ofSummary(Function<Summary, ?> field, BiFunction<Summary, DisplayUnit, String> value) {
        return ofSummary((s, u) -> field.apply(s) == null ? null : value.apply(s, u));
    }

    /** "95% interval: [12.40, 12.60] us" (just "interval" when the confidence is not known). */
    private static HtmlLabel.Text interval(BenchmarkEntry b, DisplayUnit unit) {
        Summary s = b.summary();
        if (s == null) {
            return null;
        }
        String label = s.confidence() == null ? "interval" : Figures.compact(s.confidence() * 100.0, 3) + "% interval";
        return new HtmlLabel.Text(label, Figures.intervalIn(s.lower(), s.upper(), unit));
    }

    private static String bandwidthShare(BenchmarkEntry b, DisplayUnit unit) {
        Summary s = b.summary();
        return s == null || s.bandwidthShare() == null ? null : ofPeak(s.bandwidthShare(), "",
                Figures.sig(b.peaks() == null ? null : b.peaks().gbPerSecond()) + " GB/s");
    }

    private static String flopsShare(BenchmarkEntry b, DisplayUnit unit) {
        Summary s = b.summary();
        String precision = b.peaks() == null ? "" : b.peaks().precision();
        return s == null || s.flopsShare() == null ? null : ofPeak(s.flopsShare(), precision.isEmpty() ? "" : precision + " ",
                Figures.sig(b.peaks() == null ? null : b.peaks().tflops()) + " TFLOP/s (" + precision + ")");
    }

    /**
     * A card's share of peak: "91.2% of 4000 GB/s"; above the peak no reading
     * ({@link dev.sns.model.DevicePeaks#isReading}): "50.0x the peak: not a reading (...); the peak is 4000 GB/s".
     */
    static String ofPeak(double share, String which, String peak) {
        return dev.sns.model.DevicePeaks.isReading(share) ? Figures.percent(share) + " of " + peak
                : dev.sns.model.DevicePeaks.aboveThePeak(share, which) + "; the peak is " + peak;
    }

    /** "+-0.057% (target 0.5%: target reached; samples 5.000 ms of GPU time)", or null without a precision. */
    private static String precision(Summary s) {
        if (s.precision() == null) {
            return null;
        }
        String target = s.precisionTarget() == null ? "" : "target +-" + Figures.sig(100 * s.precisionTarget(), 3) + "%: ";
        String why = s.stop() == null ? "" : target + stopWords(s.stop());
        String gpu = s.samplingGpuMs() == null ? "" : (why.isEmpty() ? "" : "; ") + "samples "
                + Figures.time(s.samplingGpuMs()) + " of GPU time";
        return "+-" + Figures.sig(100 * s.precision(), 3) + "%" + (why.isEmpty() && gpu.isEmpty() ? "" : " (" + why + gpu + ")");
    }

    private static String stopWords(String stop) {
        try {
            return dev.sns.model.SamplingStop.parse(stop).words();
        } catch (IllegalArgumentException e) {
            return stop;
        }
    }

    /** "k1=v1;k2=v2", keys sorted (the entries keep their params sorted). */
    static String params(Map<String, String> params) {
        return params(params, ";");
    }

    private static String params(Map<String, String> params, String separator) {
        return params.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue())
                .collect(Collectors.joining(separator));
    }

    /** {@code o} as text, or "n/a". */
    static String str(Object o) {
        return o == null ? "n/a" : o.toString();
    }
}
