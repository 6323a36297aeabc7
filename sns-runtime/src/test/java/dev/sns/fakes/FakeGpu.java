package dev.sns.fakes;

import dev.sns.timing.GpuStream;

/** Work for fake GPU streams: "kernels" that take a known time on the fake timer's clock. */
public final class FakeGpu {
    private FakeGpu() {}

    /** A kernel that runs exactly {@code nanos} on {@code stream}'s fake clock. */
    public static void spin(GpuStream stream, long nanos) {
        if (!(stream instanceof FakeStream f) || f.timer() == null) {
            throw new IllegalStateException("FakeGpu.spin needs a stream of a FakeTimer, got " + stream
                    + "; run with -Dsns.backend=fake (" + FakeGpuBackend.class.getName() + ")");
        }
        f.timer().advance(nanos);
    }
}
