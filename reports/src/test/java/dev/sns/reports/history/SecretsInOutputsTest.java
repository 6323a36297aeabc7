package dev.sns.reports.history;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sns.reports.ReportFixtures;
import dev.sns.reports.ReportFormats;
import dev.sns.reports.RunReport;
import dev.sns.reports.groups.GroupMerge;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A password given in {@code history=} (a JDBC URL's {@code password=}, {@code user:pass@}) reaches no
 * output: every file of the run's reports, the history file that stores its options, a run read back
 * from the history and a merged run group's reports, written by every format.
 */
class SecretsInOutputsTest {
    private static final String[] SECRETS = {"s3cretPw", "uSerPa55", "sslK3y"};

    @TempDir
    Path tmp;

    @Test
    void aPasswordInTheHistoryOptionIsInNoReportAndNotInTheHistory() throws Exception {
        RunReport r = ReportFixtures.realistic();
        Map<String, String> options = new LinkedHashMap<>(r.options());
        options.put("history", "jdbc:postgresql://bench:uSerPa55@db.lab:5432/sns?user=bench&password=s3cretPw"
                + "&sslpassword=sslK3y");
        RunReport report = new RunReport(r.schema(), r.schemaVersion(), r.snsVersion(), r.createdAt(), r.fingerprint(),
                options, r.seed(), r.benchmarks(), r.comparisons(), r.devices(), r.deviceHealth(), r.group());
        assertEquals("jdbc:postgresql://bench:***@db.lab:5432/sns?user=bench&password=***&sslpassword=***",
                report.options().get("history"));

        ReportFormats.writeAll(report, tmp.resolve("run"), ReportFormats.all());
        Path db = tmp.resolve("history/sns-history.db");
        try (HistoryStore h = HistoryStores.open(db.toString())) {
            long id = h.record(report, HistoryStoreContract.CONTEXT);
            ReportFormats.writeAll(h.report(id), tmp.resolve("read-back"), ReportFormats.all());
            ReportFormats.writeAll(GroupMerge.merge(h, HistoryStoreContract.CONTEXT.runGroup()).report(),
                    tmp.resolve("merged"), ReportFormats.all());
        }
        List<Path> files;
        try (Stream<Path> s = Files.walk(tmp)) {
            files = s.filter(Files::isRegularFile).toList();
        }
        assertTrue(files.size() >= 13, "4 formats x 3 reports and the history: " + files);
        assertTrue(files.stream().anyMatch(f -> f.endsWith("report.html")), files.toString());
        for (Path f : files) {
            String text = new String(Files.readAllBytes(f), StandardCharsets.ISO_8859_1);
            for (String secret : SECRETS) {
                assertFalse(text.contains(secret), secret + " written in " + tmp.relativize(f));
            }
        }
        String json = Files.readString(tmp.resolve("run/results.json"));
        assertTrue(json.contains("password=***"), "the option is kept, its password masked");
    }
}
