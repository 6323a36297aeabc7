package dev.sns.reports.compare;

/** What happened to a benchmark or a comparison between the old run and the new one. */
public enum Change {
    /**
     * Slower beyond doubt: the intervals are apart (times: by more than the threshold, and for a CPU
     * suite beyond the series' noise when a history is given). Exit code 1.
     */
    REGRESSION,
    /** Faster beyond doubt, by the same rule the other way. */
    IMPROVEMENT,
    /** Judged, and no change shown: the intervals overlap (or are apart by less than the threshold). */
    UNCHANGED,
    /** Not judged, and why: fingerprints differ, or a side is tier C. */
    REFUSED,
    /** In both runs, but failed, skipped or without an interval in at least one. */
    NOT_MEASURED,
    /** Only in the new run. */
    ADDED,
    /** Only in the old run. */
    REMOVED,
    /**
     * Tier B with clock evidence (GPU clocks floating) on the same environment: slower by the gate's
     * interval rule, but indicative only (the clocks' variation may explain it); never fails the gate.
     */
    SLOWER_INDICATIVE,
    /** The same, faster. */
    FASTER_INDICATIVE,
    /** The same, no change shown. */
    UNCHANGED_INDICATIVE
}
