package dev.sns;

import dev.sns.model.ComparisonResult;
import dev.sns.model.DevicePeaks;
import dev.sns.model.DisplayUnit;
import dev.sns.model.KernelBreakdown;
import dev.sns.model.TimingResult;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;

/** Formats results as an aligned text table in a unit that suits each row. */
final class ResultTable {
    private static final String[] HEADER = {"name", "median", "interval", "n", "tier", "TFLOP/s", "GB/s", "of peak"};

    private ResultTable() {}

    static String format(Collection<TimingResult> results) {
        List<String[]> rows = new ArrayList<>();
        rows.add(HEADER);
        for (TimingResult r : results) {
            DisplayUnit u = DisplayUnit.forMillis(r.medianMillis());
            String unit = u.label();
            double k = u.perMilli();
            rows.add(new String[] {
                    r.name().isEmpty() ? "<unnamed>" : r.name(),
                    String.format(Locale.ROOT, "%.4g %s", r.medianMillis() * k, unit),
                    !r.hasInterval() ? "(none: too few)" : String.format(Locale.ROOT, "[%.4g, %.4g] %s %.0f%%",
                            r.intervalMillis().lower() * k, r.intervalMillis().upper() * k, unit,
                            100 * r.intervalMillis().confidence()),
                    Integer.toString(r.n()),
                    r.tier().name(),
                    Double.isNaN(r.tflops()) ? "-" : String.format(Locale.ROOT, "%.2f", r.tflops()),
                    Double.isNaN(r.gbPerSecond()) ? "-" : String.format(Locale.ROOT, "%.1f", r.gbPerSecond()),
                    ofPeak(r),
            });
        }
        return align(rows, new boolean[] {false, true, false, true, false, true, true, true});
    }

    /**
     * "91.2% bw", "43.0% fp32", both, or "-": the result's share of the device's peaks; a share above the
     * peak is no reading ({@link DevicePeaks#isReading}) and reads "bw above peak (not a reading)".
     */
    static String ofPeak(TimingResult r) {
        List<String> parts = new ArrayList<>();
        share(parts, r.bandwidthShareOfPeak(), "bw");
        share(parts, r.flopsShareOfPeak(), r.peaks().map(p -> p.precision().toString()).orElse(""));
        return parts.isEmpty() ? "-" : String.join(", ", parts);
    }

    private static void share(List<String> parts, double share, String what) {
        if (DevicePeaks.isReading(share)) {
            parts.add(String.format(Locale.ROOT, "%.1f%% %s", 100 * share, what));
        } else if (Double.isFinite(share)) {
            parts.add(what + " above peak (not a reading)");
        }
    }

    private static final String[] KERNEL_HEADER = {"kernel", "grid", "block", "per call", "median", "interval", "share",
        "duration"};

    /**
     * The kernel table of one result: a row per kernel of one call (median duration and its interval
     * in the unit that suits the call), then the call's kernel time against its event time; one line
     * saying why when the pass could not record; "" without a pass.
     */
    static String formatKernels(TimingResult r) {
        if (r.kernels().isEmpty()) {
            return "";
        }
        KernelBreakdown k = r.kernels().get();
        String name = r.name().isEmpty() ? "<unnamed>" : r.name();
        if (!k.available()) {
            return name + ": no kernel table: " + k.unavailable() + System.lineSeparator();
        }
        DisplayUnit u = DisplayUnit.forMillis(k.kernelMillis() > 0 ? k.kernelMillis() : r.medianMillis());
        double f = u.perMilli();
        List<String[]> rows = new ArrayList<>();
        rows.add(KERNEL_HEADER);
        for (KernelBreakdown.Row row : k.rows()) {
            rows.add(new String[] {row.name(), row.grid(), row.block(), String.format(Locale.ROOT, "%.4g", row.countPerCall()),
                    String.format(Locale.ROOT, "%.4g %s", row.medianMillis() * f, u.label()),
                    String.format(Locale.ROOT, "[%.4g, %.4g]", row.intervalMillis().lower() * f,
                            row.intervalMillis().upper() * f),
                    Double.isNaN(row.shareOfCall()) ? "-" : String.format(Locale.ROOT, "%.1f%%", 100 * row.shareOfCall()),
                    row.durationSource()});
        }
        String net = Double.isNaN(k.netEventMillis()) ? ""
                : String.format(Locale.ROOT, " (net %.4g %s)", k.netEventMillis() * f, u.label());
        return name + ": kernels of one call (" + k.calls() + " calls recorded apart from the samples)"
                + System.lineSeparator() + align(rows, new boolean[] {false, true, true, true, true, false, true, false})
                + String.format(Locale.ROOT, "kernel time %.4g %s [%.4g, %.4g] of event time %.4g %s%s: %.1f%% launches "
                                + "and gaps%n", k.kernelMillis() * f, u.label(), k.kernelIntervalMillis().lower() * f,
                        k.kernelIntervalMillis().upper() * f, k.eventMillis() * f, u.label(), net,
                        100 * k.launchAndGapShare())
                + (k.durationNote().isEmpty() ? "" : "durations from the kernel records: " + k.durationNote()
                + System.lineSeparator());
    }

    private static final String[] COMPARISON_HEADER = {"candidate", "baseline", "speedup", "interval", "net speedup",
            "net interval", "tier", "verdict", "on"};

    static String formatComparisons(Collection<ComparisonResult> comparisons) {
        List<String[]> rows = new ArrayList<>();
        rows.add(COMPARISON_HEADER);
        for (ComparisonResult c : comparisons) {
            rows.add(new String[] {
                    c.candidate().name(), c.baseline().name(),
                    String.format(Locale.ROOT, "%.4f", c.speedup()),
                    String.format(Locale.ROOT, "[%.4f, %.4f] %.0f%%", c.speedupInterval().lower(),
                            c.speedupInterval().upper(), 100 * c.speedupInterval().confidence()),
                    c.netSpeedupInterval().isEmpty() ? "-" : String.format(Locale.ROOT, "%.4f", c.netSpeedup()),
                    c.netSpeedupInterval().map(i -> String.format(Locale.ROOT, "[%.4f, %.4f]", i.lower(), i.upper()))
                            .orElse("-"),
                    c.tier().name(), c.verdict().name(), c.verdictReading().toString()});
        }
        return align(rows, new boolean[] {false, false, true, false, true, false, false, false, false});
    }

    private static String align(List<String[]> rows, boolean[] right) {
        int[] width = new int[rows.get(0).length];
        for (String[] row : rows) {
            for (int i = 0; i < row.length; i++) {
                width[i] = Math.max(width[i], row[i].length());
            }
        }
        StringBuilder sb = new StringBuilder();
        for (String[] row : rows) {
            for (int i = 0; i < row.length; i++) {
                sb.append(i == 0 ? "" : "  ").append(pad(row[i], width[i], right[i]));
            }
            sb.append(System.lineSeparator());
        }
        return sb.toString();
    }

    private static String pad(String s, int w, boolean right) {
        if (s.length() >= w) {
            return s;
        }
        String spaces = " ".repeat(w - s.length());
        return right ? spaces + s : s + spaces;
    }
}
