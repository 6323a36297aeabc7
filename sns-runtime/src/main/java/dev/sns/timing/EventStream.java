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

    /** Parses "timed" or "legacy" (any case), naming the accepted values on a bad one. */
    public static EventStream parse(String s) {
        try {
            return valueOf(s.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("eventStream must be one of timed, legacy; got '" + s + "'");
        }
    }

    @Override
    public String toString() {
        return name().toLowerCase(Locale.ROOT);
    }
}
