package dev.sns.reports;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Locale;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.opentest4j.AssertionFailedError;

/**
 * results.json, results.csv and comparisons.csv of a fixed report, sealed byte for byte (JMH's
 * ResultFormatTest), in the default locale and in a decimal-comma one.
 */
class GoldenFileTest {
    @Test
    void resultsJsonMatchesTheGoldenFile() {
        Golden.assertMatches("results.json", JsonReports.toJson(ReportFixtures.golden()));
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
    void aDecimalCommaLocaleChangesNoByte() {
        RunReport r = ReportFixtures.golden();
        assertEquals(inGermany(() -> JsonReports.toJson(r)), JsonReports.toJson(r));
        Golden.assertMatches("results.json", inGermany(() -> JsonReports.toJson(r)));
        Golden.assertMatches("results.csv", inGermany(() -> CsvReports.benchmarksCsv(r)));
        Golden.assertMatches("comparisons.csv", inGermany(() -> CsvReports.comparisonsCsv(r)));
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

    /** Runs {@code body} with every default locale category set to Germany's (decimal comma), then restores them. */
    static <T> T inGermany(Supplier<T> body) {
        Locale all = Locale.getDefault();
        Locale format = Locale.getDefault(Locale.Category.FORMAT);
        Locale display = Locale.getDefault(Locale.Category.DISPLAY);
        Locale.setDefault(Locale.GERMANY);
        try {
            assertEquals("1,5", String.format("%.1f", 1.5), "the decimal-comma locale is in force");
            return body.get();
        } finally {
            Locale.setDefault(all);
            Locale.setDefault(Locale.Category.FORMAT, format);
            Locale.setDefault(Locale.Category.DISPLAY, display);
        }
    }
}
