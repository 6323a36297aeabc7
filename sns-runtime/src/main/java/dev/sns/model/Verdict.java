package dev.sns.model;

/** What a speedup interval supports, judged on its bounds, never on the point estimate. */
public enum Verdict {
    /** The whole interval lies above the "faster" threshold (1.2 by default). */
    FASTER,
    /** The whole interval lies below the "slower" threshold (0.95 by default). */
    SLOWER,
    /** Neither: the interval straddles a threshold, so no difference was shown. */
    PARITY,
    /** Tier C: the clocks were throttled or unstable, so no verdict is given at all. */
    NO_VERDICT
}
