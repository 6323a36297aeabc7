package dev.sns.reports;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.Map;
import java.util.TreeMap;
import org.apiguardian.api.API;

/**
 * One candidate-vs-baseline comparison of a run: speedup = baseline median / candidate median (above 1
 * the candidate is faster), its confidence interval, the worse tier of the two sides, and the verdict
 * the interval gives. Both sides were measured in the same run (a baseline is never cached). Speedups
 * and their bounds are dimensionless ratios. An entry of results.json's {@code comparisons}; each
 * {@link DeviceHealthEntry#speedup()} is one too. {@link ResultFields} describes every field once.
 *
 * <p>Build one with {@link #builder()}: 21 positional arguments are too easy to swap. The canonical
 * constructor stays for Jackson, which binds results.json to it.
 *
 * @param candidate the candidate's benchmark id (an entry of the report's {@code benchmarks})
 * @param baseline the baseline's benchmark id, measured in the same run (never cached)
 * @param params the {@code @Param} values the pair shares, sorted by key (never null)
 * @param speedup baseline median / candidate median, the point estimate (above 1 the candidate is
 *     faster); read the interval
 * @param lower lower bound of the speedup's confidence interval
 * @param upper upper bound of the speedup's confidence interval
 * @param confidence the interval's confidence level, a fraction, e.g. 0.95
 * @param cycleLower lower bound of the speedup's interval counted in SM cycles (time x clock); null
 *     without clock evidence
 * @param cycleUpper upper bound of the speedup's interval in SM cycles; null without clock evidence
 * @param tier the worse tier of the two sides, "A", "B" or "C"
 * @param verdict "FASTER" (the read interval's lower bound above {@code fasterThreshold}), "SLOWER" (its
 *     upper bound below {@code slowerThreshold}), "PARITY" otherwise, "NO_VERDICT" at tier C
 * @param design how the interval was computed, in words (e.g. "paired rounds in 10 windows")
 * @param rounds interleaved rounds (forks per side), 0 when not interleaved
 * @param fasterThreshold the FASTER bound used, 1.2 by default
 * @param slowerThreshold the SLOWER bound used, 0.95 by default
 * @param netSpeedup the speedup net of each side's launch overhead: baseline
 *     {@link BenchmarkEntry.Summary#netMedian() netMedian} / candidate {@code netMedian} (the kernels' own
 *     cost); null without launch overheads
 * @param netLower lower bound of its interval, from the same resampling design as {@code lower} and
 *     {@code upper}, the overhead samples resampled with their rounds (or forks), not subtracted as a
 *     constant; null without launch overheads
 * @param netUpper upper bound of its interval; null without launch overheads
 * @param netUnavailable why there is no net speedup ("" when there is one); null when the file does not
 *     say
 * @param verdictOn which interval the verdict read: "raw" ({@code lower}/{@code upper}, the default),
 *     "net" ({@code netLower}/{@code netUpper}, option {@code verdictOn=net}), or "raw (net asked for,
 *     but ...)" when there was no net interval; null when the file does not say
 * @param energy the energy ratio beside the speedup; null (left out of results.json) unless the pair
 *     measured energy (option {@code energy=true})
 * @param minDetectableChange the minimum detectable change at 80% power of the speedup the verdict reads, a
 *     fraction: {@code 2.80 x (ln upper - ln lower) / (2 z)}; null (left out of results.json) when not known
 */
