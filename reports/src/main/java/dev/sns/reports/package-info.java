/**
 * Reports on disk: the run report model ({@link dev.sns.reports.RunReport}), its JSON and CSV forms
 * (Jackson; this is the only module that uses it) and its HTML page ({@link dev.sns.reports.HtmlReports}),
 * all written atomically so that a crash never leaves a half-written file and everything finished
 * before it stays readable. {@link dev.sns.reports.JsonReports#read} reads results.json back, or
 * throws one {@link dev.sns.reports.ReportFormatException} naming the file, the position and the fix.
 *
 * <p>JSON is byte-stable: keys sorted, numbers in Java's locale-independent form, "\n" line ends,
 * NaN (not measured) written as null. The schema is versioned by {@code schemaVersion} and every
 * field and column is documented in {@code reports/SCHEMA.md}.
 *
 * <p>Subpackages: {@code html} (the page's plots), {@code compare} (run-vs-run judging and its
 * formats), {@code cli} (the {@code sns-reports.jar} command line). This package imports sns-runtime's
 * {@code dev.sns.model} and {@code dev.sns.stats} (results in {@link dev.sns.reports.ReportEntries},
 * {@link dev.sns.model.DisplayUnit} in {@link dev.sns.reports.Figures}, {@link dev.sns.model.BuildInfo}
 * in {@link dev.sns.reports.JsonReports}), Jackson and the JDK; never CUDA or NVML.
 *
 * <p>Units: times in milliseconds per call, clocks in MHz, counters in nanoseconds.
 */
package dev.sns.reports;
