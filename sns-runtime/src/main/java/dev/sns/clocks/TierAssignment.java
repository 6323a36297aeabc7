package dev.sns.clocks;

import dev.sns.model.ClockEvidence;
import dev.sns.model.MeasurementTier;
import dev.sns.stats.Dispersion;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** Assigns a tier from clock evidence. Pure: same evidence, same tier and reasons. */
public final class TierAssignment {
    /**
     * Largest SM clock range (max minus min) that still counts as stable for tier A. A locked clock
     * reads back within a step or two of its grid (Hopper's SM clocks come in 15 MHz steps: the H200
     * lists 110 clocks from 345 to 1980 MHz), so two steps is the bound.
     */
    public static final double TIER_A_RANGE_MHZ = 30.0;

    /**
     * SM clock coefficient of variation above which a window is unstable (tier C), in percent. The
     * sns reference saw a laptop GPU swing 495 MHz (5.1% CV) with every throttle flag silent, so the
     * clock's own variation governs; 3% of a 1980 MHz boost clock is a 60 MHz standard deviation,
     * four clock steps.
     */
    public static final double TIER_C_CV_PERCENT = 3.0;

    /**
     * Fewest SM clock samples that can show stability: one sample has no range, so it proves
     * nothing about the window.
     */
    public static final int MIN_CLOCK_SAMPLES_FOR_A = 2;

    private TierAssignment() {}

    /**
     * The tier of work measured without clock evidence (JMH's own iteration scores): B. Tier C is for
     * evidence that the clocks misbehaved, and there is none either way; the spread of the benchmark's
     * own scores is in its interval (and named in the reason), never a reason for C.
     */
    public static Decision assignFromWindows(double[] windowMedians) {
        return assignFromWindows(windowMedians, true);
    }

    /**
     * As {@link #assignFromWindows(double[])}, for a result that has an interval or not (too few
     * iterations): without one, the reason does not say the spread is in it.
     */
    public static Decision assignFromWindows(double[] windowMedians, boolean hasInterval) {
        List<String> reasons = new ArrayList<>();
        String cv = windowMedians.length >= 2
                ? String.format(Locale.ROOT, "CV of iteration scores %.2f%%", Dispersion.cvPercent(windowMedians)) : "";
        if (hasInterval) {
            reasons.add("no clock evidence (CPU benchmark): its " + windowMedians.length + " iterations' spread is in its "
                    + "interval" + (cv.isEmpty() ? "" : " (" + cv + ", in the interval)"));
        } else {
            reasons.add("no clock evidence (CPU benchmark), and too few iterations (" + windowMedians.length + ") for an "
                    + "interval" + (cv.isEmpty() ? "" : " (" + cv + ")"));
        }
        return new Decision(MeasurementTier.B, reasons);
    }

    /** The tier and the reasons for it (a clean tier A has none). */
    public record Decision(MeasurementTier tier, List<String> reasons) {
        public Decision {
            reasons = List.copyOf(reasons);
        }
    }

    /**
     * Hardware throttle during the window: C. SM clock CV above 3%: C. Locked, with at least two
     * clock samples within 30 MHz: A. Everything else, including no clock evidence: B.
     */
    public static Decision assign(ClockEvidence evidence) {
        List<String> reasons = new ArrayList<>();
        if (evidence.throttle().fired()) {
            reasons.add("hardware throttle during the window: " + String.join(", ", evidence.throttle().throttleReasons()));
            return new Decision(MeasurementTier.C, reasons);
        }
        double[] sm = evidence.smClockMhz();
        if (sm.length > 0) {
            double cv = Dispersion.cvPercent(sm);
            if (cv > TIER_C_CV_PERCENT) {
                reasons.add(String.format(Locale.ROOT, "SM clock unstable: CV %.2f%% > %.1f%%", cv, TIER_C_CV_PERCENT));
                return new Decision(MeasurementTier.C, reasons);
            }
        }
        if (!evidence.locked()) {
            reasons.add("clocks not locked (policy unlocked): variance folded into the interval");
        }
        if (sm.length < MIN_CLOCK_SAMPLES_FOR_A) {
            reasons.add(sm.length == 0
                    ? "no clock evidence (" + evidence.source() + ")"
                    : "only " + sm.length + " SM clock sample: stability not shown");
        } else if (evidence.locked()) {
            double range = Dispersion.range(sm);
            if (range > TIER_A_RANGE_MHZ) {
                reasons.add(String.format(Locale.ROOT, "SM clock range %.0f MHz > %.0f MHz despite the lock",
                        range, TIER_A_RANGE_MHZ));
            }
        }
        return new Decision(reasons.isEmpty() ? MeasurementTier.A : MeasurementTier.B, reasons);
    }
}
