package dev.sns.model;

import java.util.Optional;

/**
 * The one reading of the reason that {@link EnergyResult}, {@link EnergyComparison} and
 * {@link KernelBreakdown} keep for a value they do not have ("" when they have it): each one's
 * {@code whyUnavailable()} answers through it. The accessors themselves stay declared on each type,
 * as the public API lists them there.
 */
final class Unavailable {
    private Unavailable() {}

    /**
     * The reason as an answer.
     *
     * @param reason why the value is not there, "" when it is
     * @return the reason, or empty when it is ""
     */
    static Optional<String> reason(String reason) {
        return reason.isEmpty() ? Optional.empty() : Optional.of(reason);
    }
}
