package dev.sns.fakes;

import dev.sns.timing.GpuStream;

/** A stream that pretends to be on a device; unwraps to nothing. */
public final class FakeStream implements GpuStream {
    public static final FakeStream DEVICE_0 = new FakeStream(0);

    private final int device;
    private final FakeTimer timer;

    public FakeStream(int device) {
        this(device, null);
    }

    /** A stream whose work advances {@code timer}'s clock (see {@link FakeGpu}). */
    public FakeStream(int device, FakeTimer timer) {
        this.device = device;
        this.timer = timer;
    }

    /** The fake timer this stream's work advances, or null. */
    public FakeTimer timer() {
        return timer;
    }

    @Override
    public long handle() {
        return 0x5ea7L;
    }

    @Override
    public int deviceIndex() {
        return device;
    }

    @Override
    public boolean isHost() {
        return false;
    }

    @Override
    public <T> T unwrap(Class<T> type) {
        throw new UnsupportedOperationException("a fake stream has no native handle");
    }
}
