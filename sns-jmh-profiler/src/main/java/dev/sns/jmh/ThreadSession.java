package dev.sns.jmh;

import dev.sns.SnsOptions;
import dev.sns.TimerSources;
import dev.sns.Workload;
import dev.sns.gpu.cuda.DeviceBuffer;
import dev.sns.timing.Body;
import dev.sns.timing.Timer;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.Map;

/**
 * What the {@link GpuBlackhole}s of one benchmark thread share: the timer and its stream, the
 * sample buffer, the calibrated inner reps and captured bodies.
 *
 * <p>JMH makes a separate instance of a thread-scoped state for each place it is injected (a
 * {@code @Setup} parameter of another state and the {@code @Benchmark} parameter are two
 * instances, seen in the generated code), so per-instance state would split setup (declared
 * work, allocations on its stream) from timing. Keyed by JMH's thread index; reference-counted
 * and closed by the last instance's teardown.
 */
final class ThreadSession {
    private static final Map<Integer, ThreadSession> SESSIONS = new HashMap<>();

    final SnsOptions options;
    final Timer timer;
    final ForkSamples.ThreadBuffer buffer;
    final Map<Workload, Body> bodies = new IdentityHashMap<>();
    int innerReps;
    boolean described;
    DeviceBuffer flushBuffer;
    int flushValue;
    private int references;

    private ThreadSession(SnsOptions options, int thread) {
        this.options = options;
        this.timer = TimerSources.detect(System.err::println).openTimer(options);
        this.buffer = ForkSamples.register(thread);
        this.innerReps = options.innerReps();
    }

    /** The session of a benchmark thread, created by its first instance. */
    static synchronized ThreadSession acquire(int thread, SnsOptions options) {
        ThreadSession s = SESSIONS.computeIfAbsent(thread, t -> new ThreadSession(options, t));
        s.references++;
        return s;
    }

    /** Releases one instance's hold; the last one closes the timer and frees the flush buffer. */
    static synchronized void release(int thread, ThreadSession s) {
        if (--s.references > 0) {
            return;
        }
        SESSIONS.remove(thread);
        s.bodies.values().forEach(s.timer::release);
        s.bodies.clear();
        if (s.flushBuffer != null) {
            s.flushBuffer.close();
        }
        s.timer.close();
        s.buffer.close();
    }
}
