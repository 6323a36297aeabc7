package dev.sns.contract.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Runs the docs' shell commands as written, on this machine (no GPU needed), after {@code package}:
 * first the README's first command past its build ({@code java -jar benchmarks/target/benchmarks.jar
 * Sample -prof sns}), whose {@code sns-results/} every page then starts from, as a reader who ran it
 * would; then, page by page, every shell block {@link DocsShellBlocksTest} lets through unmarked,
 * each page in a directory of its own holding the jars where the docs say they are
 * ({@code benchmarks/target/benchmarks.jar}, {@code reports/target/sns-reports.jar},
 * {@code sns-reports-cli.jar}, {@code scripts/}). A block passes when bash runs it with
 * {@code set -euo pipefail} to exit 0 and it skipped no benchmark for want of a GPU (a block that
 * needs one must say so). JMH's machine-wide lock is off for these runs ({@code JAVA_TOOL_OPTIONS}):
 * this checks what the commands do, not how fast, and other builds share the machine.
 * {@code -Dsns.docs.page=docs/PAGE.md} runs the README's command and that page only.
 */
class DocsCommandsIT {
    private static final Path ROOT = DocPages.ROOT;
    private static final long BLOCK_TIMEOUT_S = 240;
    private static final Pattern AFTER_BUILD = Pattern.compile("^mvn\\s[^&]*\\bpackage\\b[^&]*&&\\s*(.+)$");
    private static final Pattern SKIPPED_FOR_GPU = Pattern.compile("skipping \\d+ benchmark\\(s\\) that need one");

    /** For {@code mvn ... package && COMMAND}: COMMAND (the reactor built the jars already); else null. */
    static String afterBuild(String line) {
        Matcher m = AFTER_BUILD.matcher(line.strip());
        return m.matches() ? m.group(1).strip() : null;
    }

    @Test
    void theDocsCommandsRunAsWritten() throws Exception {
        Path benchmarksJar = required(ROOT.resolve("benchmarks/target/benchmarks.jar"));
        Path reportsJar = required(reportsCli());
        Path work = ROOT.resolve("contract/target/docs-it");
        deleteRecursively(work);
        Files.createDirectories(work);
        long t0 = System.nanoTime();
        List<String> summary = new ArrayList<>();

        // The README's first command past its build: every page's starting point.
        DocPages.Page readme = DocPages.read("README.md");
        DocPages.Block ci = readme.blocks().stream().filter(b -> b.isShell() && b.marker().startsWith("# run by .ci/run"))
                .findFirst().orElseThrow(() -> new AssertionError("README.md has no block marked '# run by .ci/run'"));
        List<String> first = DocsShellBlocksTest.commands(ci).stream().map(DocsCommandsIT::afterBuild)
                .filter(c -> c != null).toList();
        assertEquals(List.of("java -jar benchmarks/target/benchmarks.jar Sample -prof sns"), first,
                "the README's first command, past its build");
        Path seed = sandbox(work.resolve("readme"), benchmarksJar, reportsJar, null);
        Run r = run(seed, String.join("\n", first) + "\n", ci.where());
        summary.add(r.line());
        assertEquals(0, r.code(), r.output());
        assertTrue(Files.isRegularFile(seed.resolve("sns-results/results.json")), "the README's run wrote no results.json");

        int n = 0;
        String only = System.getProperty("sns.docs.page", ""); // one page, while writing it
        for (DocPages.Page page : DocPages.handWritten()) {
            if (!only.isEmpty() && !page.relative().equals(only)) {
                continue;
            }
            List<DocPages.Block> blocks = page.blocks().stream().filter(b -> b.isShell() && b.marker().isEmpty()).toList();
            if (blocks.isEmpty()) {
                continue;
            }
            Path dir = sandbox(work.resolve(page.relative().replace('/', '_').replace(".md", "")), benchmarksJar,
                    reportsJar, seed.resolve("sns-results"));
            for (DocPages.Block b : blocks) {
                Run run = run(dir, b.text(), b.where());
                summary.add(run.line());
                n++;
                if (run.code() != 0) {
                    fail(b.where() + " exited " + run.code() + ":\n" + b.text() + "\n--- output ---\n" + run.output());
                }
                assertFalse(SKIPPED_FOR_GPU.matcher(run.output()).find(), b.where() + " skipped GPU benchmarks: mark it "
                        + "'# needs a GPU host', or run CPU benchmarks only:\n" + run.output());
            }
        }
        System.out.printf("DocsCommandsIT: %d blocks besides the README's first command, %.1f s in all%n  %s%n", n,
                (System.nanoTime() - t0) / 1e9, String.join("\n  ", summary));
        assertTrue(n >= (only.isEmpty() ? 5 : 1), "the docs show commands one can run without a GPU: " + n);
    }

