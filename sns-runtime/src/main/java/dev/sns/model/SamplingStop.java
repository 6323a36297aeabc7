package dev.sns.model;

import java.util.Locale;
import org.apiguardian.api.API;

/** Why a measurement's sampling stopped. */
@API(status = API.Status.EXPERIMENTAL, since = "0.2.0")
public enum SamplingStop {
    /** The fixed count: the option {@code iterations} (and {@code minSamplingMs}), or JMH's iterations and forks. */
    COUNT("fixed count"),
    /** The interval of the median reached the option {@code halfWidth}, and stayed there (adaptive sampling). */
    TARGET("target reached"),
    /**
     * The samples' GPU time reached the option {@code maxSamplingMs} before the target (the sns Main's
     * precision rounds: one more fork would pass it).
     */
    TIME_CAP("time cap"),
    /** The sampling loop's most samples (one million) were taken before the target. */
    SAMPLE_CAP("max samples"),
    /**
     * The sns Main's precision rounds gave the benchmark the most forks they may (option {@code maxForks})
     * before the target.
     */
    FORK_CAP("fork cap");

    private final String words;

    SamplingStop(String words) {
        this.words = words;
    }

    /** {@return the reason in words, as the console and the card print it: "target reached"} */
    public String words() {
        return words;
    }

    /** {@return the reason as reports write it: "target", "time_cap"} */
    @Override
    public String toString() {
        return name().toLowerCase(Locale.ROOT);
    }

    /**
     * The reason a report wrote.
     *
     * @param text as {@link #toString()} writes it
     * @return the reason
     * @throws IllegalArgumentException naming the text and the spellings there are
     */
    public static SamplingStop parse(String text) {
        for (SamplingStop s : values()) {
            if (s.toString().equals(text)) {
                return s;
            }
        }
        throw new IllegalArgumentException("sampling stop must be one of " + String.join(", ",
                java.util.Arrays.stream(values()).map(SamplingStop::toString).toList()) + ", got '" + text + "'");
    }
}
