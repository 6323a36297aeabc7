package dev.sns.reports;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sns.reports.html.HtmlReportFormat;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.ServiceLoader;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The registry of report formats: found by ServiceLoader, named, parsed from the option, written together. */
class ReportFormatsTest {
    @TempDir
    Path dir;

    @Test
    void theThreeFormatsAreFoundByServiceLoaderInOrder() {
        List<String> classes = ServiceLoader.load(ReportFormat.class).stream().map(p -> p.type().getName()).toList();
        assertEquals(List.of(JsonReportFormat.class.getName(), CsvReportFormat.class.getName(),
                HtmlReportFormat.class.getName()), classes);
        assertEquals(List.of("json", "csv", "html"), ReportFormats.names());
        assertEquals(List.of("results.json"), ReportFormats.byName("json").fileNames());
        assertEquals(List.of("results.csv", "comparisons.csv", "kernels.csv", "energy.csv", "energy_comparisons.csv",
                "device-health.csv"),
                ReportFormats.byName("csv").fileNames());
        assertEquals(List.of("report.html"), ReportFormats.byName("html").fileNames());
        assertEquals("results.json: every sample, summary and comparison (schema sns-results v1)",
                ReportFormats.byName("json").description());
        assertTrue(ReportFormats.all() == ReportFormats.all(), "loaded once");
    }

