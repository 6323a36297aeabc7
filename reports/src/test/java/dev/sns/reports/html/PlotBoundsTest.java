package dev.sns.reports.html;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sns.model.DisplayUnit;
import dev.sns.reports.BenchmarkEntry;
import dev.sns.reports.ComparisonEntry;
import dev.sns.reports.ReportFixtures;
import dev.sns.reports.RunReport;
import dev.sns.reports.changes.ChangeDetector;
import dev.sns.reports.changes.ChangeSettings;
import dev.sns.reports.changes.SeriesChanges;
import dev.sns.reports.history.BenchmarkSeries;
import dev.sns.reports.history.HistoryPoint;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.DoubleUnaryOperator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Issue 26.4: every plot draws the data's own bounds. Each test renders a plot, parses its SVG, reads
 * the axis back from the plot's own tick labels (the grid line or tick mark at each labelled value),
 * maps the drawn coordinates back through that axis and checks them against the data: asymmetric
 * intervals, log scales and extreme values ([1e-308, 1.7e308]), whose bounds must be drawn on the
 * axis' edge with a clip mark naming the true value. The slack is what the SVG's one decimal allows:
 * 0.6 user units, turned into the data's unit through the axis.
 */
class PlotBoundsTest {
    private static final double SLACK_UNITS = 0.6;

    /** Every plot the page and the history page draw, by its SVG class; each has a test below. */
    @Test
    void everyPlotTypeOfThePagesIsCoveredHere() {
        RunReport full = ReportFixtures.full();
        String html = HtmlReportFormat.render(full) + HistoryPage.render("h", List.of(trendSeries(false)));
        Set<String> kinds = new TreeSet<>();
        Matcher m = Pattern.compile("<svg class=\"(plot[^\"]*)\"").matcher(html);
        while (m.find()) {
            kinds.add(m.group(1));
        }
        assertEquals(Set.of("plot", "plot clocks", "plot forest", "plot power", "plot samples", "plot trend"), kinds,
                "a new plot type needs its bounds test here ('plot' alone is the kernel bar)");
    }

    // ---- trend (history page) ----

    @Test
    void trendBandDrawsEachRunsOwnAsymmetricBounds() {
        SeriesChanges c = trendSeries(false);
        String svg = TrendPlot.render(c, "x");
        DoubleUnaryOperator value = linearY(svg);
        double perUnit = Math.abs(value.applyAsDouble(1) - value.applyAsDouble(0));
        List<double[]> band = pathPoints(svg, "ci");
        int n = c.reading().values().length;
        assertEquals(2 * n, band.size());
        double toUs = 1000.0;
        for (int i = 0; i < n; i++) {
            double upper = value.applyAsDouble(band.get(i)[1]);
            double lower = value.applyAsDouble(band.get(2 * n - 1 - i)[1]);
            assertEquals(c.reading().upper(i) * toUs, upper, SLACK_UNITS * perUnit, "run " + i + " upper");
            assertEquals(c.reading().lower(i) * toUs, lower, SLACK_UNITS * perUnit, "run " + i + " lower");
        }
        // the run: [71.28, 233.9] us around 125 us, no longer [16.39, 179]
        assertEquals(71.28, value.applyAsDouble(band.get(2 * n - 1)[1]), SLACK_UNITS * perUnit);
        assertEquals(233.9, value.applyAsDouble(band.get(0)[1]), SLACK_UNITS * perUnit);
        assertEquals(0, count(svg, "class=\"clip\""), "nothing clipped");
    }

    @Test
    void trendWithAnExtremeIntervalRendersAndMarksItsClippedBound() {
        SeriesChanges c = trendSeries(true);
        String svg = TrendPlot.render(c, "x");
        DoubleUnaryOperator value = linearY(svg);
        double[] frame = frame(svg);
        List<double[]> band = pathPoints(svg, "ci");
        int n = c.reading().values().length;
        int last = n - 1;
        assertEquals(frame[1], band.get(last)[1], 1e-9, "the upper bound 1.7e308 drawn on the top edge");
        assertTrue(value.applyAsDouble(frame[1]) < c.reading().upper(last) * 1000, "the data lies beyond the edge");
        assertEquals(1, count(svg, "<path class=\"clip\""));
        assertTrue(svg.contains("upper bound 1.700e+308 us, beyond the axis"), svg);
        double perUnit = Math.abs(value.applyAsDouble(1) - value.applyAsDouble(0));
        for (int i = 0; i < last; i++) {
            assertEquals(c.reading().upper(i) * 1000, value.applyAsDouble(band.get(i)[1]), SLACK_UNITS * perUnit);
        }
        assertEquals(c.reading().lower(last) * 1000, value.applyAsDouble(band.get(n)[1]), SLACK_UNITS * perUnit,
                "1e-308 is 0 on this axis, drawn where it is");
    }

