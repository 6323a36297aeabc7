package dev.sns.reports.compare;

import dev.sns.reports.BenchmarkEntry;
import dev.sns.reports.ComparisonEntry;
import dev.sns.reports.Figures;
import dev.sns.reports.RunReport;
import dev.sns.reports.compare.RunComparison.BenchmarkChange;
import dev.sns.reports.compare.RunComparison.RatioChange;
import dev.sns.reports.compare.RunComparison.RatioReading;
import dev.sns.reports.compare.RunComparison.TimeReading;
import dev.sns.stats.MinDetectableChange;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;

/**
 * Judges a new run against an old one (see the package documentation for the rules). Pure: the
 * same two reports always give the same {@link RunComparison}.
 *
 * <p>About 370 lines on purpose: the rules for absolute times and for speedups sit side by side
 * here, each refusal next to the judgement it guards, so that one reading shows every way a pair
 * can come out; the writers only print what this decided.
 */
public final class RunComparator {
    /**
     * Default relative gap between two time intervals that counts as a change: the design's
     * "narrow enough to call a 5% difference".
     */
    public static final double DEFAULT_THRESHOLD = 0.05;
    /** The only tier whose absolute times compare across runs (locked, verified, stable clocks). */
    private static final String DRIFT_TIER = "A";
    /** The tier with no valid performance verdict. */
    private static final String NO_VERDICT_TIER = "C";

    private RunComparator() {}

    /**
     * The comparison of {@code after} (new) against {@code before} (old).
     *
     * @param threshold relative gap in [0, 1) two time intervals must exceed, e.g. 0.05
     */
    public static RunComparison compare(RunReport before, String beforeFile, RunReport after, String afterFile,
                                        double threshold) {
        return compare(before, beforeFile, after, afterFile, threshold, id -> java.util.OptionalDouble.empty());
    }

    /**
     * The series' noise between runs for a benchmark, as a fraction of its median (0.006 is 0.6%),
     * from a history; empty when unknown.
     */
    @FunctionalInterface
    public interface NoiseSource {
        java.util.OptionalDouble relativeNoise(String benchmarkId);
    }

    /**
     * The board-to-board spread of a benchmark's time, from a history whose series ran on several boards:
     * the between-board standard deviation in logs (0.03 is about 3%); empty when unknown.
     */
    @FunctionalInterface
    public interface BoardSpreadSource {
        /**
         * The spread of one benchmark.
         *
         * @param benchmarkId the benchmark
         * @return its between-board standard deviation in logs, or empty
         */
        java.util.OptionalDouble boardSpread(String benchmarkId);
    }

    /** As {@link #compare(RunReport, String, RunReport, String, double)}, with the series' noise for the CPU gate. */
    public static RunComparison compare(RunReport before, String beforeFile, RunReport after, String afterFile,
                                        double threshold, NoiseSource noise) {
        return compare(before, beforeFile, after, afterFile, threshold, noise, id -> java.util.OptionalDouble.empty());
    }

    /**
     * As {@link #compare(RunReport, String, RunReport, String, double, NoiseSource)}; a benchmark measured on
     * two different boards of one model is read against the board-to-board {@code spread} where the
     * history knows it, and as indicative (with the reason) where not.
     */
    public static RunComparison compare(RunReport before, String beforeFile, RunReport after, String afterFile,
                                        double threshold, NoiseSource noise, BoardSpreadSource spread) {
        if (!(threshold >= 0.0 && threshold < 1.0)) {
            throw new IllegalArgumentException("threshold must be in [0, 1) (0.05 is 5%), got " + threshold);
        }
        List<String> differences = fingerprintDifferences(before.fingerprint(), after.fingerprint());
        return new RunComparison(run(before, beforeFile), run(after, afterFile), threshold, differences,
                benchmarks(before, after, differences, threshold, noise, spread), ratios(before, after));
    }

