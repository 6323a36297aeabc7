/**
 * The HTML report format: {@link dev.sns.reports.html.HtmlReportFormat} (the only public type,
 * registered in {@code META-INF/services}; its static {@code render} and {@code writePage} serve the
 * command line) writes one self-contained page (inline CSS and SVG, no script, no network: a
 * Content-Security-Policy in the page forbids every fetch).
 *
 * <p>What lives here, by what it draws: {@code HtmlReportRenderer} the page's frame (head, header,
 * not-measured list, footer); {@code OverviewTable}, {@code ComparisonSection} and one
 * {@code BenchmarkCard} per measured benchmark the sections ({@code EnergySection} its energy beside
 * the time, with the power trace, whose styles ride in its own SVG); {@code SamplePlot}, {@code ClockPlot}
 * and {@code ForestPlot} the SVG plots, sharing {@code PlotFrame} (viewBox, data area, frame, axes),
 * {@code AxisRange} (an axis that holds the data's own bounds, an extreme one drawn on its edge with a
 * clip mark) and {@code Svg} (the element writer); {@code Cells}, {@code Html}, {@code Styles},
 * {@code ForestLabels} and {@code WindowSegment} the small parts.
 *
 * <p>The page is a pure function of the {@link dev.sns.reports.RunReport}: no clock, no locale, no
 * hash order reaches the output, so the same report always renders to the same bytes. Every text
 * from the report is HTML-escaped ({@code Html.escape}).
 *
 * <p>Units: times arrive in milliseconds per call and are shown in the unit that suits the
 * benchmark's median (ns, us, ms, s: {@link dev.sns.model.DisplayUnit}); clocks in MHz; speedups
 * are dimensionless. Coordinates are SVG user units of a fixed viewBox, scaled to the page width by
 * the browser.
 *
 * <p>Imports {@code dev.sns.reports} (the model, {@code ReportFormat}, {@code AtomicFiles},
 * {@code Figures}), sns-runtime's {@code DisplayUnit} and the JDK only; must not import
 * {@code compare}, {@code cli} or Jackson.
 */
@API(status = API.Status.INTERNAL, since = "0.2.0")
package dev.sns.reports.html;

import org.apiguardian.api.API;
