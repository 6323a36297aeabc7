package dev.sns.reports;

import static dev.sns.reports.ResultField.Bound.LOWER;
import static dev.sns.reports.ResultField.Bound.UPPER;
import static dev.sns.reports.ResultField.Type.INTEGER;
import static dev.sns.reports.ResultField.Type.INTEGER_MAP;
import static dev.sns.reports.ResultField.Type.NUMBER;
import static dev.sns.reports.ResultField.Type.OBJECT;
import static dev.sns.reports.ResultField.Type.STRING;
import static dev.sns.reports.ResultField.Type.STRINGS;
import static dev.sns.reports.ResultField.Type.STRING_MAP;
import static dev.sns.reports.ResultScope.COMPARISON;
import static dev.sns.reports.ResultScope.DEVICE_HEALTH;
import static dev.sns.reports.ResultScope.ENERGY_RATIO;
import static dev.sns.reports.ResultScope.EVIDENCE;

import dev.sns.reports.ComparisonEntry.EnergyRatio;
import java.util.List;
import java.util.function.Function;

/**
 * The rows of {@link ResultFields} for the comparisons ({@code comparisons[]}, each device-health
 * entry's {@code speedup} too), GPU against GPU ({@code deviceHealth[]} and each side's evidence) and
 * a pair's energy ratio. Their order is each file's column order: comparisons.csv,
 * energy_comparisons.csv, and device-health.csv, whose columns mix a device-health entry's own with
 * its comparison's, so that the device-health rows sit among the comparison's.
 */
final class ComparisonFields {
    private static final CsvFile<ComparisonEntry> PAIRS = CsvFile.COMPARISONS;
    private static final CsvFile<ComparisonEntry> ENERGY_PAIRS = CsvFile.ENERGY_COMPARISONS;
    private static final CsvFile<DeviceHealthEntry> HEALTH = CsvFile.DEVICE_HEALTH;

    private ComparisonFields() {}

