package dev.sns.timing;

import java.util.Locale;
import org.apiguardian.api.API;

/**
 * How the GPU timer keeps host launch latency out of the events (see
 * {@code dev.sns.gpu.cuda.CudaEventTimer} for what each measures). Ignored by the wall-clock timer.
 */
@API(status = API.Status.STABLE, since = "0.2.0")
public enum LaunchMode {
    /** Start event, the launches, end event, as they come: includes launch gaps the GPU waits through. */
    PLAIN,
    /**
     * A one-thread kernel spinning on a host-mapped flag holds the stream while the sample is queued
     * behind it, then the flag is released: the GPU runs the sample back to back (NVBench's method).
     */
    BLOCKING,
    /** The inner reps are captured once into a CUDA graph and each sample replays it. */
    GRAPH;

    /**
     * Reads the option's text.
     *
     * @param s "plain", "blocking" or "graph", in any case, surrounding blanks ignored
     * @return the value it names
     * @throws IllegalArgumentException for any other text, naming the accepted values
     */
    public static LaunchMode parse(String s) {
        try {
            return valueOf(s.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("launch must be one of plain, blocking, graph; got '" + s + "'");
        }
    }

    /** {@return the value as the option {@code launch} writes it} The name in lower case. */
    @Override
    public String toString() {
        return name().toLowerCase(Locale.ROOT);
    }
}
