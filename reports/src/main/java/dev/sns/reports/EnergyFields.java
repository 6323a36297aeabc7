package dev.sns.reports;

import static dev.sns.reports.ResultField.Bound.LOWER;
import static dev.sns.reports.ResultField.Bound.UPPER;
import static dev.sns.reports.ResultField.Type.BOOLEAN;
import static dev.sns.reports.ResultField.Type.INTEGER;
import static dev.sns.reports.ResultField.Type.NUMBER;
import static dev.sns.reports.ResultField.Type.OBJECTS;
import static dev.sns.reports.ResultField.Type.STRING;
import static dev.sns.reports.ResultField.Type.STRINGS;
import static dev.sns.reports.ResultScope.ENERGY;
import static dev.sns.reports.ResultScope.ENERGY_WINDOW;

import dev.sns.model.DisplayUnit;
import dev.sns.reports.BenchmarkEntry.Energy;
import java.util.List;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * The rows of {@link ResultFields} for a benchmark's energy ({@code benchmarks[].energy}) and its power
 * trace ({@code energy.trace[]}). Every field is left out of results.json when not measured; where
 * energy was asked for and not measured, {@code unavailable} alone is there. Their order is
 * energy.csv's column order (after the benchmark's id and median) and the energy lines' order on the
 * card.
 */
final class EnergyFields {
    private static final CsvFile<BenchmarkEntry> CSV = CsvFile.ENERGY;

    private EnergyFields() {}

