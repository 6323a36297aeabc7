package dev.sns.jmh.host;

import dev.sns.model.ComparisonResult;
import dev.sns.model.DisplayUnit;
import dev.sns.model.EnergyComparison;
import dev.sns.model.EnergyResult;
import dev.sns.model.TimingResult;
import java.util.Locale;

/**
 * The lines the host prints as benchmarks finish and pairs are compared: under JMH's own Main the one
 * statement of each result; under the sns Main the run's end states them ({@link RunSummary}), and these
 * lend it their parts.
 */
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
        r.netIntervalMillis().filter(net -> r.hasInterval()).ifPresent(net -> sb.append(r.netMeasurable()
                ? String.format(Locale.ROOT, "; net of launch overhead %.4g %s [%.4g, %.4g]", r.netMedianMillis() * k,
                        unit, net.lower() * k, net.upper() * k)
                : String.format(Locale.ROOT, "; %s (raw %.4g %s, launch overhead %.4g %s)", TimingResult.NOT_NET_MEASURABLE,
                        r.medianMillis() * k, unit, r.launchOverheadMillis() * k, unit)));
        if (!Double.isNaN(r.gbPerSecond())) {
            sb.append(String.format(Locale.ROOT, "; %.1f GB/s", r.gbPerSecond()));
            sb.append(ofPeak(r.bandwidthShareOfPeak(), ""));
        }
        if (!Double.isNaN(r.tflops())) {
            sb.append(String.format(Locale.ROOT, "; %.2f TFLOP/s", r.tflops()));
            sb.append(ofPeak(r.flopsShareOfPeak(), r.peaks().map(p -> p.precision().toString() + " ").orElse("")));
        }
        r.energy().ifPresent(e -> sb.append("; ").append(energy(e)));
        if (r.samplingStop() != dev.sns.model.SamplingStop.COUNT) {
            sb.append("; precision ").append(precision(f));
        }
        if (missingForks > 0) {
            sb.append("; ").append(missingForks).append(" fork(s) failed and are not included");
        }
        return sb.toString();
    }

    /** Where a precision target stopped the forks: "+-0.862% for a target of 1%: target reached after 3 forks, ...". */
    static String precision(Finished f) {
        TimingResult r = f.result();
        int forks = PrecisionRounds.forks(f.forkIds());
        return String.format(Locale.ROOT, "+-%.3g%% for a target of %s%%: %s after %d fork%s, %.4g ms of GPU time",
                100 * r.precisionFraction(), percent(r.precisionTargetFraction()), r.samplingStop().words(), forks,
                forks == 1 ? "" : "s", r.samplingGpuMillis());
    }

    /**
     * " (91.2% of fp32 peak)"; " (7924x the peak: not a reading (...))" above the peak
     * ({@link dev.sns.model.DevicePeaks#isReading}); "" when unknown.
     */
    static String ofPeak(double share, String precision) {
        if (dev.sns.model.DevicePeaks.isReading(share)) {
            return String.format(Locale.ROOT, " (%.1f%% of %speak)", 100 * share, precision);
        }
        return Double.isFinite(share) ? " (" + dev.sns.model.DevicePeaks.aboveThePeak(share, precision) + ")" : "";
    }

    /** A fraction as a percentage the way the option was written: 0.005 is "0.5", 0.01 is "1". */
    static String percent(double fraction) {
        return new java.math.BigDecimal(String.format(Locale.ROOT, "%.4g", 100 * fraction)).stripTrailingZeros()
                .toPlainString();
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

    /**
     * One device-health comparison: the benchmark on a device against the reference, its speedup
     * interval, what it says, and the named GPU's clock and throttle evidence beside it.
     */
    static String deviceHealth(DeviceHealth.Made h, java.util.List<dev.sns.gpu.GpuDevice> devices) {
        ComparisonResult c = h.result();
        int dev = h.device().device();
        int ref = h.reference().device();
        String head = String.format(Locale.ROOT, "sns: device health: %s on GPU %d vs GPU %d: speedup %.4f [%.4f, %.4f] "
                        + "%.0f%%, tier %s: ", baseId(h),
                dev, ref, c.speedup(), c.speedupInterval().lower(), c.speedupInterval().upper(),
                100 * c.speedupInterval().confidence(), c.tier());
        String what = switch (h.finding()) {
            case OK -> "ok, within the threshold";
            case SLOWER -> "GPU " + label(dev, devices) + " is SLOWER than GPU " + ref + " beyond "
                    + c.thresholds().slowerUpperBound();
            case REFERENCE_SLOWER -> "GPU " + label(ref, devices) + " is SLOWER than GPU " + dev + " beyond "
                    + c.thresholds().slowerUpperBound();
            case NO_VERDICT -> "no verdict (tier C)";
        };
        return head + what + "; " + evidence("GPU " + dev, c.candidate()) + "; " + evidence("GPU " + ref, c.baseline());
    }

    /** The benchmark's id without its device part. */
    private static String baseId(DeviceHealth.Made h) {
        String id = h.device().id();
        int at = id.lastIndexOf("device=");
        return at <= 0 ? id : id.substring(0, at - 1);
    }

    /** "1 (NVIDIA H200, GPU-...)" for a selected device, else the index. */
    static String label(int index, java.util.List<dev.sns.gpu.GpuDevice> devices) {
        for (dev.sns.gpu.GpuDevice d : devices) {
            if (d.index() == index) {
                return d.label();
            }
        }
        return Integer.toString(index);
    }

    /** "GPU 1: SM 1364 MHz (range 0), throttles none, other clock events sw_power_cap". */
    static String evidence(String who, TimingResult r) {
        dev.sns.model.ThrottleEvidence t = r.clocks().throttle();
        String sm = Double.isNaN(r.smClockMeanMhz()) ? "SM clock not read (" + r.clocks().source() + ")"
                : String.format(Locale.ROOT, "SM %.0f MHz (range %.0f)", r.smClockMeanMhz(), r.smClockRangeMhz());
        return who + ": " + sm + ", throttles " + (t.throttleReasons().isEmpty() ? "none" : String.join(", ",
                t.throttleReasons())) + (t.metadataReasons().isEmpty() ? "" : ", other clock events "
                + String.join(", ", t.metadataReasons()));
    }
}
