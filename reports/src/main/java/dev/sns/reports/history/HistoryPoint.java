package dev.sns.reports.history;

/**
 * One benchmark in one recorded run: a point of its series. Times in milliseconds per call, null
 * when not measured.
 *
 * @param runId the run's id in the history
 * @param createdAt when the run started (ISO-8601 UTC), "" when unknown
 * @param gitCommit the benchmarked project's commit, "" when unknown
 * @param gitBranch its branch, "" when unknown
 * @param gitDirty whether it had uncommitted changes
 * @param runGroup the suite run it belongs to
 * @param status "ok", "failed" or "skipped"
 * @param tier "A", "B" or "C"; null unless ok
 * @param medianMillis the run's median
 * @param lowerMillis the lower bound of the run's own interval
 * @param upperMillis its upper bound
 * @param confidence the interval's confidence level
 * @param n the number of samples
 * @param smMeanMhz the mean SM clock during the windows, null without clock evidence
 * @param clockLocked whether the clocks were locked and verified
 * @param board the physical board it ran on (its UUID, {@code dev.sns.reports.BoardEntry#key()}); "" when
 *     not recorded (a CPU benchmark, a run of an earlier sns)
 * @param energyJoules energy per call, joules (the board total); null without energy
 * @param energyLower the lower bound of its interval; null without one
 * @param energyUpper its upper bound; null without one
 */
public record HistoryPoint(long runId, String createdAt, String gitCommit, String gitBranch, boolean gitDirty,
                           String runGroup, String status, String tier, Double medianMillis, Double lowerMillis,
                           Double upperMillis, Double confidence, Integer n, Double smMeanMhz, boolean clockLocked,
                           String board, Double energyJoules, Double energyLower, Double energyUpper) {
    /** A null board becomes "". */
    public HistoryPoint {
        board = board == null ? "" : board;
    }

    /** A point without board or energy (a run of an earlier sns). */
    public HistoryPoint(long runId, String createdAt, String gitCommit, String gitBranch, boolean gitDirty,
                        String runGroup, String status, String tier, Double medianMillis, Double lowerMillis,
                        Double upperMillis, Double confidence, Integer n, Double smMeanMhz, boolean clockLocked) {
        this(runId, createdAt, gitCommit, gitBranch, gitDirty, runGroup, status, tier, medianMillis, lowerMillis,
                upperMillis, confidence, n, smMeanMhz, clockLocked, "", null, null, null);
    }

    /**
     * This point with its time (and energy) divided by {@code factor}: a board's offset taken out.
     *
     * @param factor the board's factor against the fleet (1.03: 3% slower than the fleet)
     * @param energyFactor the board's factor in energy (1 where not known)
     * @return the corrected point
     */
    public HistoryPoint scaledBy(double factor, double energyFactor) {
        return new HistoryPoint(runId, createdAt, gitCommit, gitBranch, gitDirty, runGroup, status, tier,
                div(medianMillis, factor), div(lowerMillis, factor), div(upperMillis, factor), confidence, n, smMeanMhz,
                clockLocked, board, div(energyJoules, energyFactor), div(energyLower, energyFactor),
                div(energyUpper, energyFactor));
    }

    /** Whether this point has a finite energy per call. */
    public boolean hasEnergy() {
        return "ok".equals(status) && finite(energyJoules) && energyJoules > 0;
    }

    private static Double div(Double v, double f) {
        return v == null ? null : v / f;
    }
    /** Whether this point has a finite median and interval to read. */
    public boolean measured() {
        return "ok".equals(status) && finite(medianMillis) && finite(lowerMillis) && finite(upperMillis);
    }

    /** Whether the run has clock evidence (a mean SM clock). */
    public boolean hasClockEvidence() {
        return finite(smMeanMhz) && smMeanMhz > 0;
    }

    /** The commit's first 10 characters (with "+" when dirty), or "?" when unknown. */
    public String shortCommit() {
        String c = gitCommit.isEmpty() ? "?" : gitCommit.substring(0, Math.min(10, gitCommit.length()));
        return gitDirty ? c + "+" : c;
    }

    private static boolean finite(Double d) {
        return d != null && Double.isFinite(d);
    }
}
