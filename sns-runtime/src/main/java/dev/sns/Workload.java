package dev.sns;

import dev.sns.timing.GpuStream;

/**
 * One call of the work to time: launch it on {@code stream} (or run it, for CPU work). A workload
 * must not synchronise the stream itself: sns decides when to wait.
 *
 * <pre>{@code
 * Workload saxpy = stream -> kernel.launch(stream, grid, block, n, a, x, y);
 * }</pre>
 */
@FunctionalInterface
public interface Workload {
    void run(GpuStream stream) throws Exception;
}
