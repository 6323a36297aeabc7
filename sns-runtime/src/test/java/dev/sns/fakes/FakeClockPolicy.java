package dev.sns.fakes;

import dev.sns.clocks.ClockLockError;
import dev.sns.clocks.ClockPolicy;

/** A policy that only counts: locked between apply and restore, or refusing on apply. */
public final class FakeClockPolicy implements ClockPolicy {
    private final boolean refuse;
    private int applied;
    private int restored;
    private boolean locked;

    public FakeClockPolicy(boolean refuse) {
        this.refuse = refuse;
    }

    public int applied() {
        return applied;
    }

    public int restored() {
        return restored;
    }

    @Override
    public void apply() {
        applied++;
        if (refuse) {
            throw new ClockLockError("requested 1500 MHz, device reports 1980 MHz");
        }
        locked = true;
    }

    @Override
    public void restore() {
        restored++;
        locked = false;
    }

    @Override
    public boolean locked() {
        return locked;
    }

    @Override
    public String describe() {
        return "fake-lock";
    }
}
