package dev.sns;

import dev.sns.model.ComparisonResult;
import dev.sns.model.TimingResult;
import dev.sns.model.Verdict;
import dev.sns.options.SnsOptions;
import dev.sns.stats.Dispersion;
import dev.sns.stats.Interval;
import dev.sns.stats.Percentiles;
import dev.sns.stats.Repeatability;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.TreeMap;
import java.util.function.BiFunction;
import java.util.function.Consumer;
import java.util.function.IntFunction;
import org.apiguardian.api.API;

/**
 * The self-checks of a host.
 *
 * <p>{@link #run}, the A/A check: identical work as candidate and baseline, many times. The true
 * speedup is exactly 1, so the fraction of intervals that contain 1 is the coverage the intervals
 * really have here (a calibrated 95% interval covers it in about 95% of trials), and every interval
 * that excludes 1 is a false positive this host would have produced.
 *
 * <p>{@link #repeatability}: the same measurement repeated back to back. One call's interval covers
 * that call's median; repeat calls spread further (the GPU's clock and power state, the launch
 * overhead's drift between calls). The spread of their medians is this host's repeatability; give
 * it to the option {@code repeatSdPct} and every result carries the interval a repeat falls in.
 */
public final class SelfCheck {
    private SelfCheck() {}

    /**
     * One A/A comparison.
     *
     * @param speedup the measured speedup of the work over itself (the truth is 1)
     * @param interval its interval, dimensionless
     * @param verdict the verdict it gave: FASTER or SLOWER is a false positive
     * @param windowSpread the range of the per-window speedups (window medians of each side),
     *     dimensionless; NaN when the sides share no window
     */
    public record Trial(double speedup, Interval interval, Verdict verdict, double windowSpread) {
        /**
         * Takes the trial's values as they are.
         *
         * @param speedup the measured speedup of the work over itself (the truth is 1)
         * @param interval its interval, dimensionless
         * @param verdict the verdict it gave: FASTER or SLOWER is a false positive
         * @param windowSpread the range of the per-window speedups (window medians of each side),
         *     dimensionless; NaN when the sides share no window
         */
        @API(status = API.Status.INTERNAL, since = "0.2.0")
        public Trial {
        }

        /** {@return whether the interval contains the true speedup, 1} */
        public boolean covers() {
            return interval.contains(1.0);
        }
    }

    /**
     * What the trials showed.
     *
     * @param name the check's name
     * @param trials every trial, in order
     * @param coverage fraction of intervals containing 1
     * @param meanSpeedup mean of the trials' speedups (1 means no bias)
     * @param sdSpeedup their standard deviation
     * @param minSpeedup the smallest speedup of a trial
     * @param maxSpeedup the largest speedup of a trial
     * @param medianWidth the median interval width (speedup units)
     * @param medianSpreadOverWidth median over trials of (range of per-window speedups / interval
     *     width): above 1, single windows disagree by more than the interval admits
     * @param falseVerdicts trials whose verdict was FASTER or SLOWER
     * @param seconds wall time of all trials
     */
    public record Report(String name, List<Trial> trials, double coverage, double meanSpeedup, double sdSpeedup,
                         double minSpeedup, double maxSpeedup, double medianWidth, double medianSpreadOverWidth,
                         int falseVerdicts, double seconds) {
        /**
         * Takes the summary as it is.
         *
         * @param name the check's name
         * @param trials every trial, in order
         * @param coverage fraction of intervals containing 1
         * @param meanSpeedup mean of the trials' speedups (1 means no bias)
         * @param sdSpeedup their standard deviation
         * @param minSpeedup the smallest speedup of a trial
         * @param maxSpeedup the largest speedup of a trial
         * @param medianWidth the median interval width (speedup units)
         * @param medianSpreadOverWidth median over trials of (range of per-window speedups / interval
         *     width): above 1, single windows disagree by more than the interval admits
         * @param falseVerdicts trials whose verdict was FASTER or SLOWER
         * @param seconds wall time of all trials
         */
        @API(status = API.Status.INTERNAL, since = "0.2.0")
        public Report {
        }

        /** {@return the report as one line of a table} Coverage and bias in percent, times in seconds. */
        public String line() {
            return String.format(Locale.ROOT, "%-28s %3d trials  coverage %5.1f%%  mean %.5f  bias %+.3f%%  sd %.5f  "
                            + "range [%.4f, %.4f]  median width %.5f  window spread/width %.2f  false verdicts %d  %.1f s",
                    name, trials.size(), 100 * coverage, meanSpeedup, 100 * (meanSpeedup - 1), sdSpeedup, minSpeedup,
                    maxSpeedup, medianWidth, medianSpreadOverWidth, falseVerdicts, seconds);
        }
    }

