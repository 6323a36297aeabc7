package dev.sns.reports;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Reading results.json back: a round trip gives an equal report; every bad file gives one clear error. */
class JsonReportsReadTest {
    @TempDir
    Path dir;

    @Test
    void writeThenReadGivesAnEqualReport() throws Exception {
        for (RunReport r : new RunReport[] {ReportFixtures.golden(), ReportFixtures.realistic(),
            RunReport.start("", "", null, null, "0x1")}) {
            new JsonReportFormat().write(r, dir);
            Path f = dir.resolve("results.json");
            RunReport back = JsonReports.read(f);
            assertEquals(r, back);
            assertEquals(JsonReports.toJson(r), JsonReports.toJson(back), "and it writes the same bytes again");
        }
    }

    @Test
    void aMissingFileSaysSo() {
        ReportFormatException e = read(dir.resolve("nope.json"));
        assertEquals(dir.resolve("nope.json") + ": no such file", e.getMessage());
    }

    @Test
    void aDirectorySaysToNameTheFileInside() {
        assertTrue(read(dir).getMessage().contains("is a directory"));
    }

    @Test
    void anEmptyOrBlankFileSaysItIsEmpty() throws IOException {
        assertTrue(read(write("")).getMessage().endsWith("the file is empty (did the run stop before its first "
                + "benchmark finished?)"));
        assertTrue(read(write(" \n\t\n")).getMessage().contains("the file is empty"));
    }

    @Test
    void aTruncatedFileNamesTheLineAndColumnWhereItEnds() throws IOException {
        String json = JsonReports.toJson(ReportFixtures.golden());
        String cut = json.substring(0, json.indexOf("\"benchmarks\"") + 40);
        Path f = write(cut);
        ReportFormatException e = read(f);
        int lines = (int) cut.chars().filter(c -> c == '\n').count() + 1;
        assertEquals(lines, e.line(), e.getMessage());
        assertTrue(e.column() > 0, e.getMessage());
        assertTrue(e.getMessage().startsWith(f + ": line " + lines + ", column " + e.column() + ": the JSON ends early"),
                e.getMessage());
        assertTrue(e.getMessage().contains("truncated"), e.getMessage());
        assertTrue(!e.getMessage().contains("Source:") && !e.getMessage().contains("REDACTED"), e.getMessage());
    }

    @Test
    void aFileCutInsideATokenIsTruncatedTooButAnErrorBeforeTheEndIsNot() throws IOException {
        for (String cut : new String[] {"{\"schema\": nul", "{\"a\": 1.", "{\"a\": tr\n"}) {
            assertTrue(read(write(cut)).getMessage().contains("the JSON ends early"), cut);
        }
        assertTrue(read(write("{\"a\": nul, \"b\": 1}")).getMessage().contains("malformed JSON"));
    }

    @Test
    void malformedJsonNamesTheLineAndColumn() throws IOException {
        ReportFormatException e = read(write("{\n  \"schema\": \"sns-results\",\n  \"schemaVersion\": 1,\n  oops\n}\n"));
        assertEquals(4, e.line(), e.getMessage());
        assertEquals(3, e.column(), e.getMessage());
        assertTrue(e.getMessage().contains(": line 4, column 3: malformed JSON: "), e.getMessage());
    }

    @Test
    void trailingGarbageAndRepeatedKeysAreMalformed() throws IOException {
        String json = JsonReports.toJson(RunReport.start("1", "t", null, null, "0x1"));
        assertTrue(read(write(json + "{}")).getMessage().contains("malformed JSON"));
        ReportFormatException dup = read(write("{\"schema\": \"sns-results\", \"schema\": \"sns-results\"}"));
        assertTrue(dup.getMessage().contains("Duplicate field 'schema'"), dup.getMessage());
    }

    @Test
    void jmhsOwnResultFileIsNotAnSnsResultsFile() throws IOException {
        ReportFormatException e = read(write("[ { \"benchmark\": \"x\" } ]"));
        assertTrue(e.getMessage().contains("not an sns results file: the top level is array"), e.getMessage());
        assertTrue(e.getMessage().contains("JMH's own -rf json output"), e.getMessage());
    }

