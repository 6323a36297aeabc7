package dev.sns;

import dev.sns.timing.GpuStream;

/**
 * One call of the work to time: launch it on {@code stream} (or run it, for CPU work). A workload
 * must not synchronise the stream itself: sns decides when to wait. Take the stream's handle at each
 * call ({@code stream.unwrap(CUstream.class)}), not once: the windows of a call run on streams in turn
 * (the {@code streams} option); work bound to one stream at setup (a library handle given a stream
 * once) needs {@code streams=1}, or it runs outside the timed stream (the events there bracket
 * nothing; in blocking and graph launches with the launch overhead measured, such a result is tier
 * C and its first reason names the windows; plain launches cannot tell it from real work).
 *
 * <pre>{@code
 * Workload saxpy = stream -> kernel.launch(stream, grid, block, n, a, x, y);
 * }</pre>
 */
@FunctionalInterface
public interface Workload {
    /**
     * Launches (or runs) one call of the work, without waiting for it.
     *
     * @param stream the stream to launch on: the timed stream of this window (the wall clock's host
     *     stream for CPU work)
     * @throws Exception anything the work throws; sns wraps a checked one in an {@link SnsException}
     *     naming the workload
     */
    void run(GpuStream stream) throws Exception;
}