    static final List<ResultField> ROWS = List.of(
            c("candidate", STRING, "", "the candidate's benchmark id (an entry of `benchmarks`)",
                    "ComparisonResult.candidate()")
                    .csv(PAIRS.column("candidate", ComparisonEntry::candidate),
                            ENERGY_PAIRS.column("candidate", ComparisonEntry::candidate))
                    .under("candidate"),
            c("baseline", STRING, "", "the baseline's benchmark id, measured in the same run (never cached)",
                    "ComparisonResult.baseline()")
                    .csv(PAIRS.column("baseline", ComparisonEntry::baseline),
                            ENERGY_PAIRS.column("baseline", ComparisonEntry::baseline))
                    .under("baseline"),
            c("params", STRING_MAP, "", "the `@Param` values the pair shares", "ComparisonEntry.params()")
                    .csv(PAIRS.column("params", p -> BenchmarkFields.params(p.params()))
                                    .from("comparisons[].params as `k=v` joined by `;`"),
                            ENERGY_PAIRS.column("params", p -> BenchmarkFields.params(p.params()))
                                    .from("comparisons[].params as `k=v` joined by `;`")),
            h("id", STRING, "", "the benchmark's id without its device part (`Saxpy.fused@avgt:n=1024`)",
                    "DeviceHealthEntry.id()")
                    .csv(HEALTH.column("id", DeviceHealthEntry::id)).under("benchmark"),
            h("device", INTEGER, "CUDA index", "this GPU's CUDA index", "DeviceHealthEntry.device()")
                    .csv(HEALTH.column("device", DeviceHealthEntry::device)).under("GPU"),
            h("reference", INTEGER, "CUDA index", "the reference GPU's CUDA index (the run's first selected GPU)",
                    "DeviceHealthEntry.reference()")
                    .csv(HEALTH.column("reference", DeviceHealthEntry::reference)).under("vs"),
            h("speedup", OBJECT, "", "a comparison as in `comparisons[]`: `candidate` is this GPU's entry id, "
                    + "`baseline` the reference's; its `verdict` follows the usual thresholds",
                    "DeviceHealthEntry.speedup()").under("speedup"),
            c("speedup", NUMBER, "ratio", "baseline median / candidate median, the point estimate (above 1 the "
                    + "candidate is faster); read the interval", "ComparisonResult.speedup()")
                    .csv(PAIRS.column("speedup", ComparisonEntry::speedup),
                            ENERGY_PAIRS.column("speedup", ComparisonEntry::speedup),
                            HEALTH.column("speedup", h -> h.speedup().speedup()).from("deviceHealth[].speedup.speedup"))
                    .under("speedup"),
            c("lower", NUMBER, "ratio", "lower bound of the speedup's confidence interval",
                    "ComparisonResult.speedupInterval().lower()")
                    .csv(PAIRS.column("lower", ComparisonEntry::lower),
                            HEALTH.column("lower", h -> h.speedup().lower()).from("deviceHealth[].speedup.lower"))
                    .under("interval"),
            c("upper", NUMBER, "ratio", "upper bound of the speedup's confidence interval",
                    "ComparisonResult.speedupInterval().upper()")
                    .csv(PAIRS.column("upper", ComparisonEntry::upper),
                            HEALTH.column("upper", h -> h.speedup().upper()).from("deviceHealth[].speedup.upper"))
                    .under("interval"),
            c("confidence", NUMBER, "fraction", "its confidence level", "ComparisonResult.speedupInterval().confidence()")
                    .csv(PAIRS.column("confidence", ComparisonEntry::confidence),
                            HEALTH.column("confidence", h -> h.speedup().confidence())
                                    .from("deviceHealth[].speedup.confidence"))
                    .under("interval"),
            c("cycleLower", NUMBER, "ratio", "lower bound of the speedup's interval counted in SM cycles (time x "
                    + "clock); null without clock evidence", "ComparisonResult.cycleSpeedupInterval().lower()").orNull()
                    .csv(PAIRS.column("cycle_lower", ComparisonEntry::cycleLower)).under("in SM cycles"),
            c("cycleUpper", NUMBER, "ratio", "upper bound of the speedup's interval in SM cycles",
                    "ComparisonResult.cycleSpeedupInterval().upper()").orNull()
                    .csv(PAIRS.column("cycle_upper", ComparisonEntry::cycleUpper)).under("in SM cycles"),
            c("netSpeedup", NUMBER, "ratio", "the speedup net of each side's launch overhead: baseline `netMedian` / "
                    + "candidate `netMedian` (the kernels' own cost); null without launch overheads",
                    "ComparisonResult.netSpeedup()").orNull()
                    .csv(PAIRS.column("net_speedup", ComparisonEntry::netSpeedup)).under("net of launch overhead"),
            c("netLower", NUMBER, "ratio", "lower bound of its interval, from the same resampling design as "
                    + "`lower`/`upper`, the overhead samples resampled with their rounds (or forks), not subtracted as a "
                    + "constant", "ComparisonResult.netSpeedupInterval().lower()").orNull()
                    .csv(PAIRS.column("net_lower", ComparisonEntry::netLower)).under("net of launch overhead"),
            c("netUpper", NUMBER, "ratio", "upper bound of its interval", "ComparisonResult.netSpeedupInterval().upper()")
                    .orNull()
                    .csv(PAIRS.column("net_upper", ComparisonEntry::netUpper)).under("net of launch overhead"),
            c("netUnavailable", STRING, "", "why there is no net speedup (`\"\"` when there is one)",
                    "ComparisonResult.whyNetUnavailable()").orNull().under("net of launch overhead"),
            c("tier", STRING, "", "the worse tier of the two sides", "ComparisonResult.tier()")
                    .csv(PAIRS.column("tier", ComparisonEntry::tier),
                            HEALTH.column("tier", h -> h.speedup().tier()).from("deviceHealth[].speedup.tier"))
                    .under("tier"),
            h("finding", STRING, "", "`\"ok\"`; `\"slower\"`: this GPU is slower than the reference beyond the "
                    + "threshold (`speedup.upper` < `slowerThreshold`, 0.95 by default); `\"referenceSlower\"`: the "
                    + "reference is slower than this GPU (`speedup.lower` > 1 / `slowerThreshold`); `\"noVerdict\"`: "
                    + "tier C on a side (a throttle fired or the clocks were unstable), the evidence says which",
                    "DeviceHealthEntry.finding()")
                    .csv(HEALTH.column("finding", DeviceHealthEntry::finding)).under("finding"),
            h("suspect", INTEGER, "CUDA index", "the GPU the finding names (null when `\"ok\"`)",
                    "DeviceHealthEntry.suspect()").orNull()
                    .csv(HEALTH.column("suspect", DeviceHealthEntry::suspect)).under("finding"),
            h("deviceEvidence", OBJECT, "", "this GPU's clock and throttle evidence over its windows",
                    "DeviceHealthEntry.deviceEvidence()").under("SM MHz (GPU / first)"),
            h("referenceEvidence", OBJECT, "", "the reference's clock and throttle evidence",
                    "DeviceHealthEntry.referenceEvidence()").under("SM MHz (GPU / first)"),
            ev("tier", STRING, "", "the side's tier", "ComparisonResult.candidate().tier() (the reference: "
                    + "baseline())"),
            ev("smMeanMhz", NUMBER, "MHz", "mean SM clock", "ComparisonResult.candidate().smClockMeanMhz()").orNull()
                    .csv(HEALTH.column("sm_clock_mean_mhz", h -> h.deviceEvidence().smMeanMhz())
                                    .from("deviceHealth[].deviceEvidence.smMeanMhz"),
                            HEALTH.column("reference_sm_clock_mean_mhz", h -> h.referenceEvidence().smMeanMhz())
                                    .from("deviceHealth[].referenceEvidence.smMeanMhz"))
                    .under("SM MHz (GPU / first)"),
            ev("smRangeMhz", NUMBER, "MHz", "highest minus lowest SM clock",
                    "ComparisonResult.candidate().smClockRangeMhz()").orNull(),
            ev("throttleReasons", STRINGS, "", "hardware or thermal slowdowns seen",
                    "ComparisonResult.candidate().clocks().throttle().throttleReasons()")
                    .csv(HEALTH.column("throttle", h -> String.join("; ", h.deviceEvidence().throttleReasons()))
                                    .from("deviceHealth[].deviceEvidence.throttleReasons joined by `; `"),
                            HEALTH.column("reference_throttle", h -> String.join("; ",
                                    h.referenceEvidence().throttleReasons()))
                                    .from("deviceHealth[].referenceEvidence.throttleReasons joined by `; `"))
                    .under("throttles (GPU / first)"),
            ev("metadataReasons", STRINGS, "", "reasons recorded but not counted as throttles (e.g. `sw_power_cap`)",
                    "ComparisonResult.candidate().clocks().throttle().metadataReasons()")
                    .csv(HEALTH.column("metadata", h -> String.join("; ", h.deviceEvidence().metadataReasons()))
                            .from("deviceHealth[].deviceEvidence.metadataReasons joined by `; `"))
                    .under("other clock events"),
            ev("violationNanos", INTEGER_MAP, "ns", "how far each throttle counter advanced",
                    "ComparisonResult.candidate().clocks().throttle().violationNanos()"),
            ev("maxTemperatureC", NUMBER, "C", "highest temperature read",
                    "ComparisonResult.candidate().clocks().temperatureC() (the highest)").orNull(),
            ev("meanPowerW", NUMBER, "W", "mean board power read",
                    "ComparisonResult.candidate().clocks().powerW() (the mean)").orNull(),
            c("verdict", STRING, "", "`FASTER` (the read interval's lower bound > `fasterThreshold`), `SLOWER` (its "
                    + "upper bound < `slowerThreshold`), `PARITY` otherwise, `NO_VERDICT` at tier C",
                    "ComparisonResult.verdict()")
                    .csv(PAIRS.column("verdict", ComparisonEntry::verdict),
                            ENERGY_PAIRS.column("verdict", ComparisonEntry::verdict))
                    .under("verdict"),
            c("verdictOn", STRING, "", "which interval the verdict read: `\"raw\"` (`lower`/`upper`, the default), "
                    + "`\"net\"` (`netLower`/`netUpper`, option `verdictOn=net`), or `\"raw (net asked for, but ...)\"` "
                    + "when there was no net interval", "ComparisonResult.verdictBasis()").orNull()
                    .csv(PAIRS.column("verdict_on", ComparisonEntry::verdictOn)).under("verdict"),
            c("rounds", INTEGER, "rounds", "interleaved rounds (forks per side), 0 when not interleaved",
                    "ComparisonEntry.rounds()")
                    .csv(PAIRS.column("rounds", ComparisonEntry::rounds),
                            HEALTH.column("rounds", h -> h.speedup().rounds()).from("deviceHealth[].speedup.rounds"))
                    .under("design"),
            c("design", STRING, "", "how the interval was computed, in words (e.g. `\"paired rounds in 10 windows\"`)",
                    "ComparisonResult.design()")
                    .csv(PAIRS.column("design", ComparisonEntry::design),
                            HEALTH.column("design", h -> h.speedup().design()).from("deviceHealth[].speedup.design"))
                    .under("design"),
            c("fasterThreshold", NUMBER, "ratio", "the FASTER bound used, default `1.2`",
                    "ComparisonResult.thresholds().fasterLowerBound()").under("faster"),
            c("slowerThreshold", NUMBER, "ratio", "the SLOWER bound used, default `0.95`",
                    "ComparisonResult.thresholds().slowerUpperBound()").under("slower"),
            c("energy", OBJECT, "", "the energy ratio beside the speedup; absent unless the pair measured energy",
                    "ComparisonResult.energy()").orLeftOut().under("energy ratio"),
            r("ratio", NUMBER, "ratio", "baseline `joulesPerCall` / candidate `joulesPerCall` (above 1 the candidate "
                    + "uses less energy per call)", "EnergyComparison.ratio()")
                    .csv(ENERGY_PAIRS.column("energy_ratio", ratio(EnergyRatio::ratio))).under("energy ratio"),
            bound(LOWER, "", ", resampled in the same design as the speedup's (energy windows are the unit, paired "
                    + "by ABBA round where the speedup's are) and widened for few clusters",
                    "EnergyComparison.interval()", "energy ratio")
                    .csv(ENERGY_PAIRS.column("lower", ratio(EnergyRatio::lower))),
            bound(UPPER, "", "", "EnergyComparison.interval()", "energy ratio")
                    .csv(ENERGY_PAIRS.column("upper", ratio(EnergyRatio::upper))),
            r("aboveIdleRatio", NUMBER, "ratio", "the same ratio above idle power", "EnergyComparison.aboveIdleRatio()")
                    .csv(ENERGY_PAIRS.column("above_idle_ratio", ratio(EnergyRatio::aboveIdleRatio)))
                    .under("above idle"),
            bound(LOWER, "aboveIdle", "", "EnergyComparison.aboveIdleInterval()", "above idle")
                    .csv(ENERGY_PAIRS.column("above_idle_lower", ratio(EnergyRatio::aboveIdleLower))),
            bound(UPPER, "aboveIdle", "", "EnergyComparison.aboveIdleInterval()", "above idle")
                    .csv(ENERGY_PAIRS.column("above_idle_upper", ratio(EnergyRatio::aboveIdleUpper))),
            r("verdict", STRING, "", "`LESS_ENERGY` (lower bound > 1 + `margin`), `MORE_ENERGY` (upper bound < 1 / (1 + "
                    + "`margin`)), `PARITY` otherwise, `NO_VERDICT` when a side's windows saw a hardware throttle or a "
                    + "side has no energy reading", "EnergyComparison.verdict()")
                    .csv(ENERGY_PAIRS.column("energy_verdict", ratio(EnergyRatio::verdict))).under("energy verdict"),
            r("margin", NUMBER, "fraction", "the verdict's margin (option `energyMargin`, default 0.05)",
                    "EnergyComparison.margin()")
                    .csv(ENERGY_PAIRS.column("margin", ratio(EnergyRatio::margin))).under("margin"),
            r("design", STRING, "", "how the ratio was resampled, in words", "EnergyComparison.design()")
                    .csv(ENERGY_PAIRS.column("design", ratio(EnergyRatio::design))).under("design"),
            r("unavailable", STRING, "", "why there is no energy ratio (a side has no energy reading: which and why); "
                    + "then the ratios are absent (margin and verdict, NO_VERDICT, remain)", "EnergyComparison.whyUnavailable()")
                    .csv(ENERGY_PAIRS.column("unavailable", ratio(EnergyRatio::unavailable))).under("no energy ratio"),
            c("minDetectableChange", NUMBER, "fraction", "the minimum detectable change at 80% power (two-sided 5%) of "
                    + "the speedup the verdict reads: `2.80 x (ln upper - ln lower) / (2 z)`, both sides' noise in its "
                    + "interval; a threshold below it is one this comparison cannot see; absent when not known",
                    "ComparisonResult.minDetectableChange()").orLeftOut()
                    .csv(PAIRS.column("min_detectable_change", ComparisonEntry::minDetectableChange))
                    .under("interval"));

