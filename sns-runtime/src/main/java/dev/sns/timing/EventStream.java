package dev.sns.timing;

import java.util.Locale;
import org.apiguardian.api.API;

/**
 * Where the GPU timer records its events (see {@code dev.sns.gpu.cuda.CudaEventTimer}). Ignored by
 * the wall-clock timer.
 */
@API(status = API.Status.STABLE, since = "0.2.0")
public enum EventStream {
    /** On the timed stream: the work launched there lies between the events. */
    TIMED,
    /**
     * On the legacy default stream, which orders with every blocking stream of the context: work a
     * library launches on a stream of its own lies between the events too.
     */
    LEGACY;

    /**
     * Reads the option's text.
     *
     * @param s "timed" or "legacy", in any case, surrounding blanks ignored
     * @return the value it names
     * @throws IllegalArgumentException for any other text, naming the accepted values
     */
    public static EventStream parse(String s) {
        try {
            return valueOf(s.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("eventStream must be one of timed, legacy; got '" + s + "'");
        }
    }

    /** {@return the value as the option {@code eventStream} writes it} The name in lower case. */
    @Override
    public String toString() {
        return name().toLowerCase(Locale.ROOT);
    }
}
