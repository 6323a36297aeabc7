package dev.sns.analysis;

/** How the two sides of a comparison were taken, and so how their ratio is resampled. */
public enum Design {
    /**
     * Apart (one after the other, or in forks of their own): each side is resampled on its own. In
     * one session by its windows, drawn whole; from JMH forks by forks, then windows, then samples.
     */
    INDEPENDENT,
    /**
     * Interleaved sample by sample in one session: sample i of each side is round i, rounds lie in
     * windows. Windows are drawn whole (rounds stay paired) and moved to the level of the slot they
     * fill, so a drift that moved both sides cancels in the ratio and is not counted as spread.
     */
    PAIRED_SAMPLES,
    /**
     * Interleaved fork by fork (JMH's ABBA rounds): the fork numbers are the rounds. Whole rounds are
     * resampled, then each side's windows in the round, then samples. Rounds present on one side
     * only are left out; fewer than two complete rounds fall back to {@link #INDEPENDENT}.
     */
    PAIRED_FORKS
}
