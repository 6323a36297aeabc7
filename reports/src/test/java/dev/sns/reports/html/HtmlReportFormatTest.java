package dev.sns.reports.html;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sns.reports.BenchmarkEntry;
import dev.sns.reports.ComparisonEntry;
import dev.sns.reports.Golden;
import dev.sns.reports.JsonReportFormat;
import dev.sns.reports.JsonReports;
import dev.sns.reports.ReportEntries;
import dev.sns.reports.ReportFixtures;
import dev.sns.reports.RunReport;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** report.html: self-contained, escaped, deterministic, locale-independent, with every part the issue asks for. */
class HtmlReportFormatTest {
    @TempDir
    Path dir;

    /** The command line's {@code render -o any.html} and the format's {@code write} both go through writePage. */
    @Test
    void writePageIsPublicStaticAndWritesTheRenderedPage() throws Exception {
        Method m = Class.forName("dev.sns.reports.html.HtmlReportFormat").getMethod("writePage", RunReport.class,
                Path.class);
        assertTrue(Modifier.isStatic(m.getModifiers()) && Modifier.isPublic(m.getModifiers()));
        m.invoke(null, ReportFixtures.golden(), dir.resolve("report.html"));
        assertEquals(HtmlReportFormat.render(ReportFixtures.golden()), Files.readString(dir.resolve("report.html")));
    }

    @Test
    void theSameReportGivesTheSameBytesInEveryLocaleAndAfterARoundTrip() throws Exception {
        RunReport r = ReportFixtures.realistic();
        String html = HtmlReportFormat.render(r);
        assertEquals(html, HtmlReportFormat.render(r));
        assertEquals(html, Golden.inGermany(() -> HtmlReportFormat.render(r)));
        new JsonReportFormat().write(r, dir);
        assertEquals(html, HtmlReportFormat.render(JsonReports.read(dir.resolve("results.json"))));
    }

    @Test
    void numbersUseADotEvenInADecimalCommaLocale() {
        String html = Golden.inGermany(() -> HtmlReportFormat.render(ReportFixtures.golden()));
        assertTrue(html.contains("12.50 us"), "median of the fused benchmark");
        assertFalse(Pattern.compile("\\d,\\d{2} us").matcher(html).find(), "no decimal comma");
    }

    @Test
    void nothingIsFetched() {
        String html = HtmlReportFormat.render(ReportFixtures.realistic());
        for (String banned : new String[] {"http:", "https:", "//cdn", "src=", "<link", "@import", "@font-face"}) {
            assertFalse(html.contains(banned), banned);
        }
        // Issue 14: one inline script (sort and filter), allowed by its hash in the policy and no other.
        assertEquals(1, count(html, "<script"));
        assertTrue(html.contains("<script>" + PageScript.JS + "</script>"));
        assertTrue(html.contains("script-src " + PageScript.HASH_SOURCE + "\">"));
        Matcher urls = Pattern.compile("url\\(([^)]*)\\)").matcher(html);
        while (urls.find()) {
            assertEquals("#sns-hatch", urls.group(1), "only the page's own hatch pattern is referenced");
        }
        assertTrue(html.contains("Content-Security-Policy\" content=\"default-src 'none'"));
    }

    @Test
    void everyTextFromTheReportIsEscaped() {
        String evil = "x.Evil<script>alert('&')</script>\"q\"";
        RunReport r = ReportFixtures.golden()
                .withBenchmark(withName(ReportFixtures.golden().benchmarks().get(0), evil))
                .withBenchmark(ReportEntries.notMeasured(evil + ".failing", Map.of("p", "<b>"), "failed", "<img onerror=x>"))
                .withComparison(ComparisonEntry.builder().candidate(evil).baseline("<base>").params(Map.of()).speedup(1.0)
                        .lower(0.9).upper(1.1).confidence(0.95).tier("B").verdict("PARITY").design("<design>").rounds(0)
                        .build());
        Map<String, String> fingerprint = new java.util.TreeMap<>(r.fingerprint());
        fingerprint.put("gpuName", "<GPU & \"co\">");
        String html = HtmlReportFormat.render(r.withFingerprint(fingerprint));
        assertEquals(1, count(html, "<script"), "the page's own script only (issue 14), none from the report");
        assertFalse(html.contains("<img"));
        assertFalse(html.contains("<b>"));
        assertFalse(html.contains("<base>"));
        assertFalse(html.contains("<design>"));
        assertFalse(html.contains("<GPU"));
        assertTrue(html.contains("x.<wbr>Evil&lt;script&gt;alert(&#39;&amp;&#39;)&lt;/script&gt;&quot;q&quot;"));
        assertTrue(html.contains("&lt;img onerror=x&gt;"));
        assertTrue(html.contains("&lt;GPU &amp; &quot;co&quot;&gt;"));
    }