    @Test
    void anUnknownNameIsRejectedNamingTheKnownOnes() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ReportFormats.byName("pdf"));
        assertEquals("unknown report format 'pdf': known formats are json, csv, html", e.getMessage());
    }

    @Test
    void anOptionValueIsTrimmedKeptInOrderAndRepeatsDropped() {
        assertEquals(List.of("html", "json"), names(ReportFormats.parseList(" html , json,html")));
        assertEquals(List.of("json", "csv", "html"), names(ReportFormats.parseList("json,csv,html")));
    }

    @Test
    void aBadOptionValueIsRejectedNamingItAndTheKnownFormats() {
        assertEquals("unknown report format 'pdf': known formats are json, csv, html",
                assertThrows(IllegalArgumentException.class, () -> ReportFormats.parseList("json, pdf")).getMessage());
        assertEquals("unknown report format 'JSON': known formats are json, csv, html",
                assertThrows(IllegalArgumentException.class, () -> ReportFormats.parseList("JSON")).getMessage());
        for (String empty : new String[] {"json,,csv", "json,", ",html"}) {
            String m = assertThrows(IllegalArgumentException.class, () -> ReportFormats.parseList(empty)).getMessage();
            assertTrue(m.startsWith("empty report format in '" + empty + "'"), m);
            assertTrue(m.endsWith("known formats are json, csv, html"), m);
        }
        for (String none : new String[] {"", "  ", null}) {
            String m = assertThrows(IllegalArgumentException.class, () -> ReportFormats.parseList(none)).getMessage();
            assertTrue(m.startsWith("no report format given") && m.contains("json, csv, html"), m);
        }
    }

    @Test
    void writeAllWritesExactlyTheDeclaredFilesWithTheGoldenBytes() throws IOException {
        RunReport golden = ReportFixtures.golden();
        ReportFormats.writeAll(golden, dir, ReportFormats.all());
        TreeSet<String> declared = new TreeSet<>();
        ReportFormats.all().forEach(f -> declared.addAll(f.fileNames()));
        // written only where energy was measured (ReportEnergyTest); the golden run has none
        declared.removeAll(List.of(CsvReportFormat.ENERGY_FILE, CsvReportFormat.ENERGY_COMPARISONS_FILE));
        declared.remove("device-health.csv"); // written for runs of several GPUs only (DeviceReportsTest)
        assertEquals(declared, filesIn(dir));
        Golden.assertMatches("results.json", Files.readString(dir.resolve("results.json")));
        Golden.assertMatches("results.csv", Files.readString(dir.resolve("results.csv")));
        Golden.assertMatches("comparisons.csv", Files.readString(dir.resolve("comparisons.csv")));
        Golden.assertMatches("kernels.csv", Files.readString(dir.resolve("kernels.csv")));
        assertEquals(HtmlReportFormat.render(golden), Files.readString(dir.resolve("report.html")));
    }

    @Test
    void csvWritesComparisonsCsvOnlyWhenThereAreComparisonsAndKernelsCsvOnlyWhenThereAreKernelTables()
            throws IOException {
        RunReport noPairs = RunReport.start("v", "t", null, null, "0x1")
                .withBenchmark(ReportFixtures.golden().benchmarks().get(1));
        ReportFormats.writeAll(noPairs, dir, ReportFormats.parseList("csv"));
        assertEquals(new TreeSet<>(List.of("results.csv")), filesIn(dir));
        ReportFormats.writeAll(noPairs.withBenchmark(ReportFixtures.golden().benchmarks().get(0)), dir,
                ReportFormats.parseList("csv"));
        assertEquals(new TreeSet<>(List.of("kernels.csv", "results.csv")), filesIn(dir));
    }

    @Test
    void aFormatThatCannotWriteDoesNotStopTheOthersAndIsNamed() throws IOException {
        Files.createDirectories(dir.resolve("report.html").resolve("in-the-way"));
        IOException e = assertThrows(IOException.class,
                () -> ReportFormats.writeAll(ReportFixtures.golden(), dir, ReportFormats.all()));
        assertTrue(e.getMessage().startsWith("could not write report format html into " + dir + " (html: "),
                e.getMessage());
        assertTrue(e.getMessage().contains("report.html"), e.getMessage());
        assertTrue(e.getMessage().endsWith("; written: json, csv"), e.getMessage());
        assertEquals(1, e.getSuppressed().length);
        assertTrue(Files.isRegularFile(dir.resolve("results.json")));
        assertTrue(Files.isRegularFile(dir.resolve("results.csv")));
        assertTrue(Files.isRegularFile(dir.resolve("comparisons.csv")));
        assertEquals(new TreeSet<>(List.of("comparisons.csv", "kernels.csv", "report.html", "results.csv", "results.json")),
                filesIn(dir), "no temporary file left behind");
    }

    @Test
    void everyFailureIsNamedAndAnUncheckedOneCountsToo() throws IOException {
        ReportFormat broken = new FakeFormat("broken", () -> {
            throw new IllegalStateException("renderer bug");
        });
        List<ReportFormat> formats = List.of(broken, ReportFormats.byName("json"), ReportFormats.byName("html"));
        Files.createDirectories(dir.resolve("report.html").resolve("in-the-way"));
        IOException e = assertThrows(IOException.class,
                () -> ReportFormats.writeAll(ReportFixtures.golden(), dir, formats));
        assertTrue(e.getMessage().startsWith("could not write report formats broken, html into " + dir
                + " (broken: IllegalStateException: renderer bug; html: "), e.getMessage());
        assertTrue(e.getMessage().endsWith("; written: json"), e.getMessage());
        assertEquals(2, e.getSuppressed().length);
        assertTrue(Files.isRegularFile(dir.resolve("results.json")));
    }

    @Test
    void twoFormatsOfOneNameAreRejectedNamingBothClasses() {
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> ReportFormats.checked(
                List.of(new JsonReportFormat(), new FakeFormat("json", () -> { }))));
        assertTrue(e.getMessage().startsWith("two report formats are named 'json': dev.sns.reports.JsonReportFormat "
                + "and dev.sns.reports.ReportFormatsTest$FakeFormat"), e.getMessage());
        IllegalStateException bad = assertThrows(IllegalStateException.class,
                () -> ReportFormats.checked(List.of(new FakeFormat("Json,Csv", () -> { }))));
        assertTrue(bad.getMessage().contains("is named 'Json,Csv'"), bad.getMessage());
    }

    static Stream<ReportFormat> formats() {
        return ReportFormats.all().stream();
    }

    /** The contract every format keeps: a plain name, one line of description, only its own files, rewritable. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("formats")
    void everyFormatKeepsTheContract(ReportFormat f) throws IOException {
        assertTrue(f.name().matches("[a-z][a-z0-9]*"), f.name());
        assertFalse(f.description().isBlank() || f.description().contains("\n"), f.description());
        assertTrue(f.description().startsWith(f.fileNames().get(0) + ": "), f.description());
        Path into = dir.resolve("new/sub");
        f.write(ReportFixtures.golden(), into);
        f.write(ReportFixtures.realistic(), into);
        assertTrue(new TreeSet<>(f.fileNames()).containsAll(filesIn(into)), filesIn(into) + " vs " + f.fileNames());
        assertFalse(filesIn(into).isEmpty());
    }

    private static List<String> names(List<ReportFormat> formats) {
        return formats.stream().map(ReportFormat::name).toList();
    }

    private static TreeSet<String> filesIn(Path d) throws IOException {
        try (Stream<Path> files = Files.list(d)) {
            return files.map(p -> p.getFileName().toString()).collect(Collectors.toCollection(TreeSet::new));
        }
    }

    /** A format that runs {@code body} instead of writing. */
    record FakeFormat(String name, Runnable body) implements ReportFormat {
        @Override
        public String description() {
            return "fake.txt: a test double";
        }

        @Override
        public List<String> fileNames() {
            return List.of("fake.txt");
        }

        @Override
        public void write(RunReport report, Path dir) {
            body.run();
        }
    }
}
