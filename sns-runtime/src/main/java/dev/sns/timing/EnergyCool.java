package dev.sns.timing;

import java.util.Locale;
import org.apiguardian.api.API;

/**
 * What to wait for, with the GPU idle, before a side's energy windows: nothing, a fixed time, or
 * until the GPU has cooled to a temperature (at most {@link #MAX_WAIT_SECONDS}). Leakage power rises
 * with temperature, so a side measured right after a hotter one reads high (ml.energy's "thermally
 * stable profiling"); waiting puts both sides on the same footing.
 *
 * @param seconds a fixed wait in seconds (0: none)
 * @param maxTemperatureC wait until the GPU is at most this hot, in degrees Celsius (NaN: no
 *     temperature band)
 */
@API(status = API.Status.STABLE, since = "0.2.0")
public record EnergyCool(double seconds, double maxTemperatureC) {
    /** Longest wait for a temperature band: past it the wait gives up and says so. */
    @API(status = API.Status.INTERNAL, since = "0.2.0")
    public static final double MAX_WAIT_SECONDS = 120;
    /** No wait. */
    public static final EnergyCool NONE = new EnergyCool(0, Double.NaN);

    /**
     * Checks the wait.
     *
     * @param seconds a fixed wait in seconds, from 0 (none) to an hour
     * @param maxTemperatureC wait until the GPU is at most this hot, in degrees Celsius, in (0, 120);
     *     NaN: no temperature band
     * @throws IllegalArgumentException if either is out of range
     */
    public EnergyCool {
        if (!(seconds >= 0) || seconds > MAX_WAIT_SECONDS * 30) {
            throw new IllegalArgumentException("a cool-down must be between 0 and " + (long) (MAX_WAIT_SECONDS * 30)
                    + " s, got " + seconds);
        }
        if (!Double.isNaN(maxTemperatureC) && !(maxTemperatureC > 0 && maxTemperatureC < 120)) {
            throw new IllegalArgumentException("a temperature band must be between 0 and 120 C, got " + maxTemperatureC);
        }
    }

    /**
     * Reads the option's text.
     *
     * @param text "none", "Ns" (seconds, e.g. 10s) or "TC" (degrees Celsius, e.g. 45C)
     * @return the wait it names
     * @throws IllegalArgumentException for any other text, or a value out of range
     */
    public static EnergyCool parse(String text) {
        String s = text.trim();
        if (s.equals("none")) {
            return NONE;
        }
        try {
            if (s.endsWith("s")) {
                return new EnergyCool(Double.parseDouble(s.substring(0, s.length() - 1)), Double.NaN);
            }
            if (s.endsWith("C")) {
                return new EnergyCool(0, Double.parseDouble(s.substring(0, s.length() - 1)));
            }
        } catch (NumberFormatException e) {
            // falls through to the message below
        }
        throw new IllegalArgumentException("must be none, a time in seconds (10s) or a temperature in degrees Celsius "
                + "(45C), got '" + text + "'");
    }

    /** {@return whether there is anything to wait for} False for {@link #NONE}. */
    public boolean waits() {
        return seconds > 0 || !Double.isNaN(maxTemperatureC);
    }

    /** {@return the wait as the option {@code energyCool} writes it} "none", "10s" or "45C". */
    @Override
    public String toString() {
        if (!waits()) {
            return "none";
        }
        return !Double.isNaN(maxTemperatureC) ? num(maxTemperatureC) + "C" : num(seconds) + "s";
    }

    private static String num(double v) {
        return v == Math.rint(v) ? Long.toString((long) v) : String.format(Locale.ROOT, "%s", v);
    }
}