    @Test
    void aWrongOrMissingSchemaIsNamed() throws IOException {
        assertTrue(read(write("{\"schema\": \"other\", \"schemaVersion\": 1}")).getMessage()
                .endsWith("not an sns results file: \"schema\" is \"other\", expected \"sns-results\""));
        assertTrue(read(write("{\"schemaVersion\": 1}")).getMessage()
                .endsWith("not an sns results file: \"schema\" is missing, expected \"sns-results\""));
    }

    @Test
    void aNewerSchemaVersionSaysWhichVersionsAndToUpgrade() throws IOException {
        Path f = write(JsonReports.toJson(ReportFixtures.golden()).replace("\"schemaVersion\" : 1", "\"schemaVersion\" : 7"));
        ReportFormatException e = read(f);
        assertTrue(e.getMessage().startsWith(f + ": schemaVersion 7 is newer than this sns reads (version 1): upgrade sns"),
                e.getMessage());
        assertTrue(e.getMessage().endsWith("to read it"), e.getMessage());
    }

    @Test
    void anOlderOrNonNumericSchemaVersionIsNamed() throws IOException {
        assertTrue(read(write("{\"schema\": \"sns-results\", \"schemaVersion\": 0}")).getMessage()
                .endsWith("schemaVersion 0 is not a version sns ever wrote (this sns reads version 1)"));
        assertTrue(read(write("{\"schema\": \"sns-results\", \"schemaVersion\": \"1\"}")).getMessage()
                .endsWith("\"schemaVersion\" is \"1\", expected a whole number (this sns reads version 1)"));
        assertTrue(read(write("{\"schema\": \"sns-results\"}")).getMessage()
                .endsWith("\"schemaVersion\" is missing, expected a whole number (this sns reads version 1)"));
    }

    @Test
    void aFieldOfTheWrongTypeNamesItsPathAndPosition() throws IOException {
        String json = JsonReports.toJson(ReportFixtures.golden()).replaceFirst("\"median\" : 0.0125", "\"median\" : \"fast\"");
        ReportFormatException e = read(write(json));
        assertTrue(e.getMessage().contains("field benchmarks[0].summary.median: "), e.getMessage());
        assertTrue(e.line() > 1 && e.column() > 0, e.getMessage());
    }

    @Test
    void repeatedIdsAndMismatchedSampleArraysAreInconsistent() throws IOException {
        RunReport r = ReportFixtures.golden();
        String json = JsonReports.toJson(r).replace("\"id\" : \"dev.sns.benchmarks.Saxpy.broken:n=1024\"",
                "\"id\" : \"dev.sns.benchmarks.Saxpy.fused:n=1024\"");
        assertTrue(read(write(json)).getMessage().endsWith("benchmarks[2].id \"dev.sns.benchmarks.Saxpy.fused:n=1024\" "
                + "appears twice"));
        String samples = JsonReports.toJson(r).replaceFirst("\"fork\" : \\[[^\\]]*\\]", "\"fork\" : [ 0 ]");
        assertTrue(read(write(samples)).getMessage().endsWith("benchmarks[0].samples has 6 millis but 1 fork ids"),
                read(write(samples)).getMessage());
        String status = JsonReports.toJson(r).replaceFirst("\"status\" : \"ok\"", "\"status\" : \"fine\"");
        assertTrue(read(write(status)).getMessage().endsWith("benchmarks[0].status is \"fine\", expected ok, failed or "
                + "skipped"));
    }

    @Test
    void unknownFieldsOfTheSameVersionAreIgnored() throws Exception {
        String json = JsonReports.toJson(ReportFixtures.golden()).replaceFirst("\\{", "{\n  \"addedLater\" : [1, 2],");
        assertEquals(ReportFixtures.golden(), JsonReports.read(write(json)));
    }

    private Path write(String text) throws IOException {
        Path f = Files.createTempFile(dir, "results", ".json");
        Files.writeString(f, text, StandardCharsets.UTF_8);
        return f;
    }

    private static ReportFormatException read(Path f) {
        return assertThrows(ReportFormatException.class, () -> JsonReports.read(f));
    }
}
