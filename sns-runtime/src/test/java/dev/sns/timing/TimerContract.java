package dev.sns.timing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * What every {@link Timer} must do. Subclasses supply a timer and work of a known minimum length on
 * its stream; the contract runs for the fake and host timers always, and for CUDA events on a GPU.
 */
public abstract class TimerContract {
    /** A fresh timer. */
    protected abstract Timer create() throws Exception;

    /** Work on the timer's stream that lasts at least {@code nanos} (advances a fake, spins a GPU). */
    protected abstract Body work(Timer timer, long nanos) throws Exception;

    @Test
    void regionsResolveInOrderAfterOneWait() throws Exception {
        try (Timer t = create()) {
            long[] lengths = {200_000, 50_000, 400_000};
            for (long n : lengths) {
                Body w = work(t, n);
                t.start();
                w.run();
                t.stop();
            }
            assertEquals(3, t.pending());
            double[] d = t.resolveNanos();
            assertEquals(3, d.length);
            assertEquals(0, t.pending());
            // Each region lasts at least its work. With 200, 50 and 400 us only the order the regions
            // were taken in meets all three bounds, so this also checks the order (upper bounds cannot
            // be checked: a wall-clock region can be preempted for milliseconds on a busy machine).
            for (int i = 0; i < 3; i++) {
                assertTrue(d[i] >= lengths[i] * 0.99, "region " + i + " read " + d[i] + " ns for " + lengths[i]
                        + ": " + java.util.Arrays.toString(d));
            }
            assertEquals(0, t.resolveNanos().length);
        }
    }

    @Test
    void misuseIsRefused() throws Exception {
        try (Timer t = create()) {
            assertThrows(IllegalStateException.class, t::stop);
            t.start();
            assertThrows(IllegalStateException.class, t::start);
            assertThrows(IllegalStateException.class, t::resolveNanos);
            t.stop();
            t.resolveNanos();
        }
    }

    @Test
    void describesItselfAndHasAResolution() throws Exception {
        try (Timer t = create()) {
            assertTrue(!t.description().isBlank());
            assertTrue(t.resolutionNanos() >= 0 && t.resolutionNanos() <= 1000, "resolution " + t.resolutionNanos());
            assertTrue(t.capacity() >= 2);
        }
    }

    @Test
    void repeatRunsTheWorkThatManyTimes() throws Exception {
        try (Timer t = create()) {
            Body once = work(t, 20_000);
            Body five = t.repeat(once, 5);
            t.start();
            five.run();
            t.stop();
            double[] d = t.resolveNanos();
            assertTrue(d[0] >= 5 * 20_000 * 0.99, "5 x 20 us read " + d[0] + " ns");
        }
    }
}