    private static RunComparison.Run run(RunReport r, String file) {
        String gpu = r.fingerprint().get("gpuName");
        return new RunComparison.Run(file, r.createdAt(), r.snsVersion(), gpu == null ? "" : gpu);
    }

    /** "key old vs new" for every field that differs, keys sorted; a field only one side has reads "(absent)". */
    static List<String> fingerprintDifferences(Map<String, String> before, Map<String, String> after) {
        TreeSet<String> keys = new TreeSet<>(before.keySet());
        keys.addAll(after.keySet());
        List<String> out = new ArrayList<>();
        for (String k : keys) {
            String b = before.get(k);
            String a = after.get(k);
            if (b == null ? a != null : !b.equals(a)) {
                out.add(k + " " + shown(b) + " vs " + shown(a));
            }
        }
        return out;
    }

    private static String shown(String v) {
        if (v == null) {
            return "(absent)";
        }
        return v.isEmpty() ? "(empty)" : v;
    }

    private static List<BenchmarkChange> benchmarks(RunReport before, RunReport after, List<String> differences,
                                                    double threshold, NoiseSource noise, BoardSpreadSource spread) {
        Map<String, BenchmarkEntry> old = new LinkedHashMap<>();
        before.benchmarks().forEach(b -> old.put(b.id(), b));
        List<BenchmarkChange> out = new ArrayList<>();
        for (BenchmarkEntry a : after.benchmarks()) {
            BenchmarkEntry b = old.remove(a.id());
            BenchmarkChange c = benchmark(a.id(), b, a, differences, threshold, noise);
            out.add(b == null ? c : acrossBoards(c, before.boardOf(b).map(x -> x.key()).orElse(""),
                    after.boardOf(a).map(x -> x.key()).orElse(""), differences, spread));
        }
        for (BenchmarkEntry b : old.values()) {
            out.add(benchmark(b.id(), b, null, differences, threshold, noise));
        }
        return out;
    }

    /** The two-sided 95% quantile: a difference of two boards beyond z * sqrt(2) * spread is beyond the boards. */
    private static final double Z95 = 1.959964;

    /**
     * A benchmark measured on two boards of one model (same fingerprint, different board keys): said so,
     * and read against the board-to-board spread when known (within it: unchanged, indicative; beyond it:
     * the verdict stands), else indicative only with the reason. One board, or a board not recorded: as is.
     */
    static BenchmarkChange acrossBoards(BenchmarkChange c, String oldBoard, String newBoard, List<String> differences,
                                        BoardSpreadSource spread) {
        if (!differences.isEmpty() || oldBoard.isEmpty() || newBoard.isEmpty() || oldBoard.equals(newBoard)
                || c.medianChange() == null || !Double.isFinite(c.medianChange())) {
            return c;
        }
        String boards = "different boards of one model (old " + shortBoard(oldBoard) + ", new " + shortBoard(newBoard)
                + ")";
        java.util.OptionalDouble sp = spread.boardSpread(c.id());
        if (sp.isEmpty() || !Double.isFinite(sp.getAsDouble())) {
            return new BenchmarkChange(c.id(), indicative(c.change()), c.before(), c.after(), c.medianChange(), boards
                    + ": the board-to-board spread is not known (no --history, or none with this benchmark on several "
                    + "boards), so a board's offset cannot be told from a change: indicative only; " + c.reason());
        }
        double limit = Z95 * Math.sqrt(2) * sp.getAsDouble();
        double change = Math.log1p(c.medianChange());
        String words = String.format(java.util.Locale.ROOT, "%s: the boards of this benchmark differ by %.2f%% (one sd, "
                + "from the history), so two boards by up to %.2f%%", boards, Math.expm1(sp.getAsDouble()) * 100,
                Math.expm1(limit) * 100);
        if (Math.abs(change) <= limit) {
            return new BenchmarkChange(c.id(), c.change() == Change.UNCHANGED ? Change.UNCHANGED
                    : Change.UNCHANGED_INDICATIVE, c.before(), c.after(), c.medianChange(), words
                    + ": within that, read as the boards' difference; " + c.reason());
        }
        return new BenchmarkChange(c.id(), c.change(), c.before(), c.after(), c.medianChange(), words
                + ": beyond that; " + c.reason());
    }

