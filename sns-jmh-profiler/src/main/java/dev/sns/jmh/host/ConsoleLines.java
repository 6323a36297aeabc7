package dev.sns.jmh.host;

import dev.sns.model.ComparisonResult;
import dev.sns.model.DisplayUnit;
import dev.sns.model.EnergyComparison;
import dev.sns.model.EnergyResult;
import dev.sns.model.TimingResult;
import java.util.Locale;

/** The lines the host prints as benchmarks finish and pairs are compared. */
final class ConsoleLines {
    private ConsoleLines() {}

    /** One finished benchmark: median, interval, samples and windows, tier, net time, throughput. */
    static String result(Finished f, int missingForks) {
        TimingResult r = f.result();
        DisplayUnit u = DisplayUnit.forMillis(r.medianMillis());
        double k = u.perMilli();
        String unit = u.label();
        StringBuilder sb = new StringBuilder();
        String interval = r.hasInterval() ? String.format(Locale.ROOT, "[%.4g, %.4g] %.0f%%", r.intervalMillis().lower() * k,
                r.intervalMillis().upper() * k, 100 * r.intervalMillis().confidence()) : "(" + r.estimator() + ")";
        sb.append(String.format(Locale.ROOT, "sns: %s: %.4g %s %s, n=%d in %d windows, tier %s", f.id(),
                r.medianMillis() * k, unit, interval, r.n(), r.windowCount(), r.tier()));
        if (!r.tierReasons().isEmpty()) {
            sb.append(" (").append(String.join("; ", r.tierReasons())).append(')');
        }
        r.netIntervalMillis().filter(net -> r.hasInterval()).ifPresent(net -> sb.append(String.format(Locale.ROOT,
                "; net of launch overhead %.4g %s [%.4g, %.4g]", r.netMedianMillis() * k, unit, net.lower() * k,
                net.upper() * k)));
        if (!Double.isNaN(r.gbPerSecond())) {
            sb.append(String.format(Locale.ROOT, "; %.1f GB/s", r.gbPerSecond()));
            if (Double.isFinite(r.bandwidthShareOfPeak())) {
                sb.append(String.format(Locale.ROOT, " (%.1f%% of peak)", 100 * r.bandwidthShareOfPeak()));
            }
        }
        if (!Double.isNaN(r.tflops())) {
            sb.append(String.format(Locale.ROOT, "; %.2f TFLOP/s", r.tflops()));
            if (Double.isFinite(r.flopsShareOfPeak())) {
                sb.append(String.format(Locale.ROOT, " (%.1f%% of %s peak)", 100 * r.flopsShareOfPeak(),
                        r.peaks().map(p -> p.precision().toString()).orElse("")));
            }
        }
        r.energy().ifPresent(e -> sb.append("; ").append(energy(e)));
        if (missingForks > 0) {
            sb.append("; ").append(missingForks).append(" fork(s) failed and are not included");
        }
        return sb.toString();
    }

    /** One comparison: speedup, interval, the same net of the launch overheads, tier, verdict and its reading, design. */
    static String comparison(String candidate, String baseline, ComparisonResult c) {
        String net = c.netSpeedupInterval().map(i -> String.format(Locale.ROOT, "; net %.4f [%.4f, %.4f]", c.netSpeedup(),
                i.lower(), i.upper())).orElse("");
        String energy = c.energy().map(e -> "; " + energyRatio(e)).orElse("");
        return String.format(Locale.ROOT, "sns: %s vs %s: speedup %.4f [%.4f, %.4f] %.0f%%%s, tier %s, %s on %s (%s)%s",
                candidate, baseline, c.speedup(), c.speedupInterval().lower(), c.speedupInterval().upper(),
                100 * c.speedupInterval().confidence(), net, c.tier(), c.verdict(), c.verdictBasis(), c.design(), energy);
    }

    /** A benchmark's energy: J/call with its interval, watts, idle and above idle, temperatures; or why none. */
    static String energy(EnergyResult e) {
        if (!e.available()) {
            return "no energy (" + e.unavailableReason() + ")";
        }
        String interval = e.joulesPerCallInterval().map(i -> String.format(Locale.ROOT, " [%.4g, %.4g]", i.lower(),
                i.upper())).orElse(" (" + e.estimator() + ")");
        String idle = Double.isNaN(e.idleWatts()) ? "" : String.format(Locale.ROOT, ", %.4g J above idle (idle %.1f W)",
                e.aboveIdleJoulesPerCall(), e.idleWatts());
        String hot = e.hotWindows() == 0 ? "" : ", " + e.hotWindows() + " window(s) started hotter than steady";
        return String.format(Locale.ROOT, "energy %.4g J/call%s, %.1f W board%s, %d windows at %.0f-%.0f C%s",
                e.joulesPerCall(), interval, e.watts(), idle, e.windows(), e.temperatureMinC(), e.temperatureMaxC(), hot);
    }

    /** A pair's energy ratio with its verdict; or why none. */
    static String energyRatio(EnergyComparison e) {
        if (!e.available()) {
            return "no energy ratio (" + e.unavailable() + ")";
        }
        return String.format(Locale.ROOT, "energy ratio %.4f [%.4f, %.4f] %s", e.ratio(), e.interval().lower(),
                e.interval().upper(), e.verdict());
    }
}
