package dev.sns.jmh.link;

import dev.sns.timing.EnergyWindow;
import java.io.Serializable;
import java.util.List;
import java.util.Objects;

/**
 * What one fork's energy watch saw in one measurement iteration: the energy windows of whole counter
 * updates inside it, and, on the fork's first window, the idle windows measured before the work and
 * what happened around them. Crosses JMH's link on a {@link WindowSamples}; every statistic is
 * computed on the host.
 *
 * @param windows the iteration's energy windows (empty: none fitted, {@code unavailable} says why)
 * @param idle idle windows before the work (first window of a fork only; else empty)
 * @param unavailable why there is no energy window ("" when there is one)
 * @param notes what happened around the windows (cool-down), in words
 */
public record EnergySamples(List<EnergyWindow> windows, List<EnergyWindow> idle, String unavailable,
                            List<String> notes) implements Serializable {
    private static final long serialVersionUID = 1L;

    public EnergySamples {
        windows = List.copyOf(windows);
        idle = List.copyOf(idle);
        Objects.requireNonNull(unavailable, "unavailable");
        notes = List.copyOf(notes);
    }

    /** No energy, for this reason. */
    public static EnergySamples unavailable(String reason) {
        return new EnergySamples(List.of(), List.of(), reason, List.of());
    }
}
