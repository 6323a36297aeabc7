package dev.sns.clocks;

import java.util.Locale;

/**
 * Pins the SM clock (and optionally the memory clock and the power cap) through nvidia-smi, and
 * believes it only after reading it back: nvidia-smi can exit 0 and refuse the write.
 *
 * <p>Whatever was written is undone by {@link #restore()}: after success, after a failed apply
 * (before the error is thrown), and from a shutdown hook if the JVM exits (or is interrupted)
 * while the clocks are locked. A restore that itself fails prints the command that fixes it.
 */
public final class LockedClockPolicy implements ClockPolicy {
    /**
     * How far a readback may sit from the request: two steps of the 15 MHz clock grid, as for
     * tier A (nvidia-smi rounds a request to the nearest supported clock).
     */
    public static final double READBACK_TOLERANCE_MHZ = 30.0;
    /** How far a power cap readback may sit from the request, in watts. */
    public static final double POWER_READBACK_TOLERANCE_W = 2.0;

    private final NvidiaSmi smi;
    private final String device;
    private final int smMhz;
    private final Integer memMhz;
    private final Integer powerCapW;
    private boolean smWritten;
    private boolean memWritten;
    private double originalPowerW = Double.NaN;
    private boolean locked;
    private Thread hook;
    private String restoreFailure = "";

    /**
     * @param device nvidia-smi's device selector ({@code -i}): an index or a PCI bus id
     * @param smMhz SM clock to pin
     * @param memMhz memory clock to pin, or null to leave it
     * @param powerCapW power cap in watts, or null to leave it
     */
    public LockedClockPolicy(NvidiaSmi smi, String device, int smMhz, Integer memMhz, Integer powerCapW) {
        if (smMhz <= 0) {
            throw new IllegalArgumentException("SM clock must be positive, got " + smMhz + " MHz");
        }
        if (memMhz != null && memMhz <= 0) {
            throw new IllegalArgumentException("memory clock must be positive, got " + memMhz + " MHz");
        }
        if (powerCapW != null && powerCapW <= 0) {
            throw new IllegalArgumentException("power cap must be positive, got " + powerCapW + " W");
        }
        this.smi = smi;
        this.device = device;
        this.smMhz = smMhz;
        this.memMhz = memMhz;
        this.powerCapW = powerCapW;
    }

    @Override
    public synchronized void apply() {
        if (locked) {
            return;
        }
        installHook();
        ClockState.recoverAbandoned(smi, System.err::println); // a killed run's lock first
        try {
            ClockState.locking(smi, device);
            smWritten = true;
            smi.runChecked("locking the SM clock", "-i", device, "-lgc", smMhz + "," + smMhz);
            expect("SM clock", "clocks.sm", smMhz, READBACK_TOLERANCE_MHZ, "MHz");
            if (memMhz != null) {
                memWritten = true;
                smi.runChecked("locking the memory clock", "-i", device, "-lmc", memMhz + "," + memMhz);
                expect("memory clock", "clocks.mem", memMhz, READBACK_TOLERANCE_MHZ, "MHz");
            }
            if (powerCapW != null) {
                double before = smi.query("power.limit", device);
                if (Double.isNaN(before)) {
                    throw new ClockLockError("cannot read the current power limit of device " + device
                            + " to restore it later; not changing it");
                }
                originalPowerW = before;
                smi.runChecked("setting the power cap", "-i", device, "-pl", Integer.toString(powerCapW));
                expect("power cap", "power.limit", powerCapW, POWER_READBACK_TOLERANCE_W, "W");
            }
        } catch (RuntimeException e) {
            // The writes already reached the device: leaving them after a loud failure would pin
            // the GPU for everything that runs after us.
            restore();
            throw e;
        }
        locked = true;
    }

    private void expect(String what, String field, double requested, double tolerance, String unit) {
        double observed = smi.query(field, device);
        if (Double.isNaN(observed) || Math.abs(observed - requested) > tolerance) {
            throw new ClockLockError(String.format(Locale.ROOT,
                    "requested %s %.0f %s on device %s, device reports %s (tolerance %.0f %s): nvidia-smi accepted "
                            + "the write but the device did not take it (privileges? supported clocks: "
                            + "nvidia-smi -q -d SUPPORTED_CLOCKS)",
                    what, requested, unit, device, Double.isNaN(observed) ? "nothing" : String.format(Locale.ROOT,
                            "%.0f %s", observed, unit), tolerance, unit));
        }
    }

    @Override
    public synchronized void restore() {
        if (!smWritten && !memWritten && Double.isNaN(originalPowerW)) {
            locked = false;
            removeHook();
            return; // nothing to put back; a failure of the last restore stays reported
        }
        StringBuilder failures = new StringBuilder();
        if (smWritten) {
            restoreStep(failures, "-rgc");
            smWritten = false;
        }
        if (memWritten) {
            restoreStep(failures, "-rmc");
            memWritten = false;
        }
        if (!Double.isNaN(originalPowerW)) {
            restoreStep(failures, "-pl", String.format(Locale.ROOT, "%.0f", originalPowerW));
            originalPowerW = Double.NaN;
        }
        locked = false;
        removeHook();
        if (failures.length() > 0) {
            restoreFailure = "restoring the GPU's clocks failed:" + failures;
            System.err.println("sns: RESTORING THE GPU'S CLOCKS FAILED:" + failures
                    + "\nsns: run these yourself before trusting any other measurement on this GPU.");
        } else {
            restoreFailure = "";
            ClockState.restored(device);
        }
    }

    @Override
    public synchronized String restoreFailure() {
        return restoreFailure;
    }

    private void restoreStep(StringBuilder failures, String... args) {
        String[] full = new String[args.length + 2];
        full[0] = "-i";
        full[1] = device;
        System.arraycopy(args, 0, full, 2, args.length);
        try {
            NvidiaSmi.Result r = smi.run(full);
            if (r.exitCode() != 0) {
                failures.append("\n  ").append(smi.executable()).append(' ').append(String.join(" ", full))
                        .append("  (exited ").append(r.exitCode()).append(": ").append(r.message()).append(')');
            }
        } catch (RuntimeException e) {
            failures.append("\n  ").append(smi.executable()).append(' ').append(String.join(" ", full))
                    .append("  (").append(e.getMessage()).append(')');
        }
    }

    private void installHook() {
        if (hook == null) {
            hook = new Thread(this::restore, "sns-clock-restore");
            Runtime.getRuntime().addShutdownHook(hook);
        }
    }

    private void removeHook() {
        Thread h = hook;
        hook = null;
        if (h != null && h != Thread.currentThread()) {
            try {
                Runtime.getRuntime().removeShutdownHook(h);
            } catch (IllegalStateException shuttingDown) {
                // the hook is running or about to: it will find nothing left to restore
            }
        }
    }

    @Override
    public synchronized boolean locked() {
        return locked;
    }

    @Override
    public String describe() {
        return "lock:" + smMhz + (memMhz != null ? "," + memMhz : "") + (powerCapW != null ? ",power=" + powerCapW : "");
    }
}