    @Test
    void eachMeasuredBenchmarkHasItsTierSamplesClocksAndNumbers() {
        String html = HtmlReportFormat.render(ReportFixtures.realistic());
        assertEquals(5, count(html, "<section class=\"bench\""));
        assertEquals(5, count(html, "<svg class=\"plot samples\""));
        assertEquals(5, count(html, "<svg class=\"plot clocks\""));
        assertEquals(1, count(html, "<svg class=\"plot forest\""));
        assertTrue(html.contains("<span class=\"badge tier-A\">tier A</span>"));
        assertTrue(html.contains("<span class=\"badge tier-B\">tier B</span>"));
        assertTrue(html.contains("<span class=\"badge tier-C\">tier C</span>"));
        assertTrue(html.contains("<li>hardware throttle during the window: HW_SLOWDOWN</li>"));
        assertTrue(html.contains("Throttled: HW_SLOWDOWN"));
        for (String number : new String[] {"median per call", "95% interval", "samples (n)", "windows / forks",
            "inner reps (calls per sample)", "launch overhead", "net of launch overhead", "GB/s", "TFLOP/s"}) {
            assertTrue(html.contains("<dt>" + number + "</dt>"), number);
        }
        assertTrue(html.contains(">fork 2</text>"), "forks are labelled in the plot");
        assertTrue(html.contains(">w14</text>"), "windows are labelled in the plot");
    }

    @Test
    void failedAndSkippedBenchmarksAreListedWithTheirMessage() {
        String html = HtmlReportFormat.render(ReportFixtures.realistic());
        assertTrue(html.contains("<span class=\"badge st-failed\">failed</span>"));
        assertTrue(html.contains("<span class=\"badge st-skipped\">skipped</span>"));
        assertTrue(html.contains("CUDA_ERROR_ILLEGAL_ADDRESS (an illegal memory access was encountered)\n"
                + "The context is unusable"));
    }

    @Test
    void theForestPlotHasOneRowPerComparisonTheReferenceLinesAndVerdictColours() {
        String html = HtmlReportFormat.render(ReportFixtures.realistic());
        String forest = between(html, "<svg class=\"plot forest\"", "</svg>");
        assertEquals(3, count(forest, "<circle class=\"pt\""));
        assertTrue(forest.contains("class=\"bar v-faster\""));
        assertTrue(forest.contains("class=\"bar v-none\""));
        assertTrue(forest.contains("class=\"bar v-parity\""));
        assertTrue(forest.contains(">0.95 slower</text>"));
        assertTrue(forest.contains(">1.2 faster</text>"));
        assertEquals(1, count(forest, "class=\"ref-one\""));
    }

    @Test
    void theForestPlotUsesTheEntriesOwnThresholds() {
        RunReport r = ReportFixtures.golden();
        ComparisonEntry c = r.comparisons().get(0);
        RunReport custom = new RunReport(r.schema(), r.schemaVersion(), r.snsVersion(), r.createdAt(), r.fingerprint(),
                r.options(), r.seed(), r.benchmarks(), List.of(ComparisonEntry.builder().candidate(c.candidate())
                .baseline(c.baseline()).params(c.params()).speedup(c.speedup()).lower(c.lower()).upper(c.upper())
                .confidence(c.confidence()).tier("B").verdict("PARITY").design(c.design()).rounds(c.rounds())
                .fasterThreshold(1.5).slowerThreshold(0.9).build()));
        String forest = between(HtmlReportFormat.render(custom), "<svg class=\"plot forest\"", "</svg>");
        assertTrue(forest.contains(">1.5 faster</text>"));
        assertTrue(forest.contains(">0.9 slower</text>"));
        assertFalse(forest.contains(">1.2 faster</text>"));
    }

