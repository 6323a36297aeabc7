package dev.sns.model;

import java.util.Locale;

/** Which speedup a comparison's verdict reads. */
public enum SpeedupReading {
    /**
     * Baseline median over candidate median as measured: what a caller pays per call, launches
     * included. Short kernels' raw ratios lean toward 1, because each call's fixed launch cost is in
     * both medians.
     */
    RAW,
    /**
     * The same net of each side's launch overhead (an empty kernel timed the same way): the
     * kernels' own cost, for comparing the code of short kernels.
     */
    NET;

    /** "raw" or "net", as the option and the reports write it. */
    @Override
    public String toString() {
        return name().toLowerCase(Locale.ROOT);
    }

    /**
     * Reads the option's text.
     *
     * @param text {@code "raw"} or {@code "net"}, surrounding blanks ignored
     * @return the reading it names
     * @throws IllegalArgumentException if the text is neither, naming the two choices
     */
    public static SpeedupReading parse(String text) {
        for (SpeedupReading r : values()) {
            if (r.toString().equals(text.trim())) {
                return r;
            }
        }
        throw new IllegalArgumentException("must be one of raw, net, got '" + text + "'");
    }
}