    private static Change indicative(Change c) {
        return switch (c) {
            case REGRESSION, SLOWER_INDICATIVE -> Change.SLOWER_INDICATIVE;
            case IMPROVEMENT, FASTER_INDICATIVE -> Change.FASTER_INDICATIVE;
            case UNCHANGED, UNCHANGED_INDICATIVE -> Change.UNCHANGED_INDICATIVE;
            default -> c;
        };
    }

    private static String shortBoard(String key) {
        return key.length() > 12 ? key.substring(0, 12) : key;
    }

    /** As {@link #benchmark(String, BenchmarkEntry, BenchmarkEntry, List, double, NoiseSource)} without a history. */
    static BenchmarkChange benchmark(String id, BenchmarkEntry before, BenchmarkEntry after, List<String> differences,
                                     double threshold) {
        return benchmark(id, before, after, differences, threshold, x -> java.util.OptionalDouble.empty());
    }

    /** One benchmark; {@code before} or {@code after} is null when the benchmark is only in the other run. */
    static BenchmarkChange benchmark(String id, BenchmarkEntry before, BenchmarkEntry after, List<String> differences,
                                     double threshold, NoiseSource noise) {
        TimeReading b = reading(before);
        TimeReading a = reading(after);
        if (b == null) {
            return new BenchmarkChange(id, Change.ADDED, null, a, null, "only in the new run");
        }
        if (a == null) {
            return new BenchmarkChange(id, Change.REMOVED, b, null, null, "only in the old run");
        }
        Optional<String> missing = notMeasured(before, after);
        if (missing.isPresent()) {
            return new BenchmarkChange(id, Change.NOT_MEASURED, b, a, null, missing.get());
        }
        Optional<String> absurd = implausible(b, "old").or(() -> implausible(a, "new"));
        if (absurd.isPresent()) {
            return new BenchmarkChange(id, Change.NOT_MEASURED, b, a, null, absurd.get());
        }
        List<String> refusals = refusals(before, after, differences);
        if (refusals.isEmpty()) {
            return judgeTimes(id, b, a, threshold); // the strict gate: tier A, identical fingerprints
        }
        String refused = "absolute times not compared: " + String.join("; ", refusals);
        if (!differences.isEmpty() || NO_VERDICT_TIER.equals(before.tier()) || NO_VERDICT_TIER.equals(after.tier())) {
            return new BenchmarkChange(id, Change.REFUSED, b, a, null, refused);
        }
        if (!hasClockEvidence(before) && !hasClockEvidence(after) && "B".equals(before.tier())
                && "B".equals(after.tier())) {
            return cpuGate(id, b, a, threshold, noise.relativeNoise(id));
        }
        BenchmarkChange judged = judgeTimes(id, b, a, threshold);
        Change indicative = switch (judged.change()) {
            case REGRESSION -> Change.SLOWER_INDICATIVE;
            case IMPROVEMENT -> Change.FASTER_INDICATIVE;
            default -> Change.UNCHANGED_INDICATIVE;
        };
        return new BenchmarkChange(id, indicative, b, a, judged.medianChange(), refused + "; read as indicative only "
                + "(floating clocks can explain a change), never for the gate: " + judged.reason());
    }

