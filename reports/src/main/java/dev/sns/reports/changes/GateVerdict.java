package dev.sns.reports.changes;

/** What the gate says about one benchmark of the run it judges. */
public enum GateVerdict {
    /** The run starts a slower segment: slower than its baseline by more than the threshold and beyond the noise. Exit 1. */
    SLOWER,
    /** Faster than its baseline by more than the threshold and beyond the noise. */
    FASTER,
    /** Within the threshold or the noise of its baseline. */
    UNCHANGED,
    /** Too few earlier runs on this fingerprint to know the noise: not judged. */
    NO_HISTORY,
    /** Failed, skipped, without an interval, or tier C in this run: not judged. */
    NOT_JUDGED
}