public record ComparisonEntry(String candidate, String baseline, Map<String, String> params, Double speedup,
                              Double lower, Double upper, Double confidence, Double cycleLower, Double cycleUpper,
                              String tier, String verdict, String design, Integer rounds, Double fasterThreshold,
                              Double slowerThreshold, Double netSpeedup, Double netLower, Double netUpper,
                              String netUnavailable, String verdictOn,
                              @JsonInclude(JsonInclude.Include.NON_NULL) EnergyRatio energy,
                              @JsonInclude(JsonInclude.Include.NON_NULL) Double minDetectableChange) {
    /**
     * The canonical constructor, which Jackson binds results.json to: it keeps the params sorted by key,
     * a null {@code params} becoming empty; nothing else is checked (the builder checks).
     *
     * @param candidate the candidate's benchmark id (an entry of the report's {@code benchmarks})
     * @param baseline the baseline's benchmark id, measured in the same run (never cached)
     * @param params the {@code @Param} values the pair shares, sorted by key (never null)
     * @param speedup baseline median / candidate median, the point estimate (above 1 the candidate is faster); read the
     *     interval
     * @param lower lower bound of the speedup's confidence interval
     * @param upper upper bound of the speedup's confidence interval
     * @param confidence the interval's confidence level, a fraction, e.g. 0.95
     * @param cycleLower lower bound of the speedup's interval counted in SM cycles (time x clock); null without clock
     *     evidence
     * @param cycleUpper upper bound of the speedup's interval in SM cycles; null without clock evidence
     * @param tier the worse tier of the two sides, "A", "B" or "C"
     * @param verdict "FASTER" (the read interval's lower bound above {@code fasterThreshold}), "SLOWER" (its upper
     *     bound below {@code slowerThreshold}), "PARITY" otherwise, "NO_VERDICT" at tier C
     * @param design how the interval was computed, in words (e.g. "paired rounds in 10 windows")
     * @param rounds interleaved rounds (forks per side), 0 when not interleaved
     * @param fasterThreshold the FASTER bound used, 1.2 by default
     * @param slowerThreshold the SLOWER bound used, 0.95 by default
     * @param netSpeedup the speedup net of each side's launch overhead: baseline
     *     {@link BenchmarkEntry.Summary#netMedian() netMedian} / candidate {@code netMedian} (the kernels' own cost);
     *     null without launch overheads
     * @param netLower lower bound of its interval, from the same resampling design as {@code lower} and {@code upper},
     *     the overhead samples resampled with their rounds (or forks), not subtracted as a constant; null without
     *     launch overheads
     * @param netUpper upper bound of its interval; null without launch overheads
     * @param netUnavailable why there is no net speedup ("" when there is one); null when the file does not say
     * @param verdictOn which interval the verdict read: "raw" ({@code lower}/{@code upper}, the default), "net"
     *     ({@code netLower}/{@code netUpper}, option {@code verdictOn=net}), or "raw (net asked for, but ...)" when
     *     there was no net interval; null when the file does not say
     * @param energy the energy ratio beside the speedup; null (left out of results.json) unless the pair measured
     *     energy (option {@code energy=true})
     * @param minDetectableChange the minimum detectable change at 80% power of the speedup the verdict reads, a
     *     fraction; null (left out of results.json) when not known
     */
    @API(status = API.Status.INTERNAL, since = "0.2.0")
    public ComparisonEntry {
        params = new TreeMap<>(params == null ? Map.of() : params);
    }

    /**
     * A comparison without the minimum detectable change (as sns 0.2.0 wrote it): that is null.
     *
     * @param candidate see {@link #candidate()}
     * @param baseline see {@link #baseline()}
     * @param params see {@link #params()}
     * @param speedup see {@link #speedup()}
     * @param lower see {@link #lower()}
     * @param upper see {@link #upper()}
     * @param confidence see {@link #confidence()}
     * @param cycleLower see {@link #cycleLower()}
     * @param cycleUpper see {@link #cycleUpper()}
     * @param tier see {@link #tier()}
     * @param verdict see {@link #verdict()}
     * @param design see {@link #design()}
     * @param rounds see {@link #rounds()}
     * @param fasterThreshold see {@link #fasterThreshold()}
     * @param slowerThreshold see {@link #slowerThreshold()}
     * @param netSpeedup see {@link #netSpeedup()}
     * @param netLower see {@link #netLower()}
     * @param netUpper see {@link #netUpper()}
     * @param netUnavailable see {@link #netUnavailable()}
     * @param verdictOn see {@link #verdictOn()}
     * @param energy see {@link #energy()}
     */
    @API(status = API.Status.INTERNAL, since = "0.2.0")
    public ComparisonEntry(String candidate, String baseline, Map<String, String> params, Double speedup,
                           Double lower, Double upper, Double confidence, Double cycleLower, Double cycleUpper,
                           String tier, String verdict, String design, Integer rounds, Double fasterThreshold,
                           Double slowerThreshold, Double netSpeedup, Double netLower, Double netUpper,
                           String netUnavailable, String verdictOn, EnergyRatio energy) {
        this(candidate, baseline, params, speedup, lower, upper, confidence, cycleLower, cycleUpper, tier, verdict, design,
                rounds, fasterThreshold, slowerThreshold, netSpeedup, netLower, netUpper, netUnavailable, verdictOn, energy,
                null);
    }

    /**
     * A comparison without energy.
     *
     * @param candidate see {@link #candidate()}
     * @param baseline see {@link #baseline()}
     * @param params see {@link #params()}
     * @param speedup see {@link #speedup()}
     * @param lower see {@link #lower()}
     * @param upper see {@link #upper()}
     * @param confidence see {@link #confidence()}
     * @param cycleLower see {@link #cycleLower()}
     * @param cycleUpper see {@link #cycleUpper()}
     * @param tier see {@link #tier()}
     * @param verdict see {@link #verdict()}
     * @param design see {@link #design()}
     * @param rounds see {@link #rounds()}
     * @param fasterThreshold see {@link #fasterThreshold()}
     * @param slowerThreshold see {@link #slowerThreshold()}
     * @param netSpeedup see {@link #netSpeedup()}
     * @param netLower see {@link #netLower()}
     * @param netUpper see {@link #netUpper()}
     * @param netUnavailable see {@link #netUnavailable()}
     * @param verdictOn see {@link #verdictOn()}
     */
    @API(status = API.Status.INTERNAL, since = "0.2.0")
    public ComparisonEntry(String candidate, String baseline, Map<String, String> params, Double speedup,
                           Double lower, Double upper, Double confidence, Double cycleLower, Double cycleUpper,
                           String tier, String verdict, String design, Integer rounds, Double fasterThreshold,
                           Double slowerThreshold, Double netSpeedup, Double netLower, Double netUpper,
                           String netUnavailable, String verdictOn) {
        this(candidate, baseline, params, speedup, lower, upper, confidence, cycleLower, cycleUpper, tier, verdict, design,
                rounds, fasterThreshold, slowerThreshold, netSpeedup, netLower, netUpper, netUnavailable, verdictOn, null,
                null);
    }

    /**
     * The energy ratio of a pair, beside its speedup: baseline joules per call / candidate joules per
     * call (above 1 the candidate uses less energy per call), its interval, the same above idle power,
     * and the verdict against {@code margin}. Ratios are dimensionless. A component not known is null
     * (left out of results.json). Where a side has no energy reading, {@code unavailable} says which and
     * why, the verdict is "NO_VERDICT" and only the margin is beside them.
     *
     * @param unavailable why there is no energy ratio (a side has no energy reading: which and why); null
     *     when there is one
     * @param ratio baseline {@link BenchmarkEntry.Energy#joulesPerCall() joulesPerCall} / candidate
     *     {@code joulesPerCall} (above 1 the candidate uses less energy per call); null when unavailable
     * @param lower lower bound of its interval, resampled in the same design as the speedup's (energy
     *     windows are the unit, paired by ABBA round where the speedup's are) and widened for few
     *     clusters; null when unavailable
     * @param upper upper bound of its interval; null when unavailable
     * @param aboveIdleRatio the same ratio above idle power; null unless both sides measured idle power
     * @param aboveIdleLower lower bound of its interval; null with {@code aboveIdleRatio}
     * @param aboveIdleUpper upper bound of its interval; null with {@code aboveIdleRatio}
     * @param verdict "LESS_ENERGY" (lower bound above 1 + {@code margin}), "MORE_ENERGY" (upper bound below
     *     1 / (1 + {@code margin})), "PARITY" otherwise, "NO_VERDICT" when a side's windows saw a hardware
     *     throttle or a side has no energy reading
     * @param margin the verdict's margin, a fraction (option {@code energyMargin}, 0.05 by default)
     * @param design how the ratio was resampled, in words; null when unavailable
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record EnergyRatio(String unavailable, Double ratio, Double lower, Double upper, Double aboveIdleRatio,
                              Double aboveIdleLower, Double aboveIdleUpper, String verdict, Double margin,
                              String design) {
        /**
         * Takes the values as they are; nothing is checked.
         *
         * @param unavailable why there is no energy ratio (a side has no energy reading: which and why); null when
         *     there is one
         * @param ratio baseline {@link BenchmarkEntry.Energy#joulesPerCall() joulesPerCall} / candidate
         *     {@code joulesPerCall} (above 1 the candidate uses less energy per call); null when unavailable
         * @param lower lower bound of its interval, resampled in the same design as the speedup's (energy windows are
         *     the unit, paired by ABBA round where the speedup's are) and widened for few clusters; null when
         *     unavailable
         * @param upper upper bound of its interval; null when unavailable
         * @param aboveIdleRatio the same ratio above idle power; null unless both sides measured idle power
         * @param aboveIdleLower lower bound of its interval; null with {@code aboveIdleRatio}
         * @param aboveIdleUpper upper bound of its interval; null with {@code aboveIdleRatio}
         * @param verdict "LESS_ENERGY" (lower bound above 1 + {@code margin}), "MORE_ENERGY" (upper bound below 1 / (1
         *     + {@code margin})), "PARITY" otherwise, "NO_VERDICT" when a side's windows saw a hardware throttle or a
         *     side has no energy reading
         * @param margin the verdict's margin, a fraction (option {@code energyMargin}, 0.05 by default)
         * @param design how the ratio was resampled, in words; null when unavailable
         */
        @API(status = API.Status.INTERNAL, since = "0.2.0")
        public EnergyRatio {
        }
}

    /**
     * A builder with every field null.
     *
     * @return a new builder; {@link ComparisonEntryBuilder#build()} checks the comparison
     */
    @API(status = API.Status.INTERNAL, since = "0.2.0")
    public static ComparisonEntryBuilder builder() {
        return new ComparisonEntryBuilder();
    }
}
