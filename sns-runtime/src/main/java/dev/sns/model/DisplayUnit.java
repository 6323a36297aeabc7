package dev.sns.model;

/**
 * The unit a time is shown in: the one that keeps it between 1 and 1000 (ns below a microsecond,
 * s from a thousand milliseconds up). Times in sns are milliseconds per call; {@link #perMilli()}
 * converts them. The one time-unit helper of the project: the console, JMH's secondary results and
 * the reports all choose their unit here.
 */
public enum DisplayUnit {
    NS("ns", 1e6), US("us", 1e3), MS("ms", 1.0), S("s", 1e-3);

    private final String label;
    private final double perMilli;

    DisplayUnit(String label, double perMilli) {
        this.label = label;
        this.perMilli = perMilli;
    }

    /** "ns", "us", "ms" or "s". */
    public String label() {
        return label;
    }

    /** How many of this unit make one millisecond. */
    public double perMilli() {
        return perMilli;
    }

    /** {@code millis} expressed in this unit. */
    public double fromMillis(double millis) {
        return millis * perMilli;
    }

    /**
     * The unit in which {@code millis} reads between 1 and 1000, judged by its magnitude (a negative
     * difference gets the unit of its size); NaN and zero read in ns.
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

    /** The unit labelled {@code label} ("ns", "us", "ms" or "s"), or an error naming the accepted ones. */
    public static DisplayUnit ofLabel(String label) {
        for (DisplayUnit u : values()) {
            if (u.label.equals(label)) {
                return u;
            }
        }
        throw new IllegalArgumentException("time unit must be ns, us, ms or s, got '" + label + "'");
    }
}