    @Test
    void aLargeBenchmarkIsPlottedAsAnEvenSubsampleAndSaysSo() {
        List<Double> ms = new ArrayList<>();
        List<Integer> ids = new ArrayList<>();
        for (int i = 0; i < 10_001; i++) {
            ms.add(1.0 + (i % 7) * 0.001);
            ids.add(i / 1000);
        }
        BenchmarkEntry b = ReportFixtures.golden().benchmarks().get(0);
        BenchmarkEntry big = new BenchmarkEntry(b.id(), b.benchmark(), b.params(), "ok", "", b.source(), b.timer(),
                b.summary(), b.tier(), b.tierReasons(), b.clocks(), new BenchmarkEntry.Samples(ms, ids, ids), b.bootstrap());
        String html = HtmlReportFormat.render(RunReport.start("v", "t", Map.of(), Map.of(), "0x1").withBenchmark(big));
        String plot = between(html, "<svg class=\"plot samples\"", "</svg>");
        int dots = count(plot, "h0");
        int triangles = count(plot, "Z");
        assertEquals(3334, dots + triangles, "every 3rd of 10001 samples");
        assertTrue(html.contains("showing every 3rd sample (3334 of 10001)"));
        assertTrue(html.length() < 400_000, "page size " + html.length());
    }

    @Test
    void aReportWithoutBenchmarksOrWithMissingPartsStillRenders() {
        String empty = HtmlReportFormat.render(RunReport.start("", "", null, null, ""));
        assertTrue(empty.contains("No benchmark has finished yet."));
        BenchmarkEntry bare = new BenchmarkEntry("bare", "bare", null, "ok", null, null, null, null, null, null, null,
                null, null);
        String html = HtmlReportFormat.render(RunReport.start("", "", null, null, "").withBenchmark(bare));
        assertTrue(html.contains("No samples recorded."));
        assertTrue(html.endsWith("</html>\n"));
    }

    @Test
    void theMarkupIsBalanced() {
        String html = HtmlReportFormat.render(ReportFixtures.realistic());
        for (String tag : new String[] {"section", "svg", "table", "figure", "figcaption", "dl", "ul", "text", "tr"}) {
            assertEquals(count(html, "<" + tag + ">") + count(html, "<" + tag + " "), count(html, "</" + tag + ">"), tag);
        }
    }

    /** The script's hash is the SHA-256 of exactly the text between the tags (what the browser checks). */
    @Test
    void theScriptsHashIsItsSha256() throws Exception {
        byte[] digest = java.security.MessageDigest.getInstance("SHA-256").digest(PageScript.JS.getBytes(
                java.nio.charset.StandardCharsets.UTF_8));
        assertEquals("'sha256-" + java.util.Base64.getEncoder().encodeToString(digest) + "'", PageScript.HASH_SOURCE);
    }

    /**
     * Issue 14: the overview can be triaged (filter by name and tier, sort by name, tier, time, n,
     * throughput; each row carries its keys) and each card is collapsed in a {@code <details>}.
     */
    @Test
    void theOverviewCarriesSortKeysAndTheCardsAreCollapsed() {
        String html = HtmlReportFormat.render(ReportFixtures.realistic());
        assertTrue(html.contains("<div id=\"controls\" class=\"controls\" hidden><input id=\"q\" type=\"search\""));
        assertTrue(html.contains("<th class=\"num\" data-key=\"ms\" data-num>median</th>"), "numbers right-aligned");
        assertEquals(7, count(html, "<tr data-name=\""));
        assertTrue(html.contains("data-tier=\"failed\"") && html.contains("data-tier=\"skipped\""));
        assertEquals(5, count(html, "<details class=\"card\">"), "one collapsed card per measured benchmark");
        assertEquals(0, count(html, "<details class=\"card\" open"));
    }

