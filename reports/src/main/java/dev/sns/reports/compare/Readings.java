package dev.sns.reports.compare;

import dev.sns.model.DisplayUnit;
import dev.sns.reports.Figures;
import dev.sns.reports.compare.RunComparison.BenchmarkChange;
import dev.sns.reports.compare.RunComparison.RatioReading;
import dev.sns.reports.compare.RunComparison.TimeReading;
import java.util.Map;
import java.util.StringJoiner;

/** Readings in words, shared by the text and Markdown writers. */
final class Readings {
    private Readings() {}

    /** One unit for both sides of a benchmark, so that they read side by side: the one suiting the old median. */
    static DisplayUnit unit(BenchmarkChange c) {
        for (TimeReading r : new TimeReading[] {c.before(), c.after()}) {
            if (r != null && r.medianMillis() != null) {
                return DisplayUnit.forMillis(r.medianMillis());
            }
        }
        return DisplayUnit.MS;
    }

    /**
     * "12.50 us [12.40, 12.60] tier A"; "12.50 us (no interval) tier B" for a median without an interval
     * (2 iterations); the status when not measured; "-" for an absent side.
     */
    static String time(TimeReading r, DisplayUnit unit) {
        if (r == null) {
            return "-";
        }
        if (!r.hasInterval()) {
            return "ok".equals(r.status()) && r.medianMillis() != null && Double.isFinite(r.medianMillis())
                    ? Figures.time(r.medianMillis(), unit) + " (no interval) tier " + r.tier() : r.status();
        }
        return Figures.time(r.medianMillis(), unit) + " " + Figures.interval(r.lowerMillis(), r.upperMillis(), unit)
                + " tier " + r.tier();
    }

    /** "1.312 [1.250, 1.375] tier B FASTER"; "-" for an absent side. */
    static String ratio(RatioReading r) {
        if (r == null) {
            return "-";
        }
        if (!r.hasInterval()) {
            return "no interval";
        }
        return Figures.sig(r.speedup()) + " [" + Figures.sig(r.lower()) + ", " + Figures.sig(r.upper()) + "] tier "
                + r.tier() + " " + (r.verdict() == null ? "(no verdict)" : r.verdict());
    }

    /** "+12.0%" or "" when the change was not judged. */
    static String change(Double medianChange) {
        return medianChange == null ? "" : Figures.signedPercent(medianChange);
    }

    /** "1 regression, 0 improvements, 2 unchanged, ..." in the order of {@link Change}. */
    static String counts(RunComparison c) {
        StringJoiner j = new StringJoiner(", ");
        for (Map.Entry<Change, Integer> e : c.counts().entrySet()) {
            j.add(e.getValue() + " " + countWord(e.getKey(), e.getValue()));
        }
        return j.toString();
    }

    private static String countWord(Change c, int n) {
        return switch (c) {
            case REGRESSION -> n == 1 ? "regression" : "regressions";
            case IMPROVEMENT -> n == 1 ? "improvement" : "improvements";
            case UNCHANGED -> "unchanged";
            case REFUSED -> "refused";
            case NOT_MEASURED -> "not measured";
            case ADDED -> "added";
            case REMOVED -> "removed";
            case SLOWER_INDICATIVE -> "slower (indicative)";
            case FASTER_INDICATIVE -> "faster (indicative)";
            case UNCHANGED_INDICATIVE -> "unchanged (indicative)";
        };
    }

    /** "regressions: a, b, c and 4 more", or null when there is none: what to look at first. */
    static String regressions(RunComparison c, int most) {
        java.util.List<String> ids = new java.util.ArrayList<>();
        c.benchmarks().stream().filter(b -> b.change() == Change.REGRESSION).forEach(b -> ids.add(b.id()));
        c.comparisons().stream().filter(r -> r.change() == Change.REGRESSION)
                .forEach(r -> ids.add(r.candidate() + " vs " + r.baseline()));
        if (ids.isEmpty()) {
            return null;
        }
        String shown = String.join(", ", ids.subList(0, Math.min(most, ids.size())));
        return "regressions: " + shown + (ids.size() > most ? " and " + (ids.size() - most) + " more" : "");
    }

    /** The rules the comparison applied, in one sentence each. */
    static String[] rules(RunComparison c) {
        return new String[] {
            "absolute times: " + (c.fingerprintsMatch()
                    ? "compared where both runs are tier A (the fingerprints match); a regression when the new "
                    + "interval lies more than " + Figures.percent(c.threshold()) + " above the old one"
                    : "not compared, fingerprints differ: " + String.join(", ", c.fingerprintDifferences())),
            "tier B: a CPU suite (same fingerprint, no clock evidence) is judged by the same rule, a gate of its own; "
                    + "GPU times with floating clocks are read as indicative only and never fail the gate",
            "speedups: compared across runs (they are dimensionless); a regression when the new interval lies "
                    + "entirely below the old one"
        };
    }

    /** "a.json (run started 2025-..., sns 0.1.0, NVIDIA H200)". */
    static String run(RunComparison.Run r) {
        StringJoiner j = new StringJoiner(", ", " (", ")").setEmptyValue("");
        if (r.createdAt() != null && !r.createdAt().isEmpty()) {
            j.add("run started " + r.createdAt());
        }
        if (r.snsVersion() != null && !r.snsVersion().isEmpty()) {
            j.add("sns " + r.snsVersion());
        }
        j.add(r.gpuName().isEmpty() ? "no GPU" : r.gpuName());
        return r.file() + j;
    }
}