    /** The reports CLI as the build made it: the attached cli jar when there is one, else target/sns-reports.jar. */
    private static Path reportsCli() throws IOException {
        Path target = ROOT.resolve("reports/target");
        try (Stream<Path> s = Files.list(target)) {
            return s.filter(p -> p.getFileName().toString().matches("sns-reports-.*-cli\\.jar")).findFirst()
                    .orElse(target.resolve("sns-reports.jar"));
        }
    }

    /** A directory holding the jars and scripts where the docs say they are, and a copy of {@code results}. */
    private static Path sandbox(Path dir, Path benchmarksJar, Path reportsJar, Path results) throws IOException {
        Files.createDirectories(dir.resolve("benchmarks/target"));
        Files.createDirectories(dir.resolve("reports/target"));
        Files.createSymbolicLink(dir.resolve("benchmarks/target/benchmarks.jar"), benchmarksJar);
        Files.createSymbolicLink(dir.resolve("reports/target/sns-reports.jar"), reportsJar);
        Files.createSymbolicLink(dir.resolve("sns-reports-cli.jar"), reportsJar);
        Files.createSymbolicLink(dir.resolve("scripts"), ROOT.resolve("scripts"));
        if (results != null) {
            try (Stream<Path> s = Files.walk(results)) {
                for (Path p : s.toList()) {
                    Path to = dir.resolve("sns-results").resolve(results.relativize(p).toString());
                    if (Files.isDirectory(p)) {
                        Files.createDirectories(to);
                    } else if (!p.getFileName().toString().equals(".sns-run.lock")) {
                        Files.copy(p, to, StandardCopyOption.REPLACE_EXISTING);
                    }
                }
            }
        }
        return dir;
    }

    private record Run(String where, int code, double seconds, String output) {
        String line() {
            return String.format("%-28s exit %d in %5.1f s", where, code, seconds);
        }
    }

    /** bash runs {@code script} in {@code dir} with the test's own java first on the PATH. */
    private static Run run(Path dir, String script, String where) throws Exception {
        Path file = Files.createTempFile(dir, "block-", ".sh");
        Files.writeString(file, "set -euo pipefail\n" + script, StandardCharsets.UTF_8);
        Path log = dir.resolve(file.getFileName() + ".log");
        ProcessBuilder pb = new ProcessBuilder("bash", file.toString()).directory(dir.toFile())
                .redirectErrorStream(true).redirectOutput(log.toFile());
        Map<String, String> env = pb.environment();
        env.put("PATH", Path.of(System.getProperty("java.home"), "bin") + java.io.File.pathSeparator + env.get("PATH"));
        env.put("JAVA_TOOL_OPTIONS", "-Djmh.ignoreLock=true -Dsns.stateDir=" + dir.resolve("clock-state"));
        env.remove("SNS_HISTORY");
        env.remove("SNS_RUN_GROUP");
        long t0 = System.nanoTime();
        Process p = pb.start();
        if (!p.waitFor(BLOCK_TIMEOUT_S, TimeUnit.SECONDS)) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
            fail(where + " ran longer than " + BLOCK_TIMEOUT_S + " s:\n" + script + "\n" + Files.readString(log));
        }
        return new Run(where, p.exitValue(), (System.nanoTime() - t0) / 1e9, Files.readString(log, StandardCharsets.UTF_8));
    }

    private static Path required(Path file) {
        if (!Files.isRegularFile(file)) {
            fail(file + " is not there: the docs' commands run after package (mvn -B verify builds it)");
        }
        return file;
    }

    private static void deleteRecursively(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }
}
