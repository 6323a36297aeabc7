/**
 * Reports on disk: the run report model ({@link dev.sns.reports.RunReport}), its JSON and CSV forms
 * (Jackson; this is the only module that uses it), written atomically so that a crash never leaves a
 * half-written file and everything finished before it stays readable.
 *
 * <p>JSON is byte-stable: keys sorted, numbers in Java's locale-independent form, "\n" line ends,
 * NaN (not measured) written as null. The schema is versioned by {@code schemaVersion}.
 *
 * <p>Units: times in milliseconds per call, clocks in MHz, counters in nanoseconds.
 */
package dev.sns.reports;