    private static SeriesChanges trendSeries(boolean extreme) {
        List<HistoryPoint> points = new ArrayList<>();
        for (int i = 0; i < 12; i++) {
            double m = 0.125 * (1 + 0.01 * Math.sin(i));
            double lo = i == 0 ? 0.07128 : m * (0.9 - 0.01 * i);
            double hi = i == 0 ? 0.2339 : m * (1.05 + 0.03 * i);
            if (extreme && i == 11) {
                lo = 1e-308;
                hi = 1.7e305; // ms: 1.7e308 us
            }
            points.add(new HistoryPoint(i + 1, "2025-01-01T00:00:" + (10 + i) + "Z", "c0ffee" + i, "main", false, "g",
                    "ok", "B", m, lo, hi, 0.95, 100, null, false));
        }
        return ChangeDetector.analyze(new BenchmarkSeries("x.Trend.run", "0", "fp", Map.of(), points),
                ChangeSettings.DEFAULTS);
    }

    // ---- forest (comparisons, log scale) ----

    @Test
    void forestBarsSpanEachIntervalOnTheLogAxis() {
        List<ComparisonEntry> cs = List.of(comparison(1.3, 1.1, 2.4), comparison(0.7, 0.5, 0.9),
                comparison(12.0, 9.0, 15.5));
        String svg = ForestPlot.render(cs);
        DoubleUnaryOperator value = logX(svg);
        List<double[]> bars = rects(svg, "bar v-");
        assertEquals(cs.size(), bars.size());
        for (int i = 0; i < cs.size(); i++) {
            double[] b = bars.get(i);
            ComparisonEntry c = cs.get(i);
            assertEquals(c.lower(), value.applyAsDouble(b[0]), relSlack(value, b[0]) * c.lower(), "row " + i);
            assertEquals(c.upper(), value.applyAsDouble(b[0] + b[2]), relSlack(value, b[0] + b[2]) * c.upper(),
                    "row " + i);
        }
        assertEquals(0, count(svg, "<path class=\"clip\""));
    }

    @Test
    void forestWithAnIntervalFromTinyToHugeRendersOnItsEdgesWithClipMarks() {
        List<ComparisonEntry> cs = List.of(comparison(1.0, 1e-308, 1.7e308), comparison(1.3, 1.1, 2.4),
                comparison(1.5, 0.0, Double.POSITIVE_INFINITY));
        String svg = ForestPlot.render(cs); // threw "SVG coordinate is NaN" before
        double[] axisLine = lines(svg, "axis").get(0); // the x axis across the bars' area
        double[] frame = {axisLine[0], 0, axisLine[2] - axisLine[0]};
        DoubleUnaryOperator value = logX(svg);
        List<double[]> bars = rects(svg, "bar v-");
        for (int row : new int[] {0, 2}) {
            assertEquals(frame[0], bars.get(row)[0], 1e-9, "lower bound on the left edge");
            assertEquals(frame[0] + frame[2], bars.get(row)[0] + bars.get(row)[2], 1e-9, "upper on the right edge");
        }
        assertTrue(value.applyAsDouble(frame[0]) > 1e-308 && value.applyAsDouble(frame[0] + frame[2]) < 1.7e308);
        assertEquals(4, count(svg, "<path class=\"clip\""), "two marks per clipped interval");
        assertTrue(svg.contains("lower bound 1.000e-308, beyond the axis"));
        assertTrue(svg.contains("upper bound 1.700e+308, beyond the axis"));
        assertTrue(svg.contains("upper bound +inf, beyond the axis"));
        double[] b = bars.get(1);
        assertEquals(1.1, value.applyAsDouble(b[0]), relSlack(value, b[0]) * 1.1);
        assertEquals(2.4, value.applyAsDouble(b[0] + b[2]), relSlack(value, b[0] + b[2]) * 2.4);
        assertTrue(svg.contains(">1 [1.000e-308, 1.700e+308]<") || svg.contains(">1.000 [1.000e-308, 1.700e+308]<"),
                "the row's numbers name the true bounds");
    }

    private static ComparisonEntry comparison(double s, double lo, double hi) {
        return ComparisonEntry.builder().candidate("c" + s).baseline("b").params(Map.of()).speedup(s).lower(lo)
                .upper(hi).confidence(0.95).tier("B").verdict("PARITY").design("d").rounds(0).build();
    }