    /**
     * What repeating one measurement showed.
     *
     * @param name the check's name
     * @param medians each call's median, in milliseconds, in call order
     * @param sdFraction the standard deviation of the medians as a fraction of their mean: the
     *     host's repeatability
     * @param predictiveSdFraction the same widened for the calls it rests on
     *     ({@link Repeatability#predictiveSdFraction}): give {@code 100 *} it to the option
     *     {@code repeatSdPct} (see {@link #repeatSdPct()})
     * @param medianHalfWidthFraction the median over calls of each interval's half width, as a
     *     fraction of its median: what one call claims
     * @param callsCoveringTypical calls whose own interval holds the median of all the medians
     * @param seconds wall time of all calls
     */
    public record Repeat(String name, double[] medians, double sdFraction, double predictiveSdFraction,
                         double medianHalfWidthFraction, int callsCoveringTypical, double seconds) {
        /**
         * Takes the summary as it is.
         *
         * @param name the check's name
         * @param medians each call's median, in milliseconds, in call order
         * @param sdFraction the standard deviation of the medians as a fraction of their mean: the
         *     host's repeatability
         * @param predictiveSdFraction the same widened for the calls it rests on
         *     ({@link Repeatability#predictiveSdFraction}): give {@code 100 *} it to the option
         *     {@code repeatSdPct} (see {@link #repeatSdPct()})
         * @param medianHalfWidthFraction the median over calls of each interval's half width, as a
         *     fraction of its median: what one call claims
         * @param callsCoveringTypical calls whose own interval holds the median of all the medians
         * @param seconds wall time of all calls
         */
        @API(status = API.Status.INTERNAL, since = "0.2.0")
        public Repeat {
        }

        /**
         * {@return the option value that makes results carry this host's repeatability} The sd of the
         * calls' medians in percent, widened for the number of calls ({@code 100 * predictiveSdFraction}):
         * give it to {@code SnsOptions.Builder.repeatSdPct}.
         */
        public double repeatSdPct() {
            return 100 * predictiveSdFraction;
        }

        /** {@return the report as one line of a table} Medians in milliseconds, spreads in percent. */
        public String line() {
            return String.format(Locale.ROOT, "%-28s %3d calls  medians %.6g-%.6g ms  sd %.3f%% (repeatSdPct=%.3f)  "
                            + "one call's interval +-%.3f%%  calls whose interval holds the typical median %d/%d  %.1f s",
                    name, medians.length, Arrays.stream(medians).min().orElse(Double.NaN),
                    Arrays.stream(medians).max().orElse(Double.NaN), 100 * sdFraction, repeatSdPct(),
                    100 * medianHalfWidthFraction, callsCoveringTypical, medians.length, seconds);
        }
    }

    /**
     * Measures {@code work} {@code calls} times back to back and reports how far the medians spread.
     *
     * @param engine the engine to measure with ({@link Sns#engine()})
     * @param name the check's name, also each call's
     * @param work the work to repeat
     * @param options how to measure each call
     * @param calls how many calls, at least 3 (more give a tighter repeatability)
     * @param progress receives one line per call
     * @return the calls' medians and their spread
     * @throws IllegalArgumentException if {@code calls} is below 3
     * @throws SnsException as {@link Sns#measure(Workload, SnsOptions)}
     */
    public static Repeat repeatability(SnsEngine engine, String name, Workload work, SnsOptions options, int calls,
                                       Consumer<String> progress) {
        long t0 = System.nanoTime();
        List<TimingResult> results = repeated("a repeatability check", "calls", calls, 3,
                i -> engine.measure(work, options.toBuilder().name(name).build()),
                (i, r) -> String.format(Locale.ROOT, "sns repeatability %s: call %d/%d: %s", name, i + 1, calls, r), progress);
        return repeat(name, results, (System.nanoTime() - t0) / 1e9);
    }

