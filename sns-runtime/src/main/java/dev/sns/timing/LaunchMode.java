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

    /** Parses "plain", "blocking" or "graph" (any case), naming the accepted values on a bad one. */
    public static LaunchMode parse(String s) {
        try {
            return valueOf(s.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("launch must be one of plain, blocking, graph; got '" + s + "'");
        }
    }

    @Override
    public String toString() {
        return name().toLowerCase(Locale.ROOT);
    }
}
