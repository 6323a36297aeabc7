package dev.sns.jmh.host;

import dev.sns.analysis.Analysis;
import dev.sns.analysis.Design;
import dev.sns.model.ComparisonResult;
import dev.sns.model.DeviceFinding;
import dev.sns.options.SnsOptions;
import dev.sns.stats.RatioBootstrap;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * GPU against GPU: each benchmark measured on several devices is compared on each device with the
 * same benchmark on the reference (the first selected device), as soon as both are finished, through
 * the pairs' one path ({@link Analysis#compare}): rounds of one fork per device, paired by round
 * ({@link Design#PAIRED_FORKS}), the device as candidate and the reference as baseline.
 */
final class DeviceHealth {
    /** A comparison just made: this device's and the reference's finished benchmark, and what it says. */
    record Made(Finished device, Finished reference, ComparisonResult result, DeviceFinding finding, int rounds) {}

    private final Map<String, Made> made = new LinkedHashMap<>();

    /**
     * Compares every finished benchmark on a device other than {@code reference} with the same
     * benchmark (mode and parameters) on the reference, once each.
     */
    List<Made> compareReady(Collection<Finished> finished, int reference, SnsOptions o) {
        List<Made> out = new ArrayList<>();
        for (Finished d : finished) {
            if (d.device() == null || d.device() == reference) {
                continue;
            }
            String key = key(d);
            if (made.containsKey(key)) {
                continue;
            }
            for (Finished r : finished) {
                if (!Objects.equals(r.device(), reference) || !r.benchmark().equals(d.benchmark())
                        || !r.mode().equals(d.mode()) || !r.params().equals(d.params())) {
                    continue;
                }
                if (!d.result().hasInterval() || !r.result().hasInterval()) {
                    break; // said in the benchmark's own line; no interval, no health verdict
                }
                boolean paired = d.interleaved() && r.interleaved();
                ComparisonResult c;
                try {
                    c = Analysis.compare(d.summarized(), r.summarized(), paired ? Design.PAIRED_FORKS : Design.INDEPENDENT,
                            o.bootstrap(), o.thresholds(), o.verdictOn());
                } catch (RuntimeException e) {
                    break;
                }
                int rounds = paired ? RatioBootstrap.commonRounds(d.summarized().measurement().forkOfEachSample(),
                        r.summarized().measurement().forkOfEachSample()).size() : 0;
                Made m = new Made(d, r, c, DeviceFinding.of(c), rounds);
                made.put(key, m);
                out.add(m);
                break;
            }
        }
        return out;
    }

    /** Every comparison made, in the order made. */
    List<Made> all() {
        return new ArrayList<>(made.values());
    }

    private static String key(Finished f) {
        return f.benchmark() + "@" + f.mode() + ":" + f.params() + "#" + f.device();
    }
}
