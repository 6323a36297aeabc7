package dev.sns.reports;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apiguardian.api.API;

/**
 * One benchmark on one GPU against the same benchmark on the run's first GPU (the reference), an
 * entry of results.json's {@code deviceHealth} (a run of several GPUs): the speedup
 * {@code reference median / this device's median} (below 1 this device is slower) with its interval,
 * resampled in the pairs' design (rounds of one fork per device, paired by round), what the interval
 * says about the two GPUs, and each side's clock and throttle evidence beside it.
 *
 * @param id the benchmark's id without its device part ("Saxpy.fused@avgt:n=1024")
 * @param device this GPU's CUDA index
 * @param reference the reference GPU's CUDA index (the run's first selected GPU)
 * @param speedup a comparison as in the report's {@code comparisons}: its {@code candidate} is this
 *     GPU's entry id, its {@code baseline} the reference's; its {@code verdict} follows the usual
 *     thresholds
 * @param finding "ok" (within the thresholds); "slower": this GPU is slower than the reference beyond
 *     the threshold (the speedup's upper bound below {@code slowerThreshold}, 0.95 by default);
 *     "referenceSlower": the reference is slower than this GPU (the lower bound above 1 /
 *     {@code slowerThreshold}); "noVerdict": tier C on a side (a throttle fired or the clocks were
 *     unstable), the evidence says which
 * @param suspect the CUDA index of the GPU the finding names; null when "ok"
 * @param deviceEvidence this GPU's clock and throttle evidence over its windows
 * @param referenceEvidence the reference's clock and throttle evidence
 */
public record DeviceHealthEntry(String id, Integer device, Integer reference, ComparisonEntry speedup, String finding,
                                Integer suspect, Evidence deviceEvidence, Evidence referenceEvidence) {
    /**
     * Takes the values as they are; nothing is checked.
     *
     * @param id the benchmark's id without its device part ("Saxpy.fused@avgt:n=1024")
     * @param device this GPU's CUDA index
     * @param reference the reference GPU's CUDA index (the run's first selected GPU)
     * @param speedup a comparison as in the report's {@code comparisons}: its {@code candidate} is this GPU's entry id,
     *     its {@code baseline} the reference's; its {@code verdict} follows the usual thresholds
     * @param finding "ok" (within the thresholds); "slower": this GPU is slower than the reference beyond the threshold
     *     (the speedup's upper bound below {@code slowerThreshold}, 0.95 by default); "referenceSlower": the reference
     *     is slower than this GPU (the lower bound above 1 / {@code slowerThreshold}); "noVerdict": tier C on a side (a
     *     throttle fired or the clocks were unstable), the evidence says which
     * @param suspect the CUDA index of the GPU the finding names; null when "ok"
     * @param deviceEvidence this GPU's clock and throttle evidence over its windows
     * @param referenceEvidence the reference's clock and throttle evidence
     */
    @API(status = API.Status.INTERNAL, since = "0.2.0")
    public DeviceHealthEntry {
    }

    /**
     * One side's clock and throttle evidence over its windows: clocks in MHz, temperature in degrees
     * Celsius, power in watts, counters in nanoseconds; a number not measured is null.
     *
     * @param tier the side's tier, "A", "B" or "C"
     * @param smMeanMhz mean SM clock, in MHz; null without clock readings
     * @param smRangeMhz highest minus lowest SM clock, in MHz; null without clock readings
     * @param throttleReasons hardware or thermal slowdowns seen (never null)
     * @param metadataReasons reasons recorded but not counted as throttles, e.g. "sw_power_cap" (never
     *     null)
     * @param violationNanos how far each throttle counter advanced, in nanoseconds, by counter name
     *     (sorted; never null)
     * @param maxTemperatureC highest temperature read, in degrees Celsius; null when none was read
     * @param meanPowerW mean board power read, in watts; null when none was read
     */
    public record Evidence(String tier, Double smMeanMhz, Double smRangeMhz, List<String> throttleReasons,
                           List<String> metadataReasons, Map<String, Long> violationNanos, Double maxTemperatureC,
                           Double meanPowerW) {
        /**
         * Copies the lists and sorts the counters by name; a null list or map becomes empty.
         *
         * @param tier the side's tier, "A", "B" or "C"
         * @param smMeanMhz mean SM clock, in MHz; null without clock readings
         * @param smRangeMhz highest minus lowest SM clock, in MHz; null without clock readings
         * @param throttleReasons hardware or thermal slowdowns seen (never null)
         * @param metadataReasons reasons recorded but not counted as throttles, e.g. "sw_power_cap" (never null)
         * @param violationNanos how far each throttle counter advanced, in nanoseconds, by counter name (sorted; never
         *     null)
         * @param maxTemperatureC highest temperature read, in degrees Celsius; null when none was read
         * @param meanPowerW mean board power read, in watts; null when none was read
         */
        @API(status = API.Status.INTERNAL, since = "0.2.0")
        public Evidence {
            throttleReasons = throttleReasons == null ? List.of() : List.copyOf(throttleReasons);
            metadataReasons = metadataReasons == null ? List.of() : List.copyOf(metadataReasons);
            violationNanos = new TreeMap<>(violationNanos == null ? Map.of() : violationNanos);
        }
    }
}
