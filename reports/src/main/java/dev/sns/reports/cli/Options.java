package dev.sns.reports.cli;

import dev.sns.reports.tables.TableFormat;

/** Option values the commands share, each checked with a message that names the value and the fix. */
final class Options {
    private Options() {}

    /** "5%" or "0.05" as the fraction 0.05; {@code otherwise} when {@code text} is null. */
    static double fraction(String option, String text, double otherwise) throws UsageException {
        if (text == null) {
            return otherwise;
        }
        String t = text.trim();
        boolean percent = t.endsWith("%");
        double v;
        try {
            v = Double.parseDouble(percent ? t.substring(0, t.length() - 1) : t);
        } catch (NumberFormatException e) {
            throw new UsageException(option + " '" + text + "' is not a number (write 5% or 0.05)");
        }
        double fraction = percent ? v / 100.0 : v;
        if (!percent && v >= 1.0) {
            throw new UsageException(option + " " + text + " would be " + (v * 100) + "%; write " + text
                    + "% for percent, or a fraction such as 0.05");
        }
        if (!(fraction >= 0.0 && fraction < 1.0)) {
            throw new UsageException(option + " " + text + " is out of range: it must be at least 0% and below 100%");
        }
        return fraction;
    }

    static TableFormat table(String name) throws UsageException {
        try {
            return TableFormat.parse(name);
        } catch (IllegalArgumentException e) {
            throw new UsageException("--format: " + e.getMessage());
        }
    }

    /** A count option: at least {@code min}. */
    static int count(String option, int value, int min) throws UsageException {
        if (value < min) {
            throw new UsageException(option + " " + value + " must be at least " + min);
        }
        return value;
    }
}
