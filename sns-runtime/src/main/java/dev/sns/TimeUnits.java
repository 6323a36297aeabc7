package dev.sns;

/** The unit that keeps a time between 1 and 1000 when printed: ns, us, ms or s. */
public final class TimeUnits {
    private TimeUnits() {}

    /** "ns" below 1 us, "us" below 1 ms, "ms" below 1 s, else "s", for a time in milliseconds. */
    public static String unitFor(double millis) {
        if (millis < 1e-3) {
            return "ns";
        }
        if (millis < 1.0) {
            return "us";
        }
        if (millis < 1000.0) {
            return "ms";
        }
        return "s";
    }

    /** How many of {@code unit} ("ns", "us", "ms", "s") make one millisecond. */
    public static double perMilli(String unit) {
        return switch (unit) {
            case "ns" -> 1e6;
            case "us" -> 1e3;
            case "ms" -> 1.0;
            case "s" -> 1e-3;
            default -> throw new IllegalArgumentException("time unit must be ns, us, ms or s, got '" + unit + "'");
        };
    }
}
