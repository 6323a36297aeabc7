package dev.sns.reports;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.Map;
import java.util.TreeMap;
import org.apiguardian.api.API;

/**
 * One candidate-vs-baseline comparison: speedup = baseline median / candidate median (above 1 the
 * candidate is faster), its interval, the worse tier, and the verdict.
 *
 * <p>Build one with {@link #builder()}: 15 positional arguments are too easy to swap. The canonical
 * constructor stays for Jackson, which binds results.json to it.
 *
 * @param candidate the candidate's benchmark id
 * @param baseline the baseline's benchmark id
 * @param params the @Param values the pair shares
 * @param cycleLower interval of the speedup counted in SM cycles (null without clock evidence)
 * @param design how the interval was computed
 * @param rounds interleaved rounds (forks per side), or 0 when not interleaved
 * @param netSpeedup the speedup net of each side's launch overhead (null when there is none)
 * @param netLower lower bound of its interval, resampled in the same design
 * @param netUpper upper bound of its interval
 * @param netUnavailable why there is no net speedup ("" or null when there is one)
 * @param verdictOn which speedup the verdict read: "raw", "net", or "raw (net asked for, but ...)"
 * @param energy the energy ratio beside the speedup (option energy); null (left out of results.json)
 *     when energy was not asked for
 */
public record ComparisonEntry(String candidate, String baseline, Map<String, String> params, Double speedup,
                              Double lower, Double upper, Double confidence, Double cycleLower, Double cycleUpper,
                              String tier, String verdict, String design, Integer rounds, Double fasterThreshold,
                              Double slowerThreshold, Double netSpeedup, Double netLower, Double netUpper,
                              String netUnavailable, String verdictOn,
                              @JsonInclude(JsonInclude.Include.NON_NULL) EnergyRatio energy) {
    @API(status = API.Status.INTERNAL, since = "0.2.0")
    public ComparisonEntry {
        params = new TreeMap<>(params == null ? Map.of() : params);
    }

    /** A comparison without energy. */
    @API(status = API.Status.INTERNAL, since = "0.2.0")
    public ComparisonEntry(String candidate, String baseline, Map<String, String> params, Double speedup,
                           Double lower, Double upper, Double confidence, Double cycleLower, Double cycleUpper,
                           String tier, String verdict, String design, Integer rounds, Double fasterThreshold,
                           Double slowerThreshold, Double netSpeedup, Double netLower, Double netUpper,
                           String netUnavailable, String verdictOn) {
        this(candidate, baseline, params, speedup, lower, upper, confidence, cycleLower, cycleUpper, tier, verdict, design,
                rounds, fasterThreshold, slowerThreshold, netSpeedup, netLower, netUpper, netUnavailable, verdictOn, null);
    }

    /**
     * The energy ratio of a pair: baseline joules per call / candidate's (above 1 the candidate uses
     * less), its interval, the same above idle, the verdict (LESS_ENERGY, MORE_ENERGY, PARITY,
     * NO_VERDICT) against {@code margin}, and how it was resampled; only {@code unavailable} where a
     * side has no energy reading.
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record EnergyRatio(String unavailable, Double ratio, Double lower, Double upper, Double aboveIdleRatio,
                              Double aboveIdleLower, Double aboveIdleUpper, String verdict, Double margin,
                              String design) {
        @API(status = API.Status.INTERNAL, since = "0.2.0")
        public EnergyRatio {
        }
}

    /** A builder with every field null. */
    @API(status = API.Status.INTERNAL, since = "0.2.0")
    public static ComparisonEntryBuilder builder() {
        return new ComparisonEntryBuilder();
    }
}
