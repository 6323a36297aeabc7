package dev.sns.benchmarks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * scripts/slurm/submit.sh against a fake {@code sbatch} and {@code scontrol} on the PATH, in a copy of
 * the repository's layout: it finds the built jars from the repository root (or takes
 * {@code SNS_BENCHMARKS_JAR}/{@code SNS_REPORTS_JAR}), refuses to submit without them (one message,
 * exit 2, sbatch never called), hands the jobs absolute paths, and prints the real run group.
 */
class SlurmSubmitScriptTest {
    static final Path SCRIPTS = Paths.get(System.getProperty("sns.it.scripts", "../scripts"), "slurm");

    record Done(int code, String output) {}

    /** A repository layout with the Slurm scripts and fake sbatch/scontrol that log what they were given. */
    static Path layout(Path root) throws Exception {
        Path slurm = Files.createDirectories(root.resolve("scripts/slurm"));
        for (String f : List.of("submit.sh", "sns-array.sbatch", "sns-merge.sbatch")) {
            Files.copy(SCRIPTS.resolve(f), slurm.resolve(f));
        }
        Path bin = Files.createDirectories(root.resolve("fake-bin"));
        script(bin.resolve("sbatch"), """
                #!/usr/bin/env bash
                n=$(( $(wc -l < "$FAKE_LOG" 2>/dev/null || echo 0) + 101 ))
                echo "sbatch $* | bench=$SNS_BENCHMARKS_JAR reports=$SNS_REPORTS_JAR" >> "$FAKE_LOG"
                echo "$n;gpu-east"
                """);
        script(bin.resolve("scontrol"), """
                #!/usr/bin/env bash
                [ "$1 $2" = "show config" ] || exit 1
                printf 'Configuration data as of 2026-12-02T08:00:00\\nClusterName             = gpu-east\\nMaxJobCount = 10000\\n'
                """);
        return bin;
    }

    static void script(Path p, String text) throws Exception {
        Files.writeString(p, text);
        Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwxr-xr-x"));
    }

    static Done submit(Path root, Path dir, Map<String, String> env) throws Exception {
        List<String> cmd = new ArrayList<>(List.of("bash", root.resolve("scripts/slurm/submit.sh").toString(),
                "CpuSample", "-f", "1"));
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true);
        Map<String, String> e = pb.environment();
        e.remove("SNS_BENCHMARKS_JAR");
        e.remove("SNS_REPORTS_JAR");
        e.remove("SNS_RUN_GROUP");
        e.put("PATH", root.resolve("fake-bin") + ":" + e.get("PATH"));
        e.put("FAKE_LOG", root.resolve("sbatch.log").toString());
        e.put("SNS_HISTORY", "jdbc:postgresql://db/sns?user=u&password=p");
        e.putAll(env);
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "submit.sh ended");
        return new Done(p.exitValue(), out);
    }

    static List<String> sbatchCalls(Path root) throws Exception {
        Path log = root.resolve("sbatch.log");
        return Files.exists(log) ? Files.readAllLines(log) : List.of();
    }

    static void touch(Path p) throws Exception {
        Files.createDirectories(p.getParent());
        Files.write(p, new byte[] {'P', 'K'});
    }

    @Test
    void withoutTheJarsNothingIsSubmittedAndTheMessageSaysWhatToBuildOrSet(@TempDir Path root) throws Exception {
        layout(root);
        Done d = submit(root, root, Map.of());
        assertEquals(2, d.code(), d.output());
        assertTrue(d.output().contains("no benchmarks jar") && d.output().contains("SNS_BENCHMARKS_JAR")
                && d.output().contains("benchmarks/target/benchmarks.jar") && d.output().contains("mvn"), d.output());
        assertEquals(List.of(), sbatchCalls(root), "sbatch was not called");

        touch(root.resolve("benchmarks/target/benchmarks.jar"));
        d = submit(root, root, Map.of());
        assertEquals(2, d.code(), d.output());
        assertTrue(d.output().contains("no reports jar") && d.output().contains("SNS_REPORTS_JAR"), d.output());
        assertEquals(List.of(), sbatchCalls(root));

        d = submit(root, root, Map.of("SNS_BENCHMARKS_JAR", root.resolve("nowhere/suite.jar").toString()));
        assertEquals(2, d.code(), d.output());
        assertTrue(d.output().contains("SNS_BENCHMARKS_JAR=" + root.resolve("nowhere/suite.jar") + ": no such file"),
                d.output());
        assertEquals(List.of(), sbatchCalls(root));
    }

    @Test
    void fromTheRepositoryRootAfterTheBuildItSubmitsTheBuiltJarsAndPrintsTheRealGroup(@TempDir Path root)
            throws Exception {
        layout(root);
        touch(root.resolve("benchmarks/target/benchmarks.jar"));
        touch(root.resolve("reports/target/sns-reports.jar"));
        Done d = submit(root, root, Map.of());
        assertEquals(0, d.code(), d.output());
        assertTrue(d.output().contains("array job 101 (4 shards), then merge job 102 (run group slurm-gpu-east-101)"),
                d.output());
        assertFalse(d.output().contains("CLUSTER"), d.output());
        List<String> calls = sbatchCalls(root);
        assertEquals(2, calls.size(), calls.toString());
        String jars = "bench=" + root.resolve("benchmarks/target/benchmarks.jar").toRealPath() + " reports="
                + root.resolve("reports/target/sns-reports.jar").toRealPath();
        assertTrue(calls.get(0).contains("--array=0-3") && calls.get(0).endsWith("CpuSample -f 1 | " + jars),
                calls.get(0));
        assertTrue(calls.get(1).contains("--dependency=afterany:101") && calls.get(1).endsWith(jars), calls.get(1));
    }

    @Test
    void jarsNamedRelativeToAnotherDirectoryGoAbsoluteAndAGivenGroupIsPrinted(@TempDir Path root) throws Exception {
        layout(root);
        Path work = Files.createDirectories(root.resolve("work"));
        touch(work.resolve("jars/suite.jar"));
        touch(work.resolve("sns-reports-cli.jar"));
        Done d = submit(root, work, Map.of("SNS_BENCHMARKS_JAR", "jars/suite.jar", "SNS_RUN_GROUP", "nightly-42",
                "SNS_SHARDS", "2"));
        assertEquals(0, d.code(), d.output());
        assertTrue(d.output().contains("array job 101 (2 shards), then merge job 102 (run group nightly-42)"), d.output());
        String jars = "bench=" + work.resolve("jars/suite.jar").toRealPath() + " reports="
                + work.resolve("sns-reports-cli.jar").toRealPath();
        sbatchCalls(root).forEach(c -> assertTrue(c.endsWith(jars), c));
    }
}
