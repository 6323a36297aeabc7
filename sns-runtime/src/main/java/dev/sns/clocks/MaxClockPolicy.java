package dev.sns.clocks;

import java.util.Comparator;
import java.util.List;

/**
 * Pins the highest memory clock the device supports and the highest SM clock supported with it
 * (the usv reference's {@code fixed_clocks}), chosen from the list nvidia-smi reports. Locking at
 * the very top can still throttle under sustained load; a slightly lower {@link LockedClockPolicy}
 * is often steadier.
 */
public final class MaxClockPolicy implements ClockPolicy {
    private final NvidiaSmi smi;
    private final String device;
    private LockedClockPolicy delegate;

    public MaxClockPolicy(NvidiaSmi smi, String device) {
        this.smi = smi;
        this.device = device;
    }

    @Override
    public synchronized void apply() {
        if (delegate == null) {
            int[] top = highest(smi.supportedClocks(device), device);
            delegate = new LockedClockPolicy(smi, device, top[1], top[0], null);
        }
        delegate.apply();
    }

    /** The highest memory clock, then the highest SM clock listed with it. */
    static int[] highest(List<int[]> supported, String device) {
        return supported.stream()
                .filter(p -> p[0] > 0 && p[1] > 0)
                .max(Comparator.<int[]>comparingInt(p -> p[0]).thenComparingInt(p -> p[1]))
                .orElseThrow(() -> new ClockLockError("nvidia-smi lists no supported clocks for device " + device
                        + ", so there is no maximum to lock to; use clocks=lock:SM or clocks=unlocked"));
    }

    @Override
    public synchronized void restore() {
        if (delegate != null) {
            delegate.restore();
        }
    }

    @Override
    public synchronized String restoreFailure() {
        return delegate == null ? "" : delegate.restoreFailure();
    }

    @Override
    public synchronized boolean locked() {
        return delegate != null && delegate.locked();
    }

    @Override
    public String describe() {
        return "max";
    }
}
