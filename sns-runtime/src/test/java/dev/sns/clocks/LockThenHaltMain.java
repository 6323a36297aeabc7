package dev.sns.clocks;

import java.nio.file.Paths;

/**
 * A host killed with kill -9 while it holds a clock lock: locks the SM clock of device 0 at 1500 MHz
 * through the nvidia-smi given as the argument (a fake one), prints {@code locked}, and halts as
 * kill -9 would (no finally block, no shutdown hook: the clocks stay locked). Run it with
 * {@code -Dsns.stateDir=DIR} so that its record goes where the test looks.
 */
public final class LockThenHaltMain {
    private LockThenHaltMain() {}

    public static void main(String[] args) {
        new LockedClockPolicy(NvidiaSmi.at(Paths.get(args[0])), "0", 1500, null, null).apply();
        System.out.println("locked");
        System.out.flush();
        Runtime.getRuntime().halt(9);
    }
}