    static final List<ResultField> ROWS = List.of(
            e("joulesPerCall", NUMBER, "J", "median over windows of energy per call (window energy / calls completed "
                    + "in it): the board total, idle power included", "EnergyResult.joulesPerCall()")
                    .csv(CSV.column("joules_per_call", energy(Energy::joulesPerCall)))
                    .html(HtmlLabel.keyLine("energy per call (board)", measured((e, u) -> joules(e.joulesPerCall())
                            + " " + range(e.lower(), e.upper(), true)))),
            bound(LOWER, "", "J", " (forks, then windows, resampled)", "EnergyResult.joulesPerCallInterval()",
                    "energy per call (board)").csv(CSV.column("lower_j", energy(Energy::lower))),
            bound(UPPER, "", "J", "", "EnergyResult.joulesPerCallInterval()", "energy per call (board)")
                    .csv(CSV.column("upper_j", energy(Energy::upper))),
            e("watts", NUMBER, "W", "median of the windows' mean board power (window energy / window time)",
                    "EnergyResult.watts()")
                    .csv(CSV.column("watts", energy(Energy::watts)))
                    .html(HtmlLabel.keyLine("mean power", measured((e, u) -> watts(e.watts()) + " "
                            + range(e.wattsLower(), e.wattsUpper(), false)))),
            bound(LOWER, "watts", "W", "", "EnergyResult.wattsInterval()", "mean power")
                    .csv(CSV.column("watts_lower", energy(Energy::wattsLower))),
            bound(UPPER, "watts", "W", "", "EnergyResult.wattsInterval()", "mean power")
                    .csv(CSV.column("watts_upper", energy(Energy::wattsUpper))),
            e("idleWatts", NUMBER, "W", "idle power measured before the work (GPU idle, same process or fork)",
                    "EnergyResult.idleWatts()")
                    .csv(CSV.column("idle_watts", energy(Energy::idleWatts)))
                    .html(HtmlLabel.line("idle power (before the work)", measured(Energy::idleWatts, (e, u) ->
                            watts(e.idleWatts()) + " " + range(e.idleLower(), e.idleUpper(), false)))),
            bound(LOWER, "idle", "W", "", "EnergyResult.idleWattsInterval()", "idle power (before the work)"),
            bound(UPPER, "idle", "W", "", "EnergyResult.idleWattsInterval()", "idle power (before the work)"),
            e("aboveIdle", NUMBER, "J", "median over windows of (window energy - idle power x window time) / calls; "
                    + "needs idle power in every fork", "EnergyResult.aboveIdleJoulesPerCall()")
                    .csv(CSV.column("above_idle_j", energy(Energy::aboveIdle)))
                    .html(HtmlLabel.keyLine("energy per call above idle", measured(Energy::aboveIdle, (e, u) ->
                            joules(e.aboveIdle()) + " " + range(e.aboveIdleLower(), e.aboveIdleUpper(), true)))),
            bound(LOWER, "aboveIdle", "J", "", "EnergyResult.aboveIdleInterval()", "energy per call above idle")
                    .csv(CSV.column("above_idle_lower_j", energy(Energy::aboveIdleLower))),
            bound(UPPER, "aboveIdle", "J", "", "EnergyResult.aboveIdleInterval()", "energy per call above idle")
                    .csv(CSV.column("above_idle_upper_j", energy(Energy::aboveIdleUpper))),
            e("gflopsPerJoule", NUMBER, "GFLOP/J", "declared flops per joule at the median energy per call",
                    "EnergyResult.gflopsPerJoule()")
                    .csv(CSV.column("gflops_per_j", energy(Energy::gflopsPerJoule)))
                    .html(HtmlLabel.keyLine("GFLOP/J", measured(Energy::gflopsPerJoule, (e, u) -> Figures.sig(e.gflopsPerJoule())))),
            e("gbPerJoule", NUMBER, "GB/J", "declared bytes (1 GB = 10^9 bytes) per joule at the median energy per "
                    + "call", "EnergyResult.gbPerJoule()")
                    .csv(CSV.column("gb_per_j", energy(Energy::gbPerJoule)))
                    .html(HtmlLabel.keyLine("GB/J", measured(Energy::gbPerJoule, (e, u) -> Figures.sig(e.gbPerJoule())))),
            e("windows", INTEGER, "windows", "energy windows", "EnergyResult.windows()")
                    .csv(CSV.column("windows", energy(Energy::windows)))
                    .html(HtmlLabel.line("energy windows", measured((e, u) -> e.windows() + " of at least "
                            + e.updatesPerWindow() + " counter updates (" + Figures.compact(e.updatePeriodMs(), 3)
                            + " ms apart)" + (e.forks() != null && e.forks() > 1 ? " in " + e.forks() + " forks" : "")))),
            e("forks", INTEGER, "forks", "forks the windows came from", "EnergyResult.forks()").under("energy windows"),
            e("updatesPerWindow", INTEGER, "counter updates", "fewest counter updates a window spans (option "
                    + "`energyUpdates`)", "EnergyResult.updatesPerWindow()")
                    .csv(CSV.column("updates_per_window", energy(Energy::updatesPerWindow))).under("energy windows"),
            e("updatePeriodMs", NUMBER, "ms", "median time between the counter's updates",
                    "EnergyResult.updatePeriodMillis()")
                    .csv(CSV.column("update_period_ms", energy(Energy::updatePeriodMs))).under("energy windows"),
            e("calls", INTEGER, "calls", "calls in all windows", "EnergyResult.calls()"),
            e("seconds", NUMBER, "s", "time in all windows", "EnergyResult.seconds()"),
            e("temperatureMinC", NUMBER, "C", "coolest temperature read at a window's ends",
                    "EnergyResult.temperatureMinC()")
                    .csv(CSV.column("temperature_min_c", energy(Energy::temperatureMinC)))
                    .html(HtmlLabel.line("temperature at window ends", measured(EnergyFields::temperatures))),
            e("temperatureMaxC", NUMBER, "C", "hottest temperature read at a window's ends",
                    "EnergyResult.temperatureMaxC()")
                    .csv(CSV.column("temperature_max_c", energy(Energy::temperatureMaxC)))
                    .under("temperature at window ends"),
            e("steadyTemperatureC", NUMBER, "C", "median end temperature of the later half of each fork's windows",
                    "EnergyResult.steadyTemperatureC()").under("temperature at window ends"),
            e("hotWindows", INTEGER, "windows", "windows that started more than 2 C hotter than the steady temperature",
                    "EnergyResult.hotWindows()")
                    .csv(CSV.column("hot_windows", energy(Energy::hotWindows))).under("temperature at window ends"),
            e("powerSensorRatio", NUMBER, "ratio", "median over windows of the power sensor's readings "
                    + "(`nvmlDeviceGetPowerUsage`) integrated over the window, over the counter's energy; 1 when they "
                    + "agree (the H200's sensor is a 1 s moving average: it agrees in steady state only)",
                    "EnergyResult.powerSensorRatio()")
                    .csv(CSV.column("power_sensor_ratio", energy(Energy::powerSensorRatio)))
                    .html(HtmlLabel.line("power sensor / counter", measured(Energy::powerSensorRatio, (e, u) ->
                            Figures.compact(e.powerSensorRatio(), 4)))),
            e("unavailable", STRING, "", "why there is no energy (no NVML, a GPU or vGPU/MIG instance without the "
                    + "counter, the wall-clock timer, iterations too short); absent when measured, and then alone",
                    "EnergyResult.whyUnavailable()")
                    .csv(CSV.column("unavailable", energy(Energy::unavailable))).under("Energy: not measured"),
            e("estimator", STRING, "", "how the interval was computed, or why there is none", "EnergyResult.estimator()")
                    .html(HtmlLabel.line("energy estimator", measured((e, u) -> e.estimator()))),
            e("throttleReasons", STRINGS, "", "hardware throttles seen in the windows' clock evidence; a pair with one "
                    + "gets no energy verdict", "EnergyResult.throttleReasons()")
                    .html(HtmlLabel.line("throttled (no energy verdict)", joined(Energy::throttleReasons, ", "))),
            e("notes", STRINGS, "", "what happened around the windows (cool-downs)", "EnergyResult.notes()")
                    .html(HtmlLabel.line("around the windows", joined(Energy::notes, "; "))),
            e("trace", OBJECTS, "", "the power trace: fork by fork, each fork's windows in time order, its idle ones first",
                    "EnergyResult.trace()").under("Power trace"),
            w("fork", INTEGER, "", "the fork it was taken in", "EnergyResult.TracePoint.fork()"),
            w("start", NUMBER, "s", "its start, from the fork's energy watch", "EnergyResult.TracePoint.startSeconds()"),
            w("seconds", NUMBER, "s", "its length", "EnergyResult.TracePoint.seconds()").under("Power trace"),
            w("joules", NUMBER, "J", "the board energy over it", "EnergyResult.TracePoint.joules()"),
            w("calls", INTEGER, "calls", "calls completed in it (0 for idle)", "EnergyResult.TracePoint.calls()"),
            w("watts", NUMBER, "W", "its mean board power", "EnergyResult.TracePoint.watts()").under("Power trace"),
            w("joulesPerCall", NUMBER, "J", "its energy per call; absent for idle windows",
                    "EnergyResult.TracePoint.joulesPerCall()"),
            w("startC", NUMBER, "C", "the temperature at its start", "EnergyResult.TracePoint.startC()")
                    .under("Power trace"),
            w("endC", NUMBER, "C", "the temperature at its end", "EnergyResult.TracePoint.endC()").under("Power trace"),
            w("hot", BOOLEAN, "", "whether it started more than 2 C hotter than steady", "EnergyResult.TracePoint.hot()")
                    .under("Power trace"),
            w("idle", BOOLEAN, "", "whether it is an idle window (before the work)", "EnergyResult.TracePoint.idle()")
                    .under("Power trace"));

