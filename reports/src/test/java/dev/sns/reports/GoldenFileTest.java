package dev.sns.reports;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sns.reports.html.FixedBlocks;
import dev.sns.reports.html.HtmlReportFormat;
import org.junit.jupiter.api.Test;
import org.opentest4j.AssertionFailedError;

/**
 * results.json, results.csv, comparisons.csv and report.html of a fixed report, sealed byte for byte (JMH's
 * ResultFormatTest), in the default locale and in a decimal-comma one.
 */
class GoldenFileTest {
    @Test
    void resultsJsonMatchesTheGoldenFile() {
        Golden.assertMatches("results.json", JsonReports.toJson(ReportFixtures.golden()));
    }

    /** What JsonReportFormat writes (bytes, straight from Jackson) is the golden text, byte for byte. */
    @Test
    void resultsJsonBytesAreTheGoldenText() {
        byte[] bytes = JsonReports.toJsonBytes(ReportFixtures.golden());
        assertEquals(JsonReports.toJson(ReportFixtures.golden()), new String(bytes, java.nio.charset.StandardCharsets.UTF_8));
        Golden.assertMatches("results.json", new String(Golden.inGermany(() -> JsonReports.toJsonBytes(ReportFixtures.golden())),
                java.nio.charset.StandardCharsets.UTF_8));
    }

    @Test
    void resultsCsvMatchesTheGoldenFile() {
        Golden.assertMatches("results.csv", CsvReports.benchmarksCsv(ReportFixtures.golden()));
    }

    @Test
    void comparisonsCsvMatchesTheGoldenFile() {
        Golden.assertMatches("comparisons.csv", CsvReports.comparisonsCsv(ReportFixtures.golden()));
    }

    @Test
    void kernelsCsvMatchesTheGoldenFile() {
        Golden.assertMatches("kernels.csv", CsvReports.kernelsCsv(ReportFixtures.golden()));
        Golden.assertMatches("kernels.csv", Golden.inGermany(() -> CsvReports.kernelsCsv(ReportFixtures.golden())));
    }

    /**
     * The page, sealed as the first version rendered it (the renovation's split of the renderer changed no byte),
     * but for its fixed style sheet and script, each a marker in the golden ({@code FixedBlocks}: they must stand
     * in the page once, whole).
     */
    @Test
    void reportHtmlMatchesTheGoldenFile() {
        Golden.assertMatches("report.html", FixedBlocks.elide(HtmlReportFormat.render(ReportFixtures.golden())));
        Golden.assertMatches("report.html",
                FixedBlocks.elide(Golden.inGermany(() -> HtmlReportFormat.render(ReportFixtures.golden()))));
    }

    @Test
    void aPageWhoseFixedBlocksAreNotThereWholeFailsTheElision() {
        String page = HtmlReportFormat.render(ReportFixtures.golden());
        String styleChanged = page.replaceFirst("\\* \\{ box-sizing", "* { box-sizing: content-box; x");
        AssertionFailedError e = assertThrows(AssertionFailedError.class, () -> FixedBlocks.elide(styleChanged));
        assertTrue(e.getMessage().contains("Styles.CSS"), e.getMessage());
        String scriptTwice = page.replace("</body>", "<script>" + page.substring(page.lastIndexOf("<script>") + 8));
        e = assertThrows(AssertionFailedError.class, () -> FixedBlocks.elide(scriptTwice));
        assertTrue(e.getMessage().contains("more than once"), e.getMessage());
    }

    @Test
    void aDecimalCommaLocaleChangesNoByte() {
        RunReport r = ReportFixtures.golden();
        assertEquals(Golden.inGermany(() -> JsonReports.toJson(r)), JsonReports.toJson(r));
        Golden.assertMatches("results.json", Golden.inGermany(() -> JsonReports.toJson(r)));
        Golden.assertMatches("results.csv", Golden.inGermany(() -> CsvReports.benchmarksCsv(r)));
        Golden.assertMatches("comparisons.csv", Golden.inGermany(() -> CsvReports.comparisonsCsv(r)));
    }

    @Test
    void theGoldenJsonReadsBackAsTheReportItWasWrittenFrom() throws Exception {
        java.nio.file.Path file = java.nio.file.Files.createTempFile("golden", ".json");
        try {
            java.nio.file.Files.writeString(file, Golden.load("results.json"));
            assertEquals(ReportFixtures.golden(), JsonReports.read(file));
        } finally {
            java.nio.file.Files.delete(file);
        }
    }

    @Test
    void aMissingGoldenFileFailsAndIsNotCreated() {
        AssertionFailedError e = assertThrows(AssertionFailedError.class,
                () -> Golden.check("no-such-file.json", "{}\n"));
        assertTrue(e.getMessage().contains("is missing"), e.getMessage());
        assertEquals(null, Golden.load("no-such-file.json"));
    }

    @Test
    void aDifferentOutputFailsNamingTheFirstDifferingLine() {
        String changed = JsonReports.toJson(ReportFixtures.golden()).replace("\"0xC0FFEE\"", "\"0xBEEF\"");
        AssertionFailedError e = assertThrows(AssertionFailedError.class,
                () -> Golden.check("results.json", changed));
        assertTrue(e.getMessage().contains("at line "), e.getMessage());
        assertTrue(e.getMessage().contains("0xBEEF"), e.getMessage());
    }
}
