package dev.sns.reports;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apiguardian.api.API;

/**
 * One benchmark on one GPU against the same benchmark on the run's first GPU (the reference): the
 * speedup {@code reference median / this device's median} (below 1 this device is slower) with its
 * interval, resampled in the pairs' design (rounds of one fork per device, paired by round), what the
 * interval says about the two GPUs, and each side's clock and throttle evidence beside it.
 *
 * @param id the benchmark's id without its device part ("pkg.Class.method@avgt:n=1")
 * @param device this device's CUDA index
 * @param reference the reference device's CUDA index
 * @param speedup the comparison (candidate: this device's entry, baseline: the reference's)
 * @param finding "ok" (within the thresholds), "slower" (this device is slower: the interval's upper
 *     bound is below the {@code slower} threshold), "referenceSlower" (the reference is slower: the
 *     lower bound is above 1 / {@code slower}) or "noVerdict" (tier C: a throttle fired or the clocks
 *     were unstable on a side; the evidence says which)
 * @param suspect the CUDA index of the GPU the finding names (null when "ok")
 * @param deviceEvidence this device's clocks and throttles over its windows
 * @param referenceEvidence the reference's
 */
public record DeviceHealthEntry(String id, Integer device, Integer reference, ComparisonEntry speedup, String finding,
                                Integer suspect, Evidence deviceEvidence, Evidence referenceEvidence) {
    @API(status = API.Status.INTERNAL, since = "0.2.0")
    public DeviceHealthEntry {
    }

    /**
     * One side's evidence: clocks in MHz, temperature in degrees Celsius, power in watts, counters in
     * nanoseconds (null: not measured).
     *
     * @param tier the side's tier
     * @param smMeanMhz mean SM clock
     * @param smRangeMhz highest minus lowest SM clock
     * @param throttleReasons hardware or thermal slowdowns seen
     * @param metadataReasons reasons recorded but not counted as throttles (e.g. sw_power_cap)
     * @param violationNanos how far each throttle counter advanced
     * @param maxTemperatureC highest temperature read
     * @param meanPowerW mean power read
     */
    public record Evidence(String tier, Double smMeanMhz, Double smRangeMhz, List<String> throttleReasons,
                           List<String> metadataReasons, Map<String, Long> violationNanos, Double maxTemperatureC,
                           Double meanPowerW) {
        @API(status = API.Status.INTERNAL, since = "0.2.0")
        public Evidence {
            throttleReasons = throttleReasons == null ? List.of() : List.copyOf(throttleReasons);
            metadataReasons = metadataReasons == null ? List.of() : List.copyOf(metadataReasons);
            violationNanos = new TreeMap<>(violationNanos == null ? Map.of() : violationNanos);
        }
    }
}
