/**
 * The HTML report format ({@link dev.sns.reports.html.HtmlReportFormat}, registered in
 * {@code META-INF/services}; its static {@code render} and {@code writePage} serve the command line):
 * one self-contained file (inline CSS and inline SVG, no script, no network: a
 * Content-Security-Policy in the page forbids every fetch) that shows, per benchmark, the samples in
 * time order by fork and window with the median and interval, the SM clock trace, the tier with its
 * reasons and the key numbers; a forest plot of the comparisons' speedup intervals; and the run's
 * fingerprint and options.
 *
 * <p>The page is a pure function of the {@link dev.sns.reports.RunReport}: no clock, no locale, no
 * hash order reaches the output, so the same report always renders to the same bytes. Every text
 * from the report is HTML-escaped ({@link dev.sns.reports.html.Html#escape}).
 *
 * <p>Units: times arrive in milliseconds per call and are shown in the unit that suits the
 * benchmark's median (ns, us, ms, s); clocks in MHz; speedups are dimensionless. Coordinates are SVG
 * user units of a fixed viewBox, scaled to the page width by the browser.
 *
 * <p>Imports {@code dev.sns.reports} (the model, {@link dev.sns.reports.ReportFormat},
 * {@link dev.sns.reports.AtomicFiles} and {@link dev.sns.reports.Figures}), sns-runtime's
 * {@link dev.sns.model.DisplayUnit} and the JDK only; never {@code compare} or {@code cli}.
 */
package dev.sns.reports.html;
