package dev.sns.clocks;

/**
 * Measures without touching the clocks: honest, needs no privileges, and the only choice on most
 * machines. Results reach tier B at best.
 */
public final class UnlockedClockPolicy implements ClockPolicy {
    public static final UnlockedClockPolicy INSTANCE = new UnlockedClockPolicy();

    private UnlockedClockPolicy() {}

    @Override
    public void apply() {}

    @Override
    public void restore() {}

    @Override
    public boolean locked() {
        return false;
    }

    @Override
    public String describe() {
        return "unlocked";
    }
}
