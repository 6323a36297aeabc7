package dev.sns.model;

/**
 * The unit a time is shown in: the one that keeps it between 1 and 1000 (ns below a microsecond,
 * s from a thousand milliseconds up). Times in sns are milliseconds per call; {@link #perMilli()}
 * converts them. The one time-unit helper of the project: the console, JMH's secondary results and
 * the reports all choose their unit here.
 */
public enum DisplayUnit {
    /** Nanoseconds: times below a microsecond (and NaN, and zero). */
    NS("ns", 1e6),
    /** Microseconds: from one microsecond to below a millisecond. */
    US("us", 1e3),
    /** Milliseconds: from one millisecond to below a second. */
    MS("ms", 1.0),
    /** Seconds: from one second up. */
    S("s", 1e-3);

    private final String label;
    private final double perMilli;

    DisplayUnit(String label, double perMilli) {
        this.label = label;
        this.perMilli = perMilli;
    }

    /** {@return the unit's label as tables print it} One of "ns", "us", "ms" or "s". */
    public String label() {
        return label;
    }

    /** {@return how many of this unit make one millisecond} 1e6 for ns, 1e-3 for s. */
    public double perMilli() {
        return perMilli;
    }

    /**
     * A time in this unit.
     *
     * @param millis a time in milliseconds
     * @return the same time in this unit
     */
    public double fromMillis(double millis) {
        return millis * perMilli;
    }

    /**
     * The unit in which a time reads between 1 and 1000.
     *
     * @param millis a time in milliseconds; judged by its magnitude, so a negative difference gets the
     *     unit of its size
     * @return the unit that keeps it between 1 and 1000; {@link #NS} for NaN and zero
     */
    public static DisplayUnit forMillis(double millis) {
        double m = Math.abs(millis);
        if (!(m >= 1e-3)) {
            return NS;
        }
        if (m < 1.0) {
            return US;
        }
        return m < 1000.0 ? MS : S;
    }

    /**
     * The unit with a label.
     *
     * @param label "ns", "us", "ms" or "s"
     * @return the unit with that {@link #label()}
     * @throws IllegalArgumentException for any other label, naming the accepted ones
     */
    public static DisplayUnit ofLabel(String label) {
        for (DisplayUnit u : values()) {
            if (u.label.equals(label)) {
                return u;
            }
        }
        throw new IllegalArgumentException("time unit must be ns, us, ms or s, got '" + label + "'");
    }
}