    // ---- samples (cards) ----

    @Test
    void sampleLinesDrawTheAsymmetricIntervalAndTheDotsTheSamples() {
        BenchmarkEntry b0 = ReportFixtures.realistic().benchmarks().get(0);
        BenchmarkEntry.Summary s0 = b0.summary();
        double m = s0.median();
        BenchmarkEntry b = withSummary(b0, m, m * 0.97, m * 1.09);
        DisplayUnit unit = DisplayUnit.forMillis(m);
        String svg = SamplePlot.render(b, unit).svg();
        DoubleUnaryOperator value = linearY(svg);
        double perUnit = Math.abs(value.applyAsDouble(1) - value.applyAsDouble(0));
        List<double[]> ci = lines(svg, "ci-line");
        assertEquals(2, ci.size());
        assertEquals(unit.fromMillis(m * 1.09), value.applyAsDouble(ci.get(0)[1]), SLACK_UNITS * perUnit, "upper");
        assertEquals(unit.fromMillis(m * 0.97), value.applyAsDouble(ci.get(1)[1]), SLACK_UNITS * perUnit, "lower");
        assertEquals(unit.fromMillis(m), value.applyAsDouble(lines(svg, "median").get(0)[1]), SLACK_UNITS * perUnit);
        // every dot drawn where its sample is (x gives its index, y its value)
        double[] frame = frame(svg);
        List<Double> ms = b.samples().millis();
        double step = frame[2] / ms.size();
        int dots = 0;
        Matcher d = Pattern.compile("<path class=\"dots [^\"]*\" d=\"([^\"]*)\"").matcher(svg);
        while (d.find()) {
            Matcher p = Pattern.compile("M([-\\d.]+) ([-\\d.]+)h0").matcher(d.group(1));
            while (p.find()) {
                int i = (int) Math.round((Double.parseDouble(p.group(1)) - frame[0]) / step - 0.5);
                assertEquals(unit.fromMillis(ms.get(i)), value.applyAsDouble(Double.parseDouble(p.group(2))),
                        SLACK_UNITS * perUnit, "sample " + i);
                dots++;
            }
        }
        assertTrue(dots > ms.size() * 0.9, dots + " of " + ms.size() + " samples drawn in range");
    }

    @Test
    void sampleIntervalUpToHugeRendersWithItsUpperBoundClipped() {
        BenchmarkEntry b0 = ReportFixtures.realistic().benchmarks().get(0);
        double m = b0.summary().median();
        BenchmarkEntry b = withSummary(b0, m, 1e-308, 1.7e305); // ms: 1.7e308 us
        String svg = SamplePlot.render(b, DisplayUnit.forMillis(m)).svg();
        double[] frame = frame(svg);
        List<double[]> ci = lines(svg, "ci-line");
        assertEquals(frame[1], ci.get(0)[1], 1e-9, "upper on the top edge");
        DoubleUnaryOperator value = linearY(svg);
        double perUnit = Math.abs(value.applyAsDouble(1) - value.applyAsDouble(0));
        assertEquals(0.0, value.applyAsDouble(ci.get(1)[1]), SLACK_UNITS * perUnit, "1e-308 drawn at 0");
        assertEquals(1, count(svg, "<path class=\"clip\""));
        assertTrue(svg.contains("upper bound 1.700e+308"));
    }

    // ---- clocks, power, kernels (cards) ----

    @Test
    void clockTraceDrawsEveryReadingWhereItIs() {
        List<Double> mhz = List.of(1980.0, 1980.0, 1755.0, 1980.0, 1965.0, 1410.0, 1980.0);
        BenchmarkEntry.Clocks c = new BenchmarkEntry.Clocks("nvml", false, 1864.0, 11.0, 570.0, mhz, List.of(),
                List.of(), List.of(), Map.of(), List.of(), List.of());
        String svg = ClockPlot.render(c, "x");
        DoubleUnaryOperator value = linearY(svg);
        double perUnit = Math.abs(value.applyAsDouble(1) - value.applyAsDouble(0));
        List<Double> ys = new ArrayList<>();
        Matcher p = Pattern.compile("[ML][-\\d.]+ ([-\\d.]+)H").matcher(path(svg, "clock"));
        while (p.find()) {
            ys.add(Double.parseDouble(p.group(1)));
        }
        assertEquals(mhz.size(), ys.size());
        for (int i = 0; i < mhz.size(); i++) {
            assertEquals(mhz.get(i), value.applyAsDouble(ys.get(i)), SLACK_UNITS * perUnit, "reading " + i);
        }
    }

