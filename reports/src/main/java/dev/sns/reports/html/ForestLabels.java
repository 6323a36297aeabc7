package dev.sns.reports.html;

import dev.sns.reports.ComparisonEntry;
import java.util.List;

/**
 * The two-line label of a forest plot row, short enough for the left margin: the package all rows
 * share is left out, a pair of methods of one class reads "Class" over "a vs b", and what is still
 * too long is cut at the front (the table under the plot has every id in full).
 */
final class ForestLabels {
    /** Longest row label before it is shortened in the middle (the table below has it in full). */
    static final int MAX_LABEL = 56;

    private ForestLabels() {}

    /** The two lines of {@code c}'s row, without {@code prefix} (see {@link #commonPrefix}) and shortened. */
    static String[] lines(ComparisonEntry c, String prefix) {
        String[] lines = label(strip(c.candidate(), prefix), strip(c.baseline(), prefix));
        return new String[] {shorten(lines[0]), shorten(lines[1])};
    }

    /**
     * The package every candidate and baseline shares ("dev.sns.benchmarks."), to leave out of the
     * row labels; never the class, which says what is compared.
     */
    static String commonPrefix(List<ComparisonEntry> rows) {
        String prefix = null;
        for (ComparisonEntry c : rows) {
            for (String id : new String[] {c.candidate(), c.baseline()}) {
                String p = packageOf(id == null ? "" : id);
                prefix = prefix == null ? p : common(prefix, p);
            }
        }
        if (prefix == null) {
            return "";
        }
        int dot = prefix.lastIndexOf('.');
        return dot < 0 ? "" : prefix.substring(0, dot + 1);
    }

    /** "pkg." of "pkg.Class.method:params", "" without a package. */
    private static String packageOf(String id) {
        int colon = id.indexOf(':');
        String name = colon >= 0 ? id.substring(0, colon) : id;
        int method = name.lastIndexOf('.');
        int cls = method <= 0 ? -1 : name.lastIndexOf('.', method - 1);
        return cls < 0 ? "" : name.substring(0, cls + 1);
    }

    private static String common(String a, String b) {
        int n = Math.min(a.length(), b.length());
        int i = 0;
        while (i < n && a.charAt(i) == b.charAt(i)) {
            i++;
        }
        return a.substring(0, i);
    }

    private static String strip(String id, String prefix) {
        String s = id == null ? "" : id;
        return s.startsWith(prefix) ? s.substring(prefix.length()) : s;
    }

    /**
     * The two lines of a row's label: the class and "method vs method" when both sides are methods of
     * one class ("Saxpy", "fused:n=1024 vs naive:n=1024"), else the candidate and "vs baseline".
     */
    static String[] label(String candidate, String baseline) {
        String candidateClass = className(candidate);
        if (!candidateClass.isEmpty() && candidateClass.equals(className(baseline))) {
            int cut = candidateClass.length() + 1;
            return new String[] {candidateClass, candidate.substring(cut) + " vs " + baseline.substring(cut)};
        }
        return new String[] {candidate, "vs " + baseline};
    }

    /** The part of a benchmark id before its method: "pkg.Class" of "pkg.Class.method:n=1". */
    private static String className(String id) {
        int colon = id.indexOf(':');
        String name = colon >= 0 ? id.substring(0, colon) : id;
        int dot = name.lastIndexOf('.');
        return dot < 0 ? "" : name.substring(0, dot);
    }

    /** {@code s} cut at the front to {@link #MAX_LABEL} characters: the method names and params stay. */
    static String shorten(String s) {
        if (s.length() <= MAX_LABEL) {
            return s;
        }
        return "..." + s.substring(s.length() - (MAX_LABEL - 3));
    }
}
