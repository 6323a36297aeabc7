/**
 * Results and the words used to judge them: {@link dev.sns.model.TimingResult},
 * {@link dev.sns.model.ComparisonResult}, {@link dev.sns.model.MeasurementTier},
 * {@link dev.sns.model.Verdict}, the clock and throttle evidence behind a tier, and the
 * {@link dev.sns.model.EnvironmentFingerprint} that says where a result was taken.
 *
 * <p>Rule one of sns lives here: no bare numbers. A timing is a median with an interval, a sample
 * count and a tier; no type here is a {@link java.lang.Number} or offers a {@code doubleValue()}.
 *
 * <p>Units: times in milliseconds per call (names end in {@code Millis}), clocks in MHz, counters
 * in nanoseconds; a quantity that was not measured is {@code NaN}, never zero.
 *
 * <p>Types here validate and name the bad value; they compute nothing statistical (that is
 * {@code dev.sns.stats}) and touch no hardware. Must not import {@code dev.sns.gpu.cuda},
 * {@code dev.sns.gpu.nvml}, JMH or Jackson.
 */
package dev.sns.model;
