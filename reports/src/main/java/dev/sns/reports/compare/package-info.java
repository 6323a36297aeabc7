/**
 * Run-vs-run comparison: pairs two {@link dev.sns.reports.RunReport}s' benchmarks by id and their
 * candidate-vs-baseline comparisons by (candidate, baseline), and judges each pair by its intervals,
 * never by point estimates.
 *
 * <ul>
 *   <li>Speedups are dimensionless, so they are compared whatever the machines: a REGRESSION when
 *       the new speedup interval lies entirely below the old one. Tier C on either side is refused
 *       (no performance verdict is valid there).</li>
 *   <li>Absolute times, the gate, are compared when the two fingerprints match exactly and both
 *       sides are tier A. A REGRESSION is a new interval whose lower bound lies above the old upper
 *       bound by more than a relative threshold (5% by default); an IMPROVEMENT the same the other
 *       way.</li>
 *   <li>CPU suites (same fingerprint, tier B on both sides, no clock evidence) get a gate of their
 *       own: the same interval rule and, when a history gives the series' noise between runs
 *       ({@link dev.sns.reports.compare.RunComparator.NoiseSource}), a change beyond it too.</li>
 *   <li>Other tier B times on one environment (GPU clocks floating) are judged by the same rule but
 *       marked indicative (SLOWER_INDICATIVE, FASTER_INDICATIVE, UNCHANGED_INDICATIVE) with the
 *       tier reasons; they never fail the gate. Different fingerprints or tier C are REFUSED with the
 *       reasons; absurd numbers (non-finite, negative, above 1e9 ms) are NOT_MEASURED, named.</li>
 * </ul>
 * {@link dev.sns.reports.compare.RunComparator} does the judging (pure functions of the two
 * reports); {@link dev.sns.reports.compare.RunComparisonFormat} writes the result as text, Markdown,
 * CSV or JSON, the counts and the regressions first.
 *
 * <p>Units: times in milliseconds per call (shown in the unit that suits them), thresholds and
 * changes as fractions (0.05 is 5%), speedups dimensionless. Imports {@code dev.sns.reports},
 * sns-runtime's {@link dev.sns.model.DisplayUnit}, Jackson and the JDK only; never {@code html} or
 * {@code cli}.
 */
@API(status = API.Status.INTERNAL, since = "0.2.0")
package dev.sns.reports.compare;

import org.apiguardian.api.API;
