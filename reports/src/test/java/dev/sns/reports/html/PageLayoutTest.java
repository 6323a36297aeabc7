package dev.sns.reports.html;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sns.reports.BenchmarkEntry;
import dev.sns.reports.ComparisonEntry;
import dev.sns.reports.ReportEntries;
import dev.sns.reports.ReportFixtures;
import dev.sns.reports.RunReport;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The page's structure where a user met overflow and noise (issue 28.7): a CPU pair whose net column
 * has no number keeps its cell short (the reason in a title and a numbered note), measured rows come
 * before those not measured and the skipped fold into one row, environment fields that say nothing
 * are left out, and a CPU benchmark's card has none of a GPU's lines. {@link #main} writes the page
 * the screenshots were taken of (headless Chromium at 1000 and 1400 px).
 */
class PageLayoutTest {
    static final String WHY_NO_NET = "no launch overhead was measured on either side: the wall-clock timer of a CPU "
            + "benchmark has no empty kernel to time, so there is no net speedup, only the raw one";

    /** The realistic GPU run, plus a CPU pair with its two CPU benchmarks, 30 skipped GPU methods, blank fields. */
    static RunReport cpuAndGpuPairs() {
        RunReport r = ReportFixtures.realistic();
        Map<String, String> fp = new TreeMap<>(r.fingerprint());
        fp.put("gpuPowerLimitW", "-1");
        fp.put("vbiosVersion", "");
        fp.put("pcieGen", "NaN");
        r = new RunReport(r.schema(), r.schemaVersion(), r.snsVersion(), r.createdAt(), fp, r.options(), r.seed(),
                r.benchmarks(), r.comparisons(), r.devices(), r.deviceHealth(), r.group());
        String cand = "dev.sns.benchmarks.cpu.StringJoinBenchmark.joinWithStringBuilderPresized";
        String base = "dev.sns.benchmarks.cpu.StringJoinBenchmark.joinWithPlusConcatenationInALoop";
        r = r.withBenchmark(cpu(cand, 0.0101, 0.0104)).withBenchmark(cpu(base, 0.0300, 0.0309));
        r = r.withComparison(ComparisonEntry.builder().candidate(cand).baseline(base).params(Map.of()).speedup(2.97)
                .lower(2.91).upper(3.03).confidence(0.95).tier("B").verdict("FASTER").design("paired rounds").rounds(4)
                .fasterThreshold(1.2).slowerThreshold(0.95).netUnavailable(WHY_NO_NET).verdictOn("raw").build());
        for (int i = 0; i < 30; i++) {
            r = r.withBenchmark(ReportEntries.notMeasured("dev.sns.benchmarks.gpu.Kernels.k" + i, Map.of(), "skipped",
                    "no GPU: no CUDA driver (libcuda.so.1: cannot open shared object file)"));
        }
        return r;
    }

    private static BenchmarkEntry cpu(String id, double lower, double upper) {
        BenchmarkEntry b = ReportFixtures.bench("B", lower, upper);
        return new BenchmarkEntry(id, id, Map.of(), "ok", "", "host-timer", "wall", b.summary(), "B",
                List.of("no clock evidence (a CPU benchmark): variance folded into the interval"), null, b.samples(),
                b.bootstrap());
    }

    @Test
    void theComparisonCellsAreShortAndTheReasonIsANote() {
        String html = HtmlReportFormat.render(cpuAndGpuPairs());
        String table = between(html, "<table class=\"pairs fixed\">", "</table>");
        Matcher td = Pattern.compile("<td[^>]*>(.*?)</td>").matcher(table);
        int cells = 0;
        while (td.find()) {
            String text = td.group(1).replaceAll("<[^>]+>", "").replace("&middot;", ".");
            cells++;
            if (!text.startsWith("dev.sns.")) { // names wrap anywhere; every other cell is a figure or a word
                assertTrue(text.length() <= 60, "cell of " + text.length() + " characters: " + text);
            }
        }
        assertEquals(4 * 9, cells, "4 pairs x 9 columns");
        assertTrue(table.contains("<span title=\"" + WHY_NO_NET.replace("'", "&#39;") + "\">n/a <sup><a href=\"#cmp-note1\">1</a>"),
                table);
        assertTrue(html.contains("<li id=\"cmp-note1\" value=\"1\">no net speedup: " + WHY_NO_NET.replace("'", "&#39;")),
                "the reason, once, under the table");
        assertTrue(html.contains("<div class=\"wide\"><table class=\"pairs fixed\">"), "a table wider than the page scrolls");
    }

    @Test
    void measuredRowsComeFirstAndTheSkippedAreOneRow() {
        String html = HtmlReportFormat.render(cpuAndGpuPairs());
        String body = between(html, "<table class=\"overview\" id=\"ov\">", "</table>");
        Matcher tier = Pattern.compile("data-tier=\"([^\"]+)\"").matcher(body);
        List<String> tiers = new ArrayList<>();
        while (tier.find()) {
            tiers.add(tier.group(1));
        }
        int lastMeasured = Math.max(tiers.lastIndexOf("A"), Math.max(tiers.lastIndexOf("B"), tiers.lastIndexOf("C")));
        int firstNot = Math.min(tiers.indexOf("failed") < 0 ? tiers.size() : tiers.indexOf("failed"),
                tiers.indexOf("skipped") < 0 ? tiers.size() : tiers.indexOf("skipped"));
        assertTrue(lastMeasured >= 0 && lastMeasured < firstNot, "measured rows first: " + tiers);
        assertEquals("skipped", tiers.get(tiers.size() - 1), tiers.toString());
        assertEquals(1, tiers.stream().filter("skipped"::equals).count(), "31 skipped in one row: " + tiers);
        assertTrue(body.contains(">31 benchmarks skipped</a>"), body);
    }

    @Test
    void fieldsThatSayNothingAreLeftOut() {
        String html = HtmlReportFormat.render(cpuAndGpuPairs());
        String footer = between(html, "<footer>", "</footer>");
        assertFalse(footer.contains("gpuPowerLimitW") || footer.contains("vbiosVersion") || footer.contains("pcieGen"), footer);
        assertFalse(Pattern.compile("<td><code>(|-1|-1\\.0|NaN)</code></td>").matcher(footer).find(), footer);
        assertTrue(footer.contains("<td>gpuName</td><td><code>NVIDIA H200</code></td>"), "the rest stays");
        assertTrue(HtmlReportRenderer.absent(" ") && HtmlReportRenderer.absent("-1") && HtmlReportRenderer.absent("NaN"));
        assertFalse(HtmlReportRenderer.absent("0") || HtmlReportRenderer.absent("-10"));
    }

    @Test
    void aCpuCardHasNoGpuLines() {
        String html = HtmlReportFormat.render(cpuAndGpuPairs());
        String card = between(html, "joinWithStringBuilderPresized</code></h3>", "</details>");
        assertFalse(card.contains("SM clock") || card.contains("throttle") || card.contains("Throttle"), card);
        assertFalse(card.contains("kernel table") || card.contains("Energy"), card);
        assertTrue(card.contains("<figure>"), "its samples are drawn");
        String gpuCard = between(html, "<section class=\"bench\" id=\"b0\">", "</details>");
        assertTrue(gpuCard.contains("SM clock"), "a GPU card keeps its clock");
    }

    private static String between(String s, String from, String to) {
        int a = s.indexOf(from);
        assertTrue(a >= 0, "no " + from);
        return s.substring(a, s.indexOf(to, a));
    }

    /** Writes the page of {@link #cpuAndGpuPairs} to {@code args[0]} (for the screenshots). */
    public static void main(String[] args) throws Exception {
        Files.writeString(Path.of(args[0]), HtmlReportFormat.render(cpuAndGpuPairs()));
    }
}