    /**
     * A CPU suite's gate (same fingerprint, tier B on both sides, no clock evidence): the interval
     * rule of the strict gate and, when a history gives the noise between runs, a change beyond it
     * too ({@code |change| > z * sqrt(2) * noise}, z for 95% two-sided).
     */
    static BenchmarkChange cpuGate(String id, TimeReading b, TimeReading a, double threshold,
                                   java.util.OptionalDouble relativeNoise) {
        BenchmarkChange judged = judgeTimes(id, b, a, threshold);
        String basis = "CPU gate (same fingerprint, tier B in both runs, no clock evidence): ";
        if (relativeNoise.isEmpty()) {
            return new BenchmarkChange(id, judged.change(), b, a, judged.medianChange(), basis + judged.reason()
                    + (judged.change() == Change.UNCHANGED ? "" : "; no history given, so the noise between runs is "
                    + "not known (--history adds it)"));
        }
        double noise = relativeNoise.getAsDouble();
        double needed = NOISE_Z * Math.sqrt(2.0) * noise;
        double change = judged.medianChange() == null ? 0.0 : judged.medianChange();
        String noiseText = "the series' noise between runs is " + Figures.percent(noise) + " (sd), so a change must "
                + "exceed " + Figures.percent(needed);
        if (judged.change() != Change.UNCHANGED && Math.abs(change) <= needed) {
            return new BenchmarkChange(id, Change.UNCHANGED, b, a, judged.medianChange(), basis + judged.reason()
                    + ", but within the noise: " + noiseText);
        }
        return new BenchmarkChange(id, judged.change(), b, a, judged.medianChange(), basis + judged.reason() + "; "
                + noiseText);
    }

    /** Two-sided 95% normal quantile: the CPU gate's bar for a change against the series' noise. */
    static final double NOISE_Z = 1.959964;
    /** The largest time per call taken as a measurement: 1e9 ms is 11.6 days; beyond is a data error. */
    static final double MAX_PLAUSIBLE_MILLIS = 1e9;

    /** Why a side's numbers are not a measurement (non-finite, negative, absurdly large, lower above upper). */
    static Optional<String> implausible(TimeReading r, String side) {
        for (Double v : new Double[] {r.medianMillis(), r.lowerMillis(), r.upperMillis()}) {
            if (!Double.isFinite(v) || v < 0 || v > MAX_PLAUSIBLE_MILLIS) {
                return Optional.of("the " + side + " run's median or interval (" + r.medianMillis() + " ["
                        + r.lowerMillis() + ", " + r.upperMillis() + "] ms) is not a plausible time per call (a data "
                        + "error in the file: regenerate it, or fix the value)");
            }
        }
        if (r.lowerMillis() > r.upperMillis()) {
            return Optional.of("the " + side + " run's interval [" + r.lowerMillis() + ", " + r.upperMillis()
                    + "] ms has its lower bound above its upper bound (a data error in the file)");
        }
        return Optional.empty();
    }

    /** Whether a benchmark has SM clock readings (a GPU's evidence); CPU benchmarks have none. */
    static boolean hasClockEvidence(BenchmarkEntry e) {
        BenchmarkEntry.Clocks c = e.clocks();
        return c != null && c.smMeanMhz() != null && c.smMhz() != null && !c.smMhz().isEmpty();
    }

    /** Why a side has nothing to judge: failed, skipped, or no interval; empty when both have one. */
    private static Optional<String> notMeasured(BenchmarkEntry before, BenchmarkEntry after) {
        boolean oldOk = hasInterval(before);
        boolean newOk = hasInterval(after);
        if (oldOk && newOk) {
            return Optional.empty();
        }
        String where;
        if (!oldOk && !newOk) {
            where = before.status().equals(after.status()) ? before.status() + " in both runs"
                    : before.status() + " in the old run, " + after.status() + " in the new run";
        } else {
            BenchmarkEntry bad = oldOk ? after : before;
            where = bad.status() + " in the " + (oldOk ? "new" : "old") + " run";
        }
        BenchmarkEntry latest = newOk ? before : after;
        if ("ok".equals(latest.status())) {
            List<String> sides = new ArrayList<>();
            if (!oldOk) {
                sides.add(medianOnly(before, "old"));
            }
            if (!newOk) {
                sides.add(medianOnly(after, "new"));
            }
            return Optional.of(String.join("; ", sides) + ": a change is judged on intervals, so not judged");
        }
        return Optional.of(where + (latest.message().isEmpty() ? "" : ": " + firstLine(latest.message())));
    }

