/**
 * Change points in a benchmark's history, and the CI gate built on them.
 *
 * <p>What lives here: {@link dev.sns.reports.changes.EDivisive} (Matteson and James's E-divisive
 * means with a permutation test, on one series of numbers), {@link dev.sns.reports.changes.RobustNoise}
 * (the noise between runs estimated from the series itself), {@link dev.sns.reports.changes.SeriesReading}
 * (a history series as numbers: time, or cycles = time x mean SM clock for floating clocks),
 * {@link dev.sns.reports.changes.ChangeDetector} (series to segments and change points, each beyond
 * the noise), {@link dev.sns.reports.changes.HistoryGate} (does a run start a slower segment?) and
 * their settings and results. Pure functions of their inputs and seed: the same history always gives
 * the same answer.
 *
 * <p>Imports {@code dev.sns.reports.history} (the series it reads), sns-runtime's
 * {@code dev.sns.stats.Percentiles} and the JDK only; must not import {@code compare}, {@code html},
 * {@code cli}, JDBC or Jackson.
 *
 * <p>Units: times in milliseconds per call, cycles in SM clock cycles per call (ms x MHz x 1000),
 * changes as fractions (0.05 is 5%), significance as a probability (0.05 is the 95% level).
 */
@API(status = API.Status.INTERNAL, since = "0.2.0")
package dev.sns.reports.changes;

import org.apiguardian.api.API;