    @Test
    void powerTraceDrawsEveryWindowsMeanPower() {
        List<BenchmarkEntry.EnergyPoint> pts = new ArrayList<>();
        double[] watts = {121.0, 119.5, 443.5, 440.0, 452.25, 391.8};
        for (int i = 0; i < watts.length; i++) {
            pts.add(new BenchmarkEntry.EnergyPoint(0, i * 1.0, 1.0, watts[i], i < 2 ? 0L : 100L, watts[i], null, null,
                    null, i == 4, i < 2));
        }
        String svg = EnergySection.trace(pts, "x");
        DoubleUnaryOperator value = linearY(svg);
        double perUnit = Math.abs(value.applyAsDouble(1) - value.applyAsDouble(0));
        Matcher p = Pattern.compile("<path class=\"pw[^\"]*\" d=\"M[-\\d.]+ ([-\\d.]+)H").matcher(svg);
        int i = 0;
        while (p.find()) {
            assertEquals(watts[i], value.applyAsDouble(Double.parseDouble(p.group(1))), SLACK_UNITS * perUnit, "window " + i);
            i++;
        }
        assertEquals(watts.length, i);
    }

    @Test
    void kernelBarGivesEachKernelItsShareOfTheCall() {
        List<BenchmarkEntry.KernelRow> rows = List.of(row("a", 0.125), row("b", 0.6), row("c", 0.05));
        BenchmarkEntry.Kernels k = new BenchmarkEntry.Kernels(10, 0.01, 0.009, 0.011, 0.0125, 0.011, 0.775, 0.225, 0,
                0L, "", rows);
        String svg = KernelSection.bar(k, "x");
        Matcher vb = Pattern.compile("viewBox=\"0 0 (\\d+) \\d+\"").matcher(svg);
        assertTrue(vb.find());
        double width = Double.parseDouble(vb.group(1));
        List<double[]> r = new ArrayList<>();
        Matcher m = Pattern.compile("<rect x=\"([-\\d.]+)\" y=\"2\" width=\"([-\\d.]+)\" height=\"\\d+\" class=\"f\\d\">")
                .matcher(svg);
        while (m.find()) {
            r.add(new double[] {Double.parseDouble(m.group(1)), Double.parseDouble(m.group(2))});
        }
        assertEquals(3, r.size());
        double end = 0;
        for (int i = 0; i < 3; i++) {
            assertEquals(end, r.get(i)[0] / width, SLACK_UNITS / width, "kernel " + i + " starts where the last ends");
            assertEquals(rows.get(i).shareOfCall(), r.get(i)[1] / width, SLACK_UNITS / width, "kernel " + i);
            end += rows.get(i).shareOfCall();
        }
    }

    private static BenchmarkEntry.KernelRow row(String name, double share) {
        return new BenchmarkEntry.KernelRow(name, name, "1", "1", 1.0, 0.001, 0.0009, 0.0011, share);
    }

    // ---- reading the SVG ----

    /** The linear y axis read back from its labelled grid lines: y -> value. */
    static DoubleUnaryOperator linearY(String svg) {
        Matcher m = Pattern.compile("<line class=\"grid\" x1=\"[-\\d.]+\" y1=\"([-\\d.]+)\" x2=\"[-\\d.]+\" y2=\"[-\\d.]+\"/>\n"
                + "<text class=\"tick\" x=\"[-\\d.]+\" y=\"[-\\d.]+\" text-anchor=\"end\">([^<]+)</text>").matcher(svg);
        List<double[]> ticks = new ArrayList<>();
        while (m.find()) {
            ticks.add(new double[] {Double.parseDouble(m.group(1)), Double.parseDouble(m.group(2))});
        }
        assertTrue(ticks.size() >= 2, "at least two labelled ticks: " + svg);
        double[] a = ticks.get(0);
        double[] b = ticks.get(ticks.size() - 1);
        double slope = (b[1] - a[1]) / (b[0] - a[0]);
        return y -> a[1] + (y - a[0]) * slope;
    }

