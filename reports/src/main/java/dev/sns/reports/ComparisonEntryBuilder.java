package dev.sns.reports;

import java.util.Map;
import org.apiguardian.api.API;

/**
 * Builds a {@link ComparisonEntry} by name, one setter per field: speedups dimensionless (baseline
 * median / candidate median). A field not set stays null, except the candidate and the baseline,
 * which {@link #build()} requires. Get one from {@link ComparisonEntry#builder()}. Each field sits
 * beside its setter, in the record's order.
 */
@API(status = API.Status.INTERNAL, since = "0.2.0")
public final class ComparisonEntryBuilder {
    private String candidate;

    /**
     * The candidate's benchmark id.
     *
     * @param v the value; null: not known
     * @return this builder
     */
    public ComparisonEntryBuilder candidate(String v) {
        candidate = v;
        return this;
    }

    private String baseline;

    /**
     * The baseline's benchmark id.
     *
     * @param v the value; null: not known
     * @return this builder
     */
    public ComparisonEntryBuilder baseline(String v) {
        baseline = v;
        return this;
    }

    private Map<String, String> params;

    /**
     * The @Param values the pair shares.
     *
     * @param v the value; null: not known
     * @return this builder
     */
    public ComparisonEntryBuilder params(Map<String, String> v) {
        params = v;
        return this;
    }

    private Double speedup;

    /**
     * Baseline median / candidate median; above 1 the candidate is faster.
     *
     * @param v the value; null: not known
     * @return this builder
     */
    public ComparisonEntryBuilder speedup(Double v) {
        speedup = v;
        return this;
    }

    private Double lower;

    /**
     * Lower bound of the speedup's interval.
     *
     * @param v the value; null: not known
     * @return this builder
     */
    public ComparisonEntryBuilder lower(Double v) {
        lower = v;
        return this;
    }

    private Double upper;

    /**
     * Upper bound of the speedup's interval.
     *
     * @param v the value; null: not known
     * @return this builder
     */
    public ComparisonEntryBuilder upper(Double v) {
        upper = v;
        return this;
    }

    private Double confidence;

    /**
     * The interval's confidence level, in (0, 1).
     *
     * @param v the value; null: not known
     * @return this builder
     */
    public ComparisonEntryBuilder confidence(Double v) {
        confidence = v;
        return this;
    }

    private Double cycleLower;

    /**
     * Lower bound of the speedup counted in SM cycles (null without clock evidence).
     *
     * @param v the value; null: not known
     * @return this builder
     */
    public ComparisonEntryBuilder cycleLower(Double v) {
        cycleLower = v;
        return this;
    }

    private Double cycleUpper;

    /**
     * Upper bound of the speedup counted in SM cycles (null without clock evidence).
     *
     * @param v the value; null: not known
     * @return this builder
     */
    public ComparisonEntryBuilder cycleUpper(Double v) {
        cycleUpper = v;
        return this;
    }

    private String tier;

    /**
     * The worse tier of the two sides: "A", "B" or "C".
     *
     * @param v the value; null: not known
     * @return this builder
     */
    public ComparisonEntryBuilder tier(String v) {
        tier = v;
        return this;
    }

    private String verdict;

    /**
     * FASTER, SLOWER, PARITY or NO_VERDICT.
     *
     * @param v the value; null: not known
     * @return this builder
     */
    public ComparisonEntryBuilder verdict(String v) {
        verdict = v;
        return this;
    }

    private String design;

    /**
     * How the interval was computed, in words.
     *
     * @param v the value; null: not known
     * @return this builder
     */
    public ComparisonEntryBuilder design(String v) {
        design = v;
        return this;
    }

    private Integer rounds;

    /**
     * Interleaved rounds (forks per side), or 0 when not interleaved.
     *
     * @param v the value; null: not known
     * @return this builder
     */
    public ComparisonEntryBuilder rounds(Integer v) {
        rounds = v;
        return this;
    }

    private Double fasterThreshold;

    /**
     * The speedup a FASTER verdict needs the whole interval above, e.g. 1.2.
     *
     * @param v the value; null: not known
     * @return this builder
     */
    public ComparisonEntryBuilder fasterThreshold(Double v) {
        fasterThreshold = v;
        return this;
    }

    private Double slowerThreshold;

    /**
     * The speedup a SLOWER verdict needs the whole interval below, e.g. 0.95.
     *
     * @param v the value; null: not known
     * @return this builder
     */
    public ComparisonEntryBuilder slowerThreshold(Double v) {
        slowerThreshold = v;
        return this;
    }

    private Double netSpeedup;

    /**
     * The speedup net of each side's launch overhead (null when there is none).
     *
     * @param v the value; null: not known
     * @return this builder
     */
    public ComparisonEntryBuilder netSpeedup(Double v) {
        netSpeedup = v;
        return this;
    }

    private Double netLower;

    /**
     * Lower bound of the net speedup's interval.
     *
     * @param v the value; null: not known
     * @return this builder
     */
    public ComparisonEntryBuilder netLower(Double v) {
        netLower = v;
        return this;
    }

    private Double netUpper;

    /**
     * Upper bound of the net speedup's interval.
     *
     * @param v the value; null: not known
     * @return this builder
     */
    public ComparisonEntryBuilder netUpper(Double v) {
        netUpper = v;
        return this;
    }

    private String netUnavailable;

    /**
     * Why there is no net speedup.
     *
     * @param v the value; null: not known
     * @return this builder
     */
    public ComparisonEntryBuilder netUnavailable(String v) {
        netUnavailable = v;
        return this;
    }

    private String verdictOn;

    /**
     * Which speedup the verdict read: "raw", "net", or "raw (net asked for, but ...)".
     *
     * @param v the value; null: not known
     * @return this builder
     */
    public ComparisonEntryBuilder verdictOn(String v) {
        verdictOn = v;
        return this;
    }

    ComparisonEntryBuilder() {}

    private ComparisonEntry.EnergyRatio energy;
    private Double minDetectableChange;

    /**
     * The minimum detectable change at 80% power of the speedup the verdict reads (null: not known).
     *
     * @param v a fraction, e.g. 0.03
     * @return this builder
     */
    public ComparisonEntryBuilder minDetectableChange(Double v) {
        minDetectableChange = v;
        return this;
    }

    /**
     * The pair's energy ratio (null: energy not asked for).
     *
     * @param v the value; null: not known
     * @return this builder
     */
    public ComparisonEntryBuilder energy(ComparisonEntry.EnergyRatio v) {
        energy = v;
        return this;
    }

    /**
     * The comparison.
     *
     * @return a comparison of the values set, the others null
     * @throws IllegalArgumentException naming the value when the candidate or baseline is missing, an
     *     interval's lower bound is above its upper bound, the confidence is outside (0, 1) or the
     *     rounds are negative
     */
    public ComparisonEntry build() {
        Checks.present("comparison", "candidate", candidate);
        Checks.present("comparison", "baseline", baseline);
        Checks.ordered("comparison", "lower", lower, "upper", upper);
        Checks.ordered("comparison", "cycleLower", cycleLower, "cycleUpper", cycleUpper);
        Checks.ordered("comparison", "netLower", netLower, "netUpper", netUpper);
        Checks.confidence("comparison", confidence);
        Checks.notNegative("comparison", "rounds", rounds);
        return new ComparisonEntry(candidate, baseline, params, speedup, lower, upper, confidence, cycleLower,
                cycleUpper, tier, verdict, design, rounds, fasterThreshold, slowerThreshold, netSpeedup, netLower, netUpper,
                netUnavailable, verdictOn, energy, minDetectableChange);
    }
}