    /**
     * What a side that was measured but has no interval does have: its median (2 JMH iterations give
     * one), and why the interval is absent (the summary's estimator says it); else that it has neither.
     */
    private static String medianOnly(BenchmarkEntry e, String run) {
        BenchmarkEntry.Summary s = e.summary();
        if (!"ok".equals(e.status())) {
            return e.status() + " in the " + run + " run";
        }
        if (s == null || s.median() == null || !Double.isFinite(s.median())) {
            return "no median and interval in the " + run + " run";
        }
        String why = s.estimator() == null || s.estimator().isBlank() ? "" : " (" + firstLine(s.estimator()) + ")";
        return "the " + run + " run's median is " + Figures.time(s.median()) + ", with no interval" + why;
    }

    private static boolean hasInterval(BenchmarkEntry e) {
        TimeReading r = reading(e);
        return "ok".equals(e.status()) && r.hasInterval();
    }

    /** Why absolute times may not be compared: fingerprint fields, then each side that is not tier A. */
    static List<String> refusals(BenchmarkEntry before, BenchmarkEntry after, List<String> differences) {
        List<String> out = new ArrayList<>();
        if (!differences.isEmpty()) {
            out.add("fingerprints differ: " + String.join(", ", differences));
        }
        boolean oldA = DRIFT_TIER.equals(before.tier());
        boolean newA = DRIFT_TIER.equals(after.tier());
        if (!oldA && !newA && String.valueOf(before.tier()).equals(String.valueOf(after.tier()))
                && before.tierReasons().equals(after.tierReasons())) {
            out.add(tierReason(before, "both runs"));
            return out;
        }
        if (!oldA) {
            out.add(tierReason(before, "the old run"));
        }
        if (!newA) {
            out.add(tierReason(after, "the new run"));
        }
        return out;
    }

    private static String tierReason(BenchmarkEntry e, String where) {
        String why = e.tierReasons().isEmpty() ? "" : " (" + String.join("; ", e.tierReasons()) + ")";
        return "tier " + e.tier() + " in " + where + why;
    }

    /** Times of two tier A runs on one environment, judged by the gap between their intervals. */
    static BenchmarkChange judgeTimes(String id, TimeReading b, TimeReading a, double threshold) {
        double ratio = a.medianMillis() / b.medianMillis() - 1.0;
        Double change = Double.isFinite(ratio) ? ratio : null;
        double above = a.lowerMillis() / b.upperMillis() - 1.0;
        double below = b.lowerMillis() / a.upperMillis() - 1.0;
        String limit = " (threshold " + Figures.percent(threshold) + ")";
        if (above > threshold) {
            return new BenchmarkChange(id, Change.REGRESSION, b, a, change,
                    "the new interval lies " + Figures.percent(above) + " above the old one" + limit);
        }
        if (below > threshold) {
            return new BenchmarkChange(id, Change.IMPROVEMENT, b, a, change,
                    "the new interval lies " + Figures.percent(below) + " below the old one" + limit);
        }
        String why;
        if (above > 0) {
            why = "the new interval lies " + Figures.percent(above) + " above the old one, within the threshold";
        } else if (below > 0) {
            why = "the new interval lies " + Figures.percent(below) + " below the old one, within the threshold";
        } else {
            why = "the intervals overlap";
        }
        return new BenchmarkChange(id, Change.UNCHANGED, b, a, change, why + limit + blindSpot(b, a, threshold));
    }

    /**
     * For a benchmark judged unchanged: "; this benchmark cannot see 1%; it sees 3%" when {@code threshold}
     * is below the minimum detectable change of the two runs (each run's SE from its 95% interval, combined in quadrature, 80% power), else "".
     */
    static String blindSpot(TimeReading b, TimeReading a, double threshold) {
        double mdc = MinDetectableChange.combined(se(b), se(a));
        return Double.isFinite(mdc) && threshold < mdc ? "; this benchmark cannot see " + Figures.percent(threshold)
                + "; it sees " + Figures.percent(mdc) + " (80% power)" : "";
    }

