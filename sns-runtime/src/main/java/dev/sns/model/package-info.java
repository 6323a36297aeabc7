/**
 * Results and the words used to judge them: {@link dev.sns.model.TimingResult},
 * {@link dev.sns.model.ComparisonResult}, {@link dev.sns.model.MeasurementTier},
 * {@link dev.sns.model.Verdict} (read off the raw or the net speedup, {@link dev.sns.model.SpeedupReading}),
 * the kernel table of a kernel pass ({@link dev.sns.model.KernelBreakdown}), the energy of energy
 * windows ({@link dev.sns.model.EnergyResult}, {@link dev.sns.model.EnergyComparison} with its
 * {@link dev.sns.model.EnergyVerdict}), the device's peaks
 * ({@link dev.sns.model.DevicePeaks}, in a {@link dev.sns.model.Precision}), the clock and throttle evidence behind a tier, the
 * {@link dev.sns.model.EnvironmentFingerprint} that says where a result was taken (captured by
 * {@code dev.sns.gpu.GpuEnvironment}), the unit a time is shown in ({@link dev.sns.model.DisplayUnit})
 * and the versions sns was built with ({@link dev.sns.model.BuildInfo}).
 *
 * <p>Rule one of sns lives here: no bare numbers. A timing is a median with an interval, a sample
 * count and a tier; no type here is a {@link java.lang.Number} or offers a {@code doubleValue()}.
 *
 * <p>Units: times in milliseconds per call (names end in {@code Millis}), clocks in MHz, energy in joules per call, power in watts, counters
 * in nanoseconds; a quantity that was not measured is {@code NaN}, never zero.
 *
 * <p>Types here validate and name the bad value; they compute nothing statistical (that is
 * {@code dev.sns.stats}, their only import) and touch no hardware: values only.
 */
@API(status = API.Status.STABLE, since = "0.2.0")
package dev.sns.model;

import org.apiguardian.api.API;
