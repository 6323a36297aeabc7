package dev.sns.timing;

import java.util.Locale;
import org.apiguardian.api.API;

/** Which timer takes the samples. */
@API(status = API.Status.STABLE, since = "0.2.0")
public enum TimerKind {
    /** CUDA events where a GPU is found; otherwise the wall clock, said loudly once. */
    AUTO,
    /** CUDA events, or a clear error where no GPU is found. */
    CUDA,
    /** The host wall clock, for CPU work (GPU launches timed this way measure only their enqueueing). */
    WALL;

    /**
     * Reads the option's text.
     *
     * @param s "auto", "cuda" or "wall", in any case, surrounding blanks ignored
     * @return the value it names
     * @throws IllegalArgumentException for any other text, naming the accepted values
     */
    public static TimerKind parse(String s) {
        try {
            return valueOf(s.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("timer must be one of auto, cuda, wall; got '" + s + "'");
        }
    }

    /** {@return the value as the option {@code timer} writes it} The name in lower case. */
    @Override
    public String toString() {
        return name().toLowerCase(Locale.ROOT);
    }
}