    /**
     * Above the plot limit the page keeps every benchmark's facts in its row, collapsed, and drops
     * the cards and plots: 5,000 benchmarks stay under 800 bytes each (the old page took 7,300 for
     * the same suite; scripts/page-load.sh times them in Chromium).
     */
    @Test
    void aPageOf5000BenchmarksIsCompact() {
        RunReport big = dev.sns.reports.ScaleReportMain.report(5000, false);
        String html = HtmlReportFormat.render(big);
        assertEquals(0, count(html, "<svg class=\"plot samples\""));
        assertEquals(0, count(html, "<details class=\"card\""));
        assertEquals(4900, count(html, "<details class=\"row\""), "one per measured benchmark (100 failed)");
        assertTrue(html.contains("render results.json --only REGEX</code> draws the full cards"));
        assertTrue(html.length() < 5000 * 800, "page size " + html.length());
        String small = HtmlReportFormat.render(dev.sns.reports.ScaleReportMain.report(HtmlReportRenderer.PLOT_LIMIT, false));
        assertTrue(count(small, "<svg class=\"plot samples\"") > 0, "at the limit and below, every card and plot");
    }

    @Test
    void aPlotThatCannotPlaceAValueLeavesANoteNotAFailedPage() {
        BenchmarkEntry b = ReportFixtures.golden().benchmarks().get(0);
        BenchmarkEntry.Clocks c = b.clocks();
        BenchmarkEntry.Clocks absurd = new BenchmarkEntry.Clocks(c.source(), c.locked(), Double.MAX_VALUE, 0.0, 0.0,
                List.of(Double.MAX_VALUE, Double.MAX_VALUE), c.memMhz(), c.throttleReasons(), c.metadataReasons(),
                c.violationNanos(), c.temperatureC(), c.powerW());
        BenchmarkEntry odd = new BenchmarkEntry(b.id(), b.benchmark(), b.params(), b.status(), b.message(), b.source(),
                b.timer(), b.summary(), b.tier(), b.tierReasons(), absurd, b.samples(), b.bootstrap());
        String html = HtmlReportFormat.render(RunReport.start("v", "t", Map.of(), Map.of(), "0x1").withBenchmark(odd));
        assertTrue(html.contains("<svg class=\"plot samples\""), "the other plot is drawn");
        assertTrue(html.contains("The SM clock plot could not be drawn: ") || html.contains("<svg class=\"plot clocks\""),
                html);
        assertTrue(html.endsWith("</html>\n"));
    }

    private static BenchmarkEntry withName(BenchmarkEntry b, String name) {
        return new BenchmarkEntry(name, name, Map.of(), b.status(), b.message(), b.source(), b.timer(), b.summary(),
                b.tier(), List.of("reason with <tag> & \"quotes\""), b.clocks(), b.samples(), b.bootstrap());
    }

    static int count(String text, String part) {
        int n = 0;
        for (int i = text.indexOf(part); i >= 0; i = text.indexOf(part, i + part.length())) {
            n++;
        }
        return n;
    }

