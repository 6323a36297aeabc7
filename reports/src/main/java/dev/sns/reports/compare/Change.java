package dev.sns.reports.compare;

/** What happened to a benchmark or a comparison between the old run and the new one. */
public enum Change {
    /** Slower beyond doubt: the intervals are apart (times: by more than the threshold). Exit code 1. */
    REGRESSION,
    /** Faster beyond doubt, by the same rule the other way. */
    IMPROVEMENT,
    /** Judged, and no change shown: the intervals overlap (or are apart by less than the threshold). */
    UNCHANGED,
    /** Not judged, and why: fingerprints differ, a side is not tier A (times) or is tier C (ratios). */
    REFUSED,
    /** In both runs, but failed, skipped or without an interval in at least one. */
    NOT_MEASURED,
    /** Only in the new run. */
    ADDED,
    /** Only in the old run. */
    REMOVED
}
