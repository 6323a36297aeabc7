package dev.sns.reports.changes;

/**
 * How change points are looked for.
 *
 * @param significance the largest permutation p-value kept, and the two-sided level of the noise
 *     test (0.05: the 95% level)
 * @param permutations shuffles per permutation test
 * @param minSize the fewest runs a segment may have: a shorter run of odd values is an outlier,
 *     not a change
 * @param lastRuns how many of the newest runs are read ({@code <= 0}: all, up to {@link #MAX_RUNS});
 *     E-divisive costs O(L^2) per shuffle
 * @param space time, cycles, or auto (cycles where clocks floated and there is clock evidence)
 * @param minChange the smallest relative change reported (0.0: any change beyond the noise)
 * @param seed the shuffles' seed
 */
public record ChangeSettings(double significance, int permutations, int minSize, int lastRuns, Space space,
                             double minChange, long seed) {
    /** The 95% level, 199 shuffles, segments of 5 runs or more, the last 200 runs, auto space, seed 0xC0FFEE. */
    public static final ChangeSettings DEFAULTS = new ChangeSettings(0.05, 199, 5, 200, Space.AUTO, 0.0, 0xC0FFEEL);

    /** The most runs one analysis reads: the distance matrix of L runs takes 8 L^2 bytes. */
    public static final int MAX_RUNS = 2000;

    public ChangeSettings {
        if (!(significance > 0 && significance < 0.5)) {
            throw new IllegalArgumentException("significance must be in (0, 0.5) (0.05 is the 95% level), got "
                    + significance);
        }
        if (permutations < 19 || permutations > 100_000) {
            throw new IllegalArgumentException("permutations must be between 19 and 100000, got " + permutations);
        }
        if (minSize < 2) {
            throw new IllegalArgumentException("minimum segment size must be at least 2 runs, got " + minSize);
        }
        if (lastRuns > MAX_RUNS) {
            throw new IllegalArgumentException("at most " + MAX_RUNS + " runs are read at once, got " + lastRuns
                    + ": the analysis keeps a distance matrix of the runs (8 L^2 bytes)");
        }
        if (space == null) {
            throw new IllegalArgumentException("space is required (auto, time or cycles)");
        }
        if (!(minChange >= 0 && minChange < 1)) {
            throw new IllegalArgumentException("the smallest change must be in [0, 1) (0.05 is 5%), got " + minChange);
        }
    }

    public ChangeSettings withLastRuns(int n) {
        return new ChangeSettings(significance, permutations, minSize, n, space, minChange, seed);
    }

    public ChangeSettings withSpace(Space s) {
        return new ChangeSettings(significance, permutations, minSize, lastRuns, s, minChange, seed);
    }

    public ChangeSettings withSignificance(double s) {
        return new ChangeSettings(s, permutations, minSize, lastRuns, space, minChange, seed);
    }

    public ChangeSettings withMinChange(double m) {
        return new ChangeSettings(significance, permutations, minSize, lastRuns, space, m, seed);
    }
}