    private static ResultField c(String path, ResultField.Type type, String unit, String meaning, String accessor) {
        return ResultField.of(COMPARISON, path, type, unit, meaning, accessor);
    }

    private static ResultField h(String path, ResultField.Type type, String unit, String meaning, String accessor) {
        return ResultField.of(DEVICE_HEALTH, path, type, unit, meaning, accessor);
    }

    private static ResultField ev(String path, ResultField.Type type, String unit, String meaning, String accessor) {
        return ResultField.of(EVIDENCE, path, type, unit, meaning, accessor);
    }

    private static ResultField r(String path, ResultField.Type type, String unit, String meaning, String accessor) {
        return ResultField.of(ENERGY_RATIO, path, type, unit, meaning, accessor).orLeftOut();
    }

    /** A bound of the energy ratio's interval: left out when there is no ratio. */
    private static ResultField bound(ResultField.Bound bound, String prefix, String note, String interval,
                                     String label) {
        return ResultField.bound(bound, ENERGY_RATIO, prefix, "ratio", note, interval, label).orLeftOut();
    }

    /** A value of the pair's energy ratio: null when there is none. */
    private static <T> Function<ComparisonEntry, T> ratio(Function<EnergyRatio, T> field) {
        return c -> c.energy() == null ? null : field.apply(c.energy());
    }
}