    /** A run's relative standard error from its 95% interval: width / (2 x 1.96) / median. */
    private static double se(TimeReading r) {
        return (r.upperMillis() - r.lowerMillis()) / (2 * MinDetectableChange.Z_ALPHA) / r.medianMillis();
    }

    private static List<RatioChange> ratios(RunReport before, RunReport after) {
        Map<List<String>, ComparisonEntry> old = new LinkedHashMap<>();
        before.comparisons().forEach(c -> old.put(List.of(c.candidate(), c.baseline()), c));
        List<RatioChange> out = new ArrayList<>();
        Map<List<String>, ComparisonEntry> current = new LinkedHashMap<>();
        after.comparisons().forEach(c -> current.put(List.of(c.candidate(), c.baseline()), c));
        for (Map.Entry<List<String>, ComparisonEntry> e : current.entrySet()) {
            out.add(ratio(old.remove(e.getKey()), e.getValue()));
        }
        for (ComparisonEntry c : old.values()) {
            out.add(ratio(c, null));
        }
        return out;
    }

    /** One comparison; {@code before} or {@code after} is null when it is only in the other run. */
    static RatioChange ratio(ComparisonEntry before, ComparisonEntry after) {
        ComparisonEntry any = after != null ? after : before;
        RatioReading b = reading(before);
        RatioReading a = reading(after);
        if (b == null) {
            return change(any, Change.ADDED, null, a, "only in the new run");
        }
        if (a == null) {
            return change(any, Change.REMOVED, b, null, "only in the old run");
        }
        if (!b.hasInterval() || !a.hasInterval()) {
            return change(any, Change.NOT_MEASURED, b, a, "no speedup interval in the "
                    + (b.hasInterval() ? "new" : "old") + " run");
        }
        String tierC = NO_VERDICT_TIER.equals(b.tier()) ? "old" : NO_VERDICT_TIER.equals(a.tier()) ? "new" : null;
        if (tierC != null) {
            return change(any, Change.REFUSED, b, a, "tier C in the " + tierC
                    + " run: throttled or unstable clocks, no performance verdict is valid");
        }
        String verdicts = verdictChange(b.verdict(), a.verdict());
        if (a.upper() < b.lower()) {
            return change(any, Change.REGRESSION, b, a, verdicts + "; the new interval " + interval(a)
                    + " lies entirely below the old " + interval(b));
        }
        if (a.lower() > b.upper()) {
            return change(any, Change.IMPROVEMENT, b, a, verdicts + "; the new interval " + interval(a)
                    + " lies entirely above the old " + interval(b));
        }
        return change(any, Change.UNCHANGED, b, a, verdicts + "; the intervals overlap");
    }

    private static String verdictChange(String before, String after) {
        String b = before == null ? "none" : before;
        String a = after == null ? "none" : after;
        return b.equals(a) ? "verdict " + a + " in both runs" : "verdict " + b + " -> " + a;
    }

    private static String interval(RatioReading r) {
        return "[" + Figures.sig(r.lower()) + ", " + Figures.sig(r.upper()) + "]";
    }

    private static RatioChange change(ComparisonEntry c, Change change, RatioReading b, RatioReading a, String why) {
        return new RatioChange(c.candidate(), c.baseline(), change, b, a, why);
    }

    private static TimeReading reading(BenchmarkEntry e) {
        if (e == null) {
            return null;
        }
        BenchmarkEntry.Summary s = e.summary();
        return s == null ? new TimeReading(e.status(), null, null, null, e.tier())
                : new TimeReading(e.status(), s.median(), s.lower(), s.upper(), e.tier());
    }

    private static RatioReading reading(ComparisonEntry c) {
        return c == null ? null : new RatioReading(c.speedup(), c.lower(), c.upper(), c.tier(), c.verdict());
    }

    private static String firstLine(String s) {
        int nl = s.indexOf('\n');
        return nl < 0 ? s : s.substring(0, nl);
    }
}