    /** The log x axis of the forest plot read back from its labelled tick marks: x -> value. */
    static DoubleUnaryOperator logX(String svg) {
        Matcher m = Pattern.compile("<line class=\"axis\" x1=\"([-\\d.]+)\" y1=\"[-\\d.]+\" x2=\"[-\\d.]+\" y2=\"[-\\d.]+\"/>\n"
                + "<text class=\"tick\" x=\"[-\\d.]+\" y=\"[-\\d.]+\" text-anchor=\"middle\">([^<]+)</text>").matcher(svg);
        List<double[]> ticks = new ArrayList<>();
        while (m.find()) {
            ticks.add(new double[] {Double.parseDouble(m.group(1)), Math.log(Double.parseDouble(m.group(2)))});
        }
        assertTrue(ticks.size() >= 2, "at least two labelled ticks: " + svg);
        double[] a = ticks.get(0);
        double[] b = ticks.get(ticks.size() - 1);
        double slope = (b[1] - a[1]) / (b[0] - a[0]);
        return x -> Math.exp(a[1] + (x - a[0]) * slope);
    }

    /** The relative slack of a log axis at x: what {@link #SLACK_UNITS} is worth there. */
    private static double relSlack(DoubleUnaryOperator value, double x) {
        return Math.abs(value.applyAsDouble(x + SLACK_UNITS) / value.applyAsDouble(x) - 1);
    }

    /** The data area: x, y, width, height of the frame rect. */
    static double[] frame(String svg) {
        List<double[]> f = rects(svg, "frame");
        assertEquals(1, f.size());
        return f.get(0);
    }

    static List<double[]> rects(String svg, String classPrefix) {
        Matcher m = Pattern.compile("<rect class=\"" + Pattern.quote(classPrefix)
                + "[^\"]*\" x=\"([-\\d.]+)\" y=\"([-\\d.]+)\" width=\"([-\\d.]+)\" height=\"([-\\d.]+)\"").matcher(svg);
        List<double[]> out = new ArrayList<>();
        while (m.find()) {
            out.add(new double[] {Double.parseDouble(m.group(1)), Double.parseDouble(m.group(2)),
                Double.parseDouble(m.group(3)), Double.parseDouble(m.group(4))});
        }
        return out;
    }

    static List<double[]> lines(String svg, String cssClass) {
        Matcher m = Pattern.compile("<line class=\"" + Pattern.quote(cssClass)
                + "\" x1=\"([-\\d.]+)\" y1=\"([-\\d.]+)\" x2=\"([-\\d.]+)\" y2=\"([-\\d.]+)\"").matcher(svg);
        List<double[]> out = new ArrayList<>();
        while (m.find()) {
            out.add(new double[] {Double.parseDouble(m.group(1)), Double.parseDouble(m.group(2)),
                Double.parseDouble(m.group(3)), Double.parseDouble(m.group(4))});
        }
        return out;
    }

    static String path(String svg, String cssClass) {
        Matcher m = Pattern.compile("<path class=\"" + Pattern.quote(cssClass) + "\" d=\"([^\"]*)\"").matcher(svg);
        assertTrue(m.find(), cssClass);
        return m.group(1);
    }

    static List<double[]> pathPoints(String svg, String cssClass) {
        Matcher p = Pattern.compile("[ML]([-\\d.]+) ([-\\d.]+)").matcher(path(svg, cssClass));
        List<double[]> out = new ArrayList<>();
        while (p.find()) {
            out.add(new double[] {Double.parseDouble(p.group(1)), Double.parseDouble(p.group(2))});
        }
        return out;
    }

    static int count(String s, String needle) {
        int n = 0;
        for (int i = s.indexOf(needle); i >= 0; i = s.indexOf(needle, i + 1)) {
            n++;
        }
        return n;
    }

    /** {@code b} with its summary's median and bounds replaced (the other components kept). */
    private static BenchmarkEntry withSummary(BenchmarkEntry b, double median, double lower, double upper) {
        BenchmarkEntry.Summary s = copy(b.summary(), Map.of("median", median, "lower", lower, "upper", upper));
        BenchmarkEntry out = copy(b, Map.of("summary", s));
        assertNotNull(out.summary());
        return out;
    }

    /** A record with some components replaced by name, through its canonical constructor. */
    @SuppressWarnings("unchecked")
    private static <R extends Record> R copy(R r, Map<String, Object> with) {
        try {
            RecordComponent[] cs = r.getClass().getRecordComponents();
            Object[] args = new Object[cs.length];
            Class<?>[] types = new Class<?>[cs.length];
            for (int i = 0; i < cs.length; i++) {
                types[i] = cs[i].getType();
                args[i] = with.containsKey(cs[i].getName()) ? with.get(cs[i].getName()) : cs[i].getAccessor().invoke(r);
            }
            return (R) r.getClass().getDeclaredConstructor(types).newInstance(args);
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(e);
        }
    }
}
