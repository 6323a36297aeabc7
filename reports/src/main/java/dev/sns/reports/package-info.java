/**
 * Reports on disk: the run report model ({@link dev.sns.reports.RunReport} and its entries, built by
 * name with {@code builder()}), the one table of result fields ({@link dev.sns.reports.ResultFields}:
 * each field's scope, JSON path, unit, meaning, accessor, CSV columns and HTML label; the CSV columns
 * and the cards' lines are read from it), the one report-format interface ({@link dev.sns.reports.ReportFormat})
 * with its registry ({@link dev.sns.reports.ReportFormats}, fed by {@code META-INF/services}), the
 * JSON and CSV formats (Jackson; this is the only module that uses it), and the number formatting
 * the page and the compare writers share ({@link dev.sns.reports.Figures}). Every file is written
 * atomically, so a crash never leaves a half-written file. {@link dev.sns.reports.JsonReports#read}
 * reads results.json back, or throws one {@link dev.sns.reports.ReportFormatException} naming the
 * file, the position and the fix.
 *
 * <p>JSON is byte-stable: keys sorted, numbers in Java's locale-independent form, "\n" line ends,
 * NaN (not measured) written as null. The schema is versioned by {@code schemaVersion} and every
 * field and column is documented in {@code reports/SCHEMA.md}.
 *
 * <p>Subpackages build on this one and never the other way round: {@code html} (the HTML format and
 * its plots, and the history page), {@code compare} (run-vs-run judging and its formats),
 * {@code history} (the performance history in SQLite or PostgreSQL), {@code changes} (change points
 * and the gate over the history), {@code shards} (a suite split over nodes), {@code groups} (a run
 * group's shards merged), {@code tables} (tables in four formats), {@code cli} (the
 * {@code sns-reports.jar} command line). This package must not import any of them (the HTML format
 * is found through the registry); it imports sns-runtime's {@code dev.sns.model} and
 * {@code dev.sns.stats} (results, {@code DisplayUnit}, {@code BuildInfo}), Jackson and the JDK;
 * never CUDA or NVML.
 *
 * <p>Units: times in milliseconds per call, clocks in MHz, counters in nanoseconds, energy in joules,
 * power in watts, temperatures in degrees Celsius.
 */
@API(status = API.Status.STABLE, since = "0.2.0")
package dev.sns.reports;

import org.apiguardian.api.API;