    private static ResultField e(String path, ResultField.Type type, String unit, String meaning, String accessor) {
        return ResultField.of(ENERGY, path, type, unit, meaning, accessor).orLeftOut();
    }

    /** A bound of an energy interval: left out when not measured. */
    private static ResultField bound(ResultField.Bound bound, String prefix, String unit, String note, String interval,
                                     String label) {
        return ResultField.bound(bound, ENERGY, prefix, unit, note, interval, label).orLeftOut();
    }

    private static ResultField w(String path, ResultField.Type type, String unit, String meaning, String accessor) {
        return ResultField.of(ENERGY_WINDOW, path, type, unit, meaning, accessor).orLeftOut();
    }

    /** A value of the benchmark's energy: null when there is none (not asked for). */
    private static <T> Function<BenchmarkEntry, T> energy(Function<Energy, T> field) {
        return b -> b.energy() == null ? null : field.apply(b.energy());
    }

    /** A card line of measured energy: none without it (the card then says why in one note). */
    private static HtmlLabel.Value measured(BiFunction<Energy, DisplayUnit, String> value) {
        return (b, unit) -> b.energy() == null || b.energy().unavailable() != null ? null
                : value.apply(b.energy(), unit);
    }

    /** A card line of measured energy where {@code field} is there: none where it is null. */
    private static HtmlLabel.Value measured(Function<Energy, ?> field, BiFunction<Energy, DisplayUnit, String> value) {
        return measured((e, u) -> field.apply(e) == null ? null : value.apply(e, u));
    }

    /** A card line of a measured list, its items joined by {@code separator}: none where it is null or empty. */
    private static HtmlLabel.Value joined(Function<Energy, List<String>> list, String separator) {
        return measured((e, u) -> list.apply(e) == null || list.apply(e).isEmpty() ? null
                : String.join(separator, list.apply(e)));
    }

    private static String temperatures(Energy e, DisplayUnit unit) {
        return e.temperatureMinC() == null ? "not read" : Figures.compact(e.temperatureMinC(), 3) + " to "
                + Figures.compact(e.temperatureMaxC(), 3) + " C, steady " + Figures.compact(e.steadyTemperatureC(), 3)
                + " C; " + e.hotWindows() + " window(s) started hotter";
    }

    /** Joules with a prefix that suits them: "163.6 mJ". */
    static String joules(Double j) {
        if (j == null) {
            return "n/a";
        }
        double a = Math.abs(j);
        if (a >= 1 || a == 0) {
            return Figures.sig(j) + " J";
        }
        if (a >= 1e-3) {
            return Figures.sig(j * 1e3) + " mJ";
        }
        if (a >= 1e-6) {
            return Figures.sig(j * 1e6) + " uJ";
        }
        return Figures.sig(j * 1e9) + " nJ";
    }

    private static String watts(Double w) {
        return w == null ? "n/a" : Figures.sig(w) + " W";
    }

    private static String range(Double lo, Double hi, boolean joules) {
        if (lo == null || hi == null) {
            return "(no interval)";
        }
        return "[" + (joules ? joules(lo) : watts(lo)) + ", " + (joules ? joules(hi) : watts(hi)) + "]";
    }
}
