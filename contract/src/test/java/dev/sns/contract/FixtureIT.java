package dev.sns.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The compatibility fixture (package {@code com.example.outside}, written against the API as it
 * stood when the contract was declared), built against this build's jars, runs unchanged: its JMH
 * suite through the sns Main named in its manifest, then its plain-API program, which also reads the
 * suite's results.json back through the reports' reading API. Without a GPU the suite's GPU
 * benchmarks are skipped with their reason and the CPU pair is measured and compared. Then the
 * same for {@code com.example.legacy}, the 0.1 names 0.2.0 keeps as deprecated aliases.
 */
class FixtureIT {
    private static final long RUN_TIMEOUT_S = 240;

    private final Path jar = Path.of(required("sns.it.fixtureJar"));
    private final Path workDir = Path.of(required("sns.it.workDir"));

    @Test
    void outsideSuiteAndPlainApiProgramRunUnchanged() throws Exception {
        deleteRecursively(workDir);
        Files.createDirectories(workDir);

        String suite = run("suite", List.of(java(), "-Djmh.ignoreLock=true", "-jar", jar.toString(),
                "com.example.outside", "-f", "1", "-wi", "1", "-w", "100ms", "-i", "3", "-r", "100ms",
                "-prof", "sns:rounds=2"));
        assertTrue(suite.contains("sns comparisons") && suite.contains("quarterMix"), "the CPU pair was not compared:\n"
                + tail(suite));
        Path results = workDir.resolve("sns-results/results.json");
        assertTrue(Files.isRegularFile(results), "the suite wrote no " + results);

        String legacy = run("legacy-suite", List.of(java(), "-Djmh.ignoreLock=true", "-jar", jar.toString(),
                "com.example.legacy", "-f", "1", "-wi", "1", "-w", "100ms", "-i", "3", "-r", "100ms",
                "-prof", "sns:rounds=2;out=legacy-results"));
        assertTrue(legacy.contains("sns comparisons") && legacy.contains("LegacyPairBenchmark.sumHalf"),
                "the pair of the 0.1 @Baseline was not compared:\n" + tail(legacy));
        String legacyProgram = run("legacy-program", List.of(java(), "-cp", jar.toString(), "com.example.legacy.LegacyProgram"));
        assertTrue(legacyProgram.startsWith("GPU: driver ") || legacyProgram.startsWith("no GPU: "), tail(legacyProgram));

        String program = run("plain-api", List.of(java(), "-cp", jar.toString(), "com.example.outside.PlainApiProgram",
                results.toString()));
        assertTrue(program.contains("plain API: all expectations held"), tail(program));
        assertEquals(-1, program.indexOf("FAILED: "), tail(program));
    }

    private static String java() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    /** Runs a step, its output to a log file; fails with the log's tail unless it exits 0 in time. */
    private String run(String step, List<String> command) throws Exception {
        Path log = workDir.resolve(step + ".log");
        Process p = new ProcessBuilder(command).directory(workDir.toFile()).redirectErrorStream(true)
                .redirectOutput(log.toFile()).start();
        if (!p.waitFor(RUN_TIMEOUT_S, TimeUnit.SECONDS)) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
            fail(step + " did not finish in " + RUN_TIMEOUT_S + " s: " + String.join(" ", command) + "\n"
                    + tail(Files.readString(log)));
        }
        String out = Files.readString(log, StandardCharsets.UTF_8);
        if (p.exitValue() != 0) {
            fail(step + " exited " + p.exitValue() + ": " + String.join(" ", command) + "\n" + tail(out));
        }
        return out;
    }

    private static String tail(String text) {
        List<String> lines = text.lines().toList();
        return String.join("\n", lines.subList(Math.max(0, lines.size() - 60), lines.size()));
    }

    private static String required(String property) {
        String value = System.getProperty(property);
        if (value == null || value.isBlank()) {
            throw new IllegalStateException(property + " is not set: run this test through Maven (mvn verify)");
        }
        return value;
    }

    private static void deleteRecursively(Path dir) throws java.io.IOException {
        if (Files.exists(dir)) {
            try (Stream<Path> paths = Files.walk(dir)) {
                for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
                    Files.delete(p);
                }
            }
        }
    }
}
