package dev.sns.junit;

import dev.sns.model.ComparisonResult;
import dev.sns.model.MeasurementTier;
import java.util.Locale;
import org.opentest4j.AssertionFailedError;
import org.opentest4j.TestAbortedException;

/**
 * Assertions on comparisons for JUnit tests, read on the speedup interval's bounds, never on the point
 * estimate. A comparison of tier C (throttled or unstable clocks) aborts the test instead of passing
 * or failing it: no performance claim may be drawn from it.
 *
 * <pre>{@code
 * ComparisonResult c = Sns.compare(mine, theirs);
 * SnsAssertions.assertFaster(c, 1.0);     // the whole interval above 1.0, or the test fails
 * }</pre>
 */
public final class SnsAssertions {
    private SnsAssertions() {}

    /**
     * Asserts that the speedup's lower bound clears the comparison's FASTER threshold (1.2 by default).
     *
     * @param c the comparison
     * @throws AssertionFailedError if it does not, with the interval
     * @throws TestAbortedException on tier C, with the reasons
     */
    public static void assertFaster(ComparisonResult c) {
        assertFaster(c, c.thresholds().fasterLowerBound());
    }

    /**
     * Asserts that the speedup's lower bound is above a minimum.
     *
     * @param c the comparison
     * @param minimumSpeedup the speedup the whole interval must exceed (1.0: any demonstrated speedup)
     * @throws AssertionFailedError if it does not, with the interval
     * @throws TestAbortedException on tier C, with the reasons
     */
    public static void assertFaster(ComparisonResult c, double minimumSpeedup) {
        abortOnTierC(c);
        if (!(c.speedupInterval().lower() > minimumSpeedup)) {
            throw new AssertionFailedError(String.format(Locale.ROOT,
                    "no demonstrated speedup above %.3f: %s vs %s is %.4fx [%.4f, %.4f] (%.0f%%, tier %s, %s)",
                    minimumSpeedup, c.candidate().name(), c.baseline().name(), c.speedup(),
                    c.speedupInterval().lower(), c.speedupInterval().upper(), 100 * c.speedupInterval().confidence(),
                    c.tier(), c.design()));
        }
    }

    /**
     * The candidate is not shown slower: the speedup's upper bound is at least {@code minimumSpeedup}
     * (0.95: a regression of more than 5% fails); tier C aborts the test.
     *
     * @param c the comparison
     * @param minimumSpeedup the speedup the interval's upper bound must reach
     * @throws AssertionFailedError if the whole interval is below it, with the interval
     * @throws TestAbortedException on tier C, with the reasons
     */
    public static void assertNotSlower(ComparisonResult c, double minimumSpeedup) {
        abortOnTierC(c);
        if (c.speedupInterval().upper() < minimumSpeedup) {
            throw new AssertionFailedError(String.format(Locale.ROOT,
                    "slower: %s vs %s is %.4fx [%.4f, %.4f] (%.0f%%, tier %s): the whole interval is below %.3f",
                    c.candidate().name(), c.baseline().name(), c.speedup(), c.speedupInterval().lower(),
                    c.speedupInterval().upper(), 100 * c.speedupInterval().confidence(), c.tier(), minimumSpeedup));
        }
    }

    /**
     * Asserts that the candidate is not shown slower by the comparison's own SLOWER threshold (0.95 by
     * default).
     *
     * @param c the comparison
     * @throws AssertionFailedError if the whole interval is below the threshold, with the interval
     * @throws TestAbortedException on tier C, with the reasons
     */
    public static void assertNotSlower(ComparisonResult c) {
        assertNotSlower(c, c.thresholds().slowerUpperBound());
    }

    private static void abortOnTierC(ComparisonResult c) {
        if (c.tier() == MeasurementTier.C) {
            throw new TestAbortedException("tier C, no performance verdict is valid: "
                    + String.join("; ", c.candidate().tier() == MeasurementTier.C ? c.candidate().tierReasons()
                    : c.baseline().tierReasons()));
        }
    }
}