    static String between(String text, String start, String end) {
        int a = text.indexOf(start);
        assertTrue(a >= 0, start);
        return text.substring(a, text.indexOf(end, a));
    }
    /**
     * A value no plot can draw (a clock reading of Double.MAX_VALUE MHz, from a results.json written
     * elsewhere) used to fail the whole page ("SVG coordinate is NaN"), then its own card: since issue
     * 26.4 it is drawn on its plot's edge with a clip mark naming it, and every other part of the page is
     * as it would be.
     */
    @Test
    void anAbsurdValueIsDrawnOnItsPlotsEdgeWithAClipMarkAndTheOtherCardsStay() throws Exception {
        RunReport golden = ReportFixtures.golden();
        BenchmarkEntry fused = golden.benchmarks().get(0);
        BenchmarkEntry.Clocks c = fused.clocks();
        BenchmarkEntry.Clocks absurd = BenchmarkEntry.Clocks.builder().source(c.source()).locked(c.locked())
                .smMeanMhz(Double.MAX_VALUE).smCvPercent(c.smCvPercent()).smRangeMhz(Double.MAX_VALUE)
                .smMhz(List.of(1980.0, Double.MAX_VALUE, 1980.0)).memMhz(c.memMhz()).throttleReasons(c.throttleReasons())
                .metadataReasons(c.metadataReasons()).violationNanos(c.violationNanos()).temperatureC(c.temperatureC())
                .powerW(c.powerW()).build();
        RunReport r = RunReport.start(golden.snsVersion(), golden.createdAt(), golden.fingerprint(), golden.options(),
                golden.seed());
        r = r.withBenchmark(new BenchmarkEntry(fused.id(), fused.benchmark(), fused.params(), fused.status(),
                fused.message(), fused.source(), fused.timer(), fused.summary(), fused.tier(), fused.tierReasons(), absurd,
                fused.samples(), fused.bootstrap()));
        for (int i = 1; i < golden.benchmarks().size(); i++) {
            r = r.withBenchmark(golden.benchmarks().get(i));
        }
        for (ComparisonEntry ce : golden.comparisons()) {
            r = r.withComparison(ce);
        }

        String html = HtmlReportFormat.render(r);
        String bad = card(html, "b0");
        // issue 26.4: the value beyond the axis is drawn on its edge and marked (it left a note "could not be
        // drawn: SVG coordinate is NaN" before); the card's numbers and other plots stay
        assertTrue(bad.contains("<svg class=\"plot clocks\"") && bad.contains("<path class=\"clip\""), bad);
        assertTrue(bad.contains("reading 1.798e+308 MHz, beyond the axis"), bad);
        assertTrue(bad.contains("median per call"), bad);
        assertTrue(html.contains(Html.breakable(fused.id())), "the card still names its benchmark");
        assertEquals(card(HtmlReportFormat.render(golden), "b1"), card(html, "b1"), "the other card changed");
        assertTrue(html.contains("id=\"not-measured\"") && html.endsWith("</html>\n"), "the rest of the page is missing");
        dev.sns.reports.ReportFormats.writeAll(r, dir, dev.sns.reports.ReportFormats.all()); // every format is written
        assertTrue(Files.readString(dir.resolve("report.html")).contains("<path class=\"clip\""));
    }

    /** The text of one benchmark card: from its section's start tag to its end tag. */
    private static String card(String html, String anchor) {
        int from = html.indexOf("<section class=\"bench\" id=\"" + anchor + "\">");
        assertTrue(from >= 0, "no card " + anchor);
        return html.substring(from, html.indexOf("</section>", from));
    }

    /** 400 GPU methods skipped for one reason: the reason is on the page once, every method is listed. */
    @Test
    void aReasonSharedByManySkippedBenchmarksIsSaidOnce() {
        List<Object> entries = new java.util.ArrayList<>();
        String reason = "no GPU: no CUDA driver (UnsatisfiedLinkError: the library JCudaDriver could not be loaded)";
        for (int i = 0; i < 400; i++) {
            entries.add(dev.sns.reports.ReportEntries.notMeasured("pkg.Gpu.k" + i, Map.of(), "skipped", reason));
        }
        entries.add(dev.sns.reports.ReportEntries.notMeasured("pkg.Other.fails", Map.of(), "failed", "it threw"));
        String html = HtmlReportFormat.render(ReportFixtures.run(entries.toArray()));
        // once in the overview (its first row), once under "Not measured": not 400 or 800 times
        assertEquals(2, html.split(java.util.regex.Pattern.quote("JCudaDriver could not be loaded"), -1).length - 1);
        assertTrue(html.contains("400 benchmarks, one reason:"), "grouped");
        for (int i = 0; i < 400; i++) {
            String plain = html.replaceAll("<wbr>", "");
            assertTrue(plain.contains("<code>pkg.Gpu.k" + i + "</code>"), "k" + i);
        }
        assertTrue(html.contains("it threw"));
        // the overview: the failed row, then the 400 skipped in one row linking to their list
        assertEquals(0, html.split("the same reason as above", -1).length - 1);
        assertEquals(1, count(html, "<tr class=\"nm-summary\""));
        assertTrue(html.contains("\">400 benchmarks skipped</a></td>"), "one row for the 400");
        assertTrue(html.indexOf("data-name=\"pkg.Other.fails\"") < html.indexOf("nm-summary"), "failed before skipped");
    }
}
