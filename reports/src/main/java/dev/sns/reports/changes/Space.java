package dev.sns.reports.changes;

import java.util.Locale;

/** What a series is read in. */
public enum Space {
    /** Cycles where the clocks floated and every run has clock evidence, else time. */
    AUTO,
    /** Milliseconds per call, as measured. */
    TIME,
    /** SM clock cycles per call: time x the run's mean SM clock, so that a run at a lower clock is not "slower". */
    CYCLES;

    /** auto, time or cycles (any case). */
    public static Space parse(String text) {
        for (Space s : values()) {
            if (s.name().equalsIgnoreCase(text == null ? "" : text.strip())) {
                return s;
            }
        }
        throw new IllegalArgumentException("unknown space '" + text + "': use auto, time or cycles");
    }

    @Override
    public String toString() {
        return name().toLowerCase(Locale.ROOT);
    }
}
