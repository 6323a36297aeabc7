/**
 * Run-vs-run comparison: pairs two {@link dev.sns.reports.RunReport}s' benchmarks by id and their
 * candidate-vs-baseline comparisons by (candidate, baseline), and judges each pair by its intervals,
 * never by point estimates.
 *
 * <ul>
 *   <li>Speedups are dimensionless, so they are compared whatever the machines: a REGRESSION when
 *       the new speedup interval lies entirely below the old one. Tier C on either side is refused
 *       (no performance verdict is valid there).</li>
 *   <li>Absolute times are compared only when the two fingerprints match exactly and both sides are
 *       tier A; otherwise the pair is REFUSED with the reasons. A REGRESSION is a new interval whose
 *       lower bound lies above the old upper bound by more than a relative threshold (5% by default);
 *       an IMPROVEMENT the same the other way.</li>
 * </ul>
 * {@link dev.sns.reports.compare.RunComparator} does the judging (pure functions of the two
 * reports); {@link dev.sns.reports.compare.RunComparisonFormat} writes the result as text, Markdown,
 * CSV or JSON.
 *
 * <p>Units: times in milliseconds per call (shown in the unit that suits them), thresholds and
 * changes as fractions (0.05 is 5%), speedups dimensionless. Imports {@code dev.sns.reports},
 * sns-runtime's {@link dev.sns.model.DisplayUnit}, Jackson and the JDK only; never {@code html} or
 * {@code cli}.
 */
package dev.sns.reports.compare;
