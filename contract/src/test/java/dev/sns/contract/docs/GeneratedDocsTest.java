package dev.sns.contract.docs;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * The reference pages are what the code says: every part {@link GeneratedDocs#ALL} lists is
 * generated again and compared with the committed file. A difference fails with the first differing
 * line and the command that regenerates the docs ({@code -Dsns.docs.update=true} writes them).
 */
class GeneratedDocsTest {
    private static final Path ROOT = Path.of(System.getProperty("sns.repoRoot", ".."));
    private static final boolean UPDATE = Boolean.getBoolean("sns.docs.update");

    @TestFactory
    Stream<DynamicTest> committedDocsMatchTheCode() {
        return GeneratedDocs.ALL.stream().map(part -> DynamicTest.dynamicTest(
                part.file() + (part.section() == null ? "" : " [" + part.section() + "]"), () -> check(part)));
    }

    private static void check(GeneratedText part) throws IOException {
        Path file = ROOT.resolve(part.file());
        String current = Files.exists(file) ? Files.readString(file, StandardCharsets.UTF_8) : "";
        String expected = part.apply(current);
        if (expected.equals(current)) {
            return;
        }
        if (UPDATE) {
            Files.createDirectories(file.toAbsolutePath().getParent());
            Files.writeString(file, expected, StandardCharsets.UTF_8);
            return;
        }
        fail(part.file() + (part.section() == null ? "" : " (section " + part.section() + ")")
                + " differs from what the code generates" + firstDifference(current, expected)
                + ".\nThe code is the source of these docs: regenerate them with\n  " + GeneratedText.UPDATE
                + "\nand commit the result with the change.");
    }

    private static String firstDifference(String current, String expected) {
        if (current.isEmpty()) {
            return " (the file is missing)";
        }
        List<String> a = current.lines().toList();
        List<String> b = expected.lines().toList();
        for (int i = 0; i < Math.max(a.size(), b.size()); i++) {
            String x = i < a.size() ? a.get(i) : "<end of file>";
            String y = i < b.size() ? b.get(i) : "<end of file>";
            if (!x.equals(y)) {
                return " at line " + (i + 1) + ":\n  committed: " + x + "\n  generated: " + y;
            }
        }
        return "";
    }
}
