package dev.sns.model;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apiguardian.api.API;

/**
 * What the GPU said about throttling during a window.
 *
 * <p>Serializable only so that JMH can carry it from a fork to its host JVM, both of one sns version;
 * its serialized form is no part of the API.
 *
 * @param throttleReasons hardware or thermal slowdowns seen (by flag or by a counter that moved):
 *     any one makes the window tier C
 * @param metadataReasons reasons recorded but not counted as throttles: idle, the software power
 *     cap (seen active on idle GPUs), sync boost, application clock settings
 * @param violationNanos how much each of NVML's cumulative throttle-time counters advanced during
 *     the window, in nanoseconds, by counter name (sorted); empty where NVML has no counters
 * @serial exclude
 */
public record ThrottleEvidence(List<String> throttleReasons, List<String> metadataReasons,
                               Map<String, Long> violationNanos) implements java.io.Serializable {
    /**
     * Copies the lists and sorts the counters by name.
     *
     * @param throttleReasons hardware or thermal slowdowns seen (by flag or by a counter that moved):
     *     any one makes the window tier C
     * @param metadataReasons reasons recorded but not counted as throttles: idle, the software power
     *     cap (seen active on idle GPUs), sync boost, application clock settings
     * @param violationNanos how much each of NVML's cumulative throttle-time counters advanced during
     *     the window, in nanoseconds, by counter name (sorted); empty where NVML has no counters
     * @throws IllegalArgumentException if a counter went backwards (a negative count)
     */
    @API(status = API.Status.INTERNAL, since = "0.2.0")
    public ThrottleEvidence {
        throttleReasons = List.copyOf(throttleReasons);
        metadataReasons = List.copyOf(metadataReasons);
        violationNanos = java.util.Collections.unmodifiableSortedMap(new TreeMap<>(violationNanos));
        // a loop, not a lambda: every JMH fork makes this record (a CPU window's "no evidence"), and a fork's
        // first lambda costs it a few ms of CPU
        for (Map.Entry<String, Long> e : violationNanos.entrySet()) {
            if (e.getValue() < 0) {
                throw new IllegalArgumentException("violation counter " + e.getKey() + " went backwards by " + e.getValue()
                        + " ns");
            }
        }
    }

    /**
     * No throttle seen and nothing recorded.
     *
     * @return evidence with empty reasons and no counters
     */
    @API(status = API.Status.INTERNAL, since = "0.2.0")
    public static ThrottleEvidence none() {
        return new ThrottleEvidence(List.of(), List.of(), Map.of());
    }

    /**
     * {@return whether a hardware or thermal throttle fired} True when {@link #throttleReasons()} is not
     * empty, and then the window is tier C.
     */
    public boolean fired() {
        return !throttleReasons.isEmpty();
    }

    /**
     * Both windows' evidence together.
     *
     * @param other the other window's evidence
     * @return the reasons of both, deduplicated in order of first sight, and the counters summed by name
     */
    @API(status = API.Status.INTERNAL, since = "0.2.0")
    public ThrottleEvidence merge(ThrottleEvidence other) {
        java.util.LinkedHashSet<String> t = new java.util.LinkedHashSet<>(throttleReasons);
        t.addAll(other.throttleReasons);
        java.util.LinkedHashSet<String> m = new java.util.LinkedHashSet<>(metadataReasons);
        m.addAll(other.metadataReasons);
        TreeMap<String, Long> v = new TreeMap<>(violationNanos);
        other.violationNanos.forEach((k, n) -> v.merge(k, n, Long::sum));
        return new ThrottleEvidence(List.copyOf(t), List.copyOf(m), v);
    }
}
