package dev.sns;

import dev.sns.model.ComparisonResult;
import dev.sns.model.DisplayUnit;
import dev.sns.model.TimingResult;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;

/** Formats results as an aligned text table in a unit that suits each row. */
final class ResultTable {
    private static final String[] HEADER = {"name", "median", "interval", "n", "tier", "TFLOP/s", "GB/s"};

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
            });
        }
        return align(rows, new boolean[] {false, true, false, true, false, true, true});
    }

    private static final String[] COMPARISON_HEADER = {"candidate", "baseline", "speedup", "interval", "tier", "verdict"};

    static String formatComparisons(Collection<ComparisonResult> comparisons) {
        List<String[]> rows = new ArrayList<>();
        rows.add(COMPARISON_HEADER);
        for (ComparisonResult c : comparisons) {
            rows.add(new String[] {
                    c.candidate().name(), c.baseline().name(),
                    String.format(Locale.ROOT, "%.4f", c.speedup()),
                    String.format(Locale.ROOT, "[%.4f, %.4f] %.0f%%", c.speedupInterval().lower(),
                            c.speedupInterval().upper(), 100 * c.speedupInterval().confidence()),
                    c.tier().name(), c.verdict().name()});
        }
        return align(rows, new boolean[] {false, false, true, false, false, false});
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