    /**
     * {@code count} runs of {@code step} (at least {@code least}, else an error naming {@code what}),
     * each said through {@code progress} as {@code line} words it.
     */
    private static <T> List<T> repeated(String what, String unit, int count, int least, IntFunction<T> step,
                                        BiFunction<Integer, T, String> line, Consumer<String> progress) {
        if (count < least) {
            throw new IllegalArgumentException(what + " needs at least " + least + " " + unit + ", got " + count);
        }
        List<T> out = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            T r = step.apply(i);
            out.add(r);
            progress.accept(line.apply(i, r));
        }
        return out;
    }

    static Repeat repeat(String name, List<TimingResult> results, double seconds) {
        double[] medians = results.stream().mapToDouble(TimingResult::medianMillis).toArray();
        double typical = Percentiles.median(medians);
        double[] half = results.stream().mapToDouble(r -> r.intervalMillis().width() / 2 / r.medianMillis()).toArray();
        int covering = (int) results.stream().filter(r -> r.intervalMillis().contains(typical)).count();
        return new Repeat(name, medians, Repeatability.sdFraction(medians), Repeatability.predictiveSdFraction(medians),
                Percentiles.median(half), covering, seconds);
    }

    /**
     * Runs {@code trials} A/A comparisons of {@code work} against itself; each trial gets its own
     * seed (round orders and resamples differ) and reports progress.
     *
     * @param engine the engine to measure with ({@link Sns#engine()})
     * @param name the check's name, also each comparison's
     * @param work the work, both candidate and baseline
     * @param options how to measure; trial t uses its seed plus t
     * @param trials how many comparisons, at least 2
     * @param progress receives one line per trial
     * @return the coverage of the intervals, the bias and spread of the speedups, and the false verdicts
     * @throws IllegalArgumentException if {@code trials} is below 2
     * @throws SnsException as {@link Sns#measure(Workload, SnsOptions)}
     */
    public static Report run(SnsEngine engine, String name, Workload work, SnsOptions options, int trials,
                             Consumer<String> progress) {
        long t0 = System.nanoTime();
        List<Trial> list = repeated("a self-check", "trials", trials, 2, t -> {
            SnsOptions o = options.toBuilder().name(name).seed(options.bootstrap().seed() + t).build();
            ComparisonResult c = engine.compare(work, work, o);
            return new Trial(c.speedup(), c.speedupInterval(), c.verdict(), windowSpread(c));
        }, (t, trial) -> String.format(Locale.ROOT, "sns self-check %s: trial %d/%d: %.5f [%.5f, %.5f] %s",
                name, t + 1, trials, trial.speedup(), trial.interval().lower(), trial.interval().upper(),
                trial.covers() ? "covers 1" : "MISSES 1"), progress);
        return summarize(name, list, (System.nanoTime() - t0) / 1e9);
    }

    static Report summarize(String name, List<Trial> list, double seconds) {
        double[] s = list.stream().mapToDouble(Trial::speedup).toArray();
        double[] widths = list.stream().mapToDouble(t -> t.interval().width()).toArray();
        double[] spread = list.stream().mapToDouble(t -> t.interval().width() > 0
                ? t.windowSpread() / t.interval().width() : Double.NaN).filter(v -> !Double.isNaN(v)).toArray();
        long covered = list.stream().filter(Trial::covers).count();
        int falseVerdicts = (int) list.stream().filter(t -> t.verdict() == Verdict.FASTER || t.verdict() == Verdict.SLOWER)
                .count();
        return new Report(name, List.copyOf(list), covered / (double) list.size(), Dispersion.mean(s),
                sd(s), Arrays.stream(s).min().orElse(Double.NaN), Arrays.stream(s).max().orElse(Double.NaN),
                Percentiles.median(widths), spread.length == 0 ? Double.NaN : Percentiles.median(spread),
                falseVerdicts, seconds);
    }

    /** Range of the per-window speedups (window medians of each side) of one comparison. */
    static double windowSpread(ComparisonResult c) {
        TreeMap<Integer, List<Double>> cand = byWindow(c.candidate());
        TreeMap<Integer, List<Double>> base = byWindow(c.baseline());
        double min = Double.POSITIVE_INFINITY;
        double max = Double.NEGATIVE_INFINITY;
        for (Integer w : cand.keySet()) {
            if (!base.containsKey(w)) {
                continue;
            }
            double r = median(base.get(w)) / median(cand.get(w));
            min = Math.min(min, r);
            max = Math.max(max, r);
        }
        return max >= min ? max - min : Double.NaN;
    }

    private static TreeMap<Integer, List<Double>> byWindow(TimingResult r) {
        TreeMap<Integer, List<Double>> m = new TreeMap<>();
        double[] x = r.samplesMillis();
        int[] w = r.windowIds();
        for (int i = 0; i < x.length; i++) {
            m.computeIfAbsent(w[i], k -> new ArrayList<>()).add(x[i]);
        }
        return m;
    }

    private static double median(List<Double> v) {
        return Percentiles.median(v.stream().mapToDouble(Double::doubleValue).toArray());
    }

    private static double sd(double[] s) {
        if (s.length < 2) {
            return 0;
        }
        double m = Dispersion.mean(s);
        double acc = 0;
        for (double v : s) {
            acc += (v - m) * (v - m);
        }
        return Math.sqrt(acc / (s.length - 1));
    }
}
