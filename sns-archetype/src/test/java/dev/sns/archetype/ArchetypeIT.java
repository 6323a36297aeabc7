package dev.sns.archetype;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarFile;
import java.util.jar.Manifest;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import org.junit.jupiter.api.Test;

/**
 * A newcomer's path, end to end: from a local repository holding only sns and this archetype (as
 * after {@code mvn install} in an sns checkout; the maven-invoker-plugin put them there), generate a
 * project with {@code archetype:generate}, build it with {@code mvn package}, and run its
 * {@code benchmarks.jar -prof sns}. On a machine without a GPU (CI) the GPU benchmark must be
 * skipped with its one-line reason, the CPU benchmarks measured and the {@code @Baseline} pair
 * compared.
 *
 * <p>Third-party artifacts and plugins come from the build's own local repository (as a file://
 * repository, releases only, so no sns snapshot can leak in from there), then Maven Central. Offline
 * ({@code mvn -o}) it skips, saying why: Maven 3.8 refuses a file:// repository offline, so the
 * archetype plugin cannot be resolved from there; CI builds online and runs it.
 */
class ArchetypeIT {
    private static final String GROUP = "com.example.gpu";
    private static final String ARTIFACT = "my-gpu-bench";
    private static final String PACKAGE_PATH = GROUP.replace('.', '/');
    private static final long MAVEN_TIMEOUT_S = 300;
    private static final long RUN_TIMEOUT_S = 180;

    private final Path repo = Path.of(required("sns.it.repo"));
    private final Path workDir = Path.of(required("sns.it.workDir"));
    private final String snsVersion = required("sns.it.snsVersion");

    @Test
    void generatedProjectBuildsAndRunsWithSns() throws Exception {
        assumeFalse(offline(), "skipped offline (mvn -o): Maven " + System.getProperty("sns.it.mavenVersion", "")
                + " refuses the build's local repository as a file:// repository in offline mode, so archetype:generate"
                + " cannot resolve its plugin; run mvn verify online (CI does)");
        deleteRecursively(workDir);
        Files.createDirectories(workDir);
        Path settings = writeSettings();

        long t0 = System.nanoTime();
        run(workDir, "generate", MAVEN_TIMEOUT_S, maven(settings,
                required("sns.it.archetypePlugin") + ":generate",
                "-DarchetypeGroupId=dev.sns", "-DarchetypeArtifactId=sns-archetype",
                "-DarchetypeVersion=" + snsVersion,
                "-DgroupId=" + GROUP, "-DartifactId=" + ARTIFACT, "-Dversion=1.0-SNAPSHOT", "-Dpackage=" + GROUP,
                "-DinteractiveMode=false"));
        Path project = workDir.resolve(ARTIFACT);
        checkGenerated(project);
        long t1 = System.nanoTime();

        run(project, "package", MAVEN_TIMEOUT_S, maven(settings, "package"));
        Path jar = project.resolve("target/benchmarks.jar");
        checkJar(jar);
        long t2 = System.nanoTime();

        // jmh.ignoreLock: this checks what runs, not how fast; another JMH run on the machine must not fail it.
        String out = run(project, "benchmarks", RUN_TIMEOUT_S, List.of(java(), "-Djmh.ignoreLock=true", "-jar", jar.toString(),
                "-f", "1", "-wi", "1", "-w", "100ms", "-i", "3", "-r", "100ms", "-prof", "sns:rounds=2"));
        checkRun(project, out);
        long t3 = System.nanoTime();

        // The reports CLI, fetched from the repository like any artifact (docs/own-suite.md), renders the run.
        run(project, "fetch-cli", MAVEN_TIMEOUT_S, maven(settings, required("sns.it.dependencyPlugin") + ":copy",
                "-Dartifact=dev.sns:sns-reports:" + snsVersion + ":jar:cli", "-DoutputDirectory=.", "-Dmdep.stripVersion=true"));
        Path cli = project.resolve("sns-reports-cli.jar");
        assertTrue(Files.isRegularFile(cli), "dependency:copy made no " + cli);
        run(project, "render", RUN_TIMEOUT_S, List.of(java(), "-jar", cli.toString(), "render", "sns-results/results.json",
                "-o", "rendered.html"));
        assertTrue(Files.readString(project.resolve("rendered.html")).contains("sumFourWays"), "the CLI's report lacks the pair");
        long t4 = System.nanoTime();
        System.out.printf("ArchetypeIT: generate %.1f s, package %.1f s (benchmarks.jar %,d bytes), run %.1f s, "
                        + "reports CLI fetched and rendered %.1f s%n",
                (t1 - t0) / 1e9, (t2 - t1) / 1e9, Files.size(jar), (t3 - t2) / 1e9, (t4 - t3) / 1e9);
    }

    private void checkGenerated(Path project) throws IOException {
        for (String file : List.of("pom.xml", ".gitignore", "README.md", "build-ptx.sh", "src/main/cuda/kernels.cu",
                "src/main/java/" + PACKAGE_PATH + "/GpuSaxpyBenchmark.java",
                "src/main/java/" + PACKAGE_PATH + "/CpuSumBenchmark.java",
                "src/main/resources/" + PACKAGE_PATH + "/kernels.ptx")) {
            assertTrue(Files.isRegularFile(project.resolve(file)), "the generated project lacks " + file);
        }
        String pom = Files.readString(project.resolve("pom.xml"));
        assertTrue(pom.contains("<sns.version>" + snsVersion + "</sns.version>"), "sns.version in the generated pom:\n" + pom);
        assertTrue(pom.contains("<artifactId>" + ARTIFACT + "</artifactId>"), pom);
        String script = Files.readString(project.resolve("build-ptx.sh"));
        assertTrue(script.contains("out=src/main/resources/" + PACKAGE_PATH + "\n"), "build-ptx.sh's PTX directory:\n" + script);
        assertTrue(script.contains("$(basename \"$cu\" .cu).ptx"), "build-ptx.sh lost its shell variables:\n" + script);
        String ptx = Files.readString(project.resolve("src/main/resources/" + PACKAGE_PATH + "/kernels.ptx"));
        assertTrue(ptx.contains(".visible .entry saxpy("), "kernels.ptx has no saxpy kernel");
    }

    private static void checkJar(Path jar) throws IOException {
        assertTrue(Files.isRegularFile(jar), "mvn package made no " + jar);
        try (JarFile j = new JarFile(jar.toFile())) {
            Manifest m = j.getManifest();
            assertEquals("dev.sns.jmh.SnsMain", m.getMainAttributes().getValue("Main-Class"));
            assertEquals("ALL-UNNAMED", m.getMainAttributes().getValue("Enable-Native-Access"));
            String benchmarks = entry(j, "META-INF/BenchmarkList");
            for (String method : List.of("GpuSaxpyBenchmark_saxpy", "CpuSumBenchmark_sum", "CpuSumBenchmark_sumFourWays")) {
                assertTrue(benchmarks.contains(" " + GROUP + ".jmh_generated." + method + "_jmhTest "),
                        method + " is not in META-INF/BenchmarkList:\n" + benchmarks);
            }
            assertTrue(entry(j, "META-INF/services/org.openjdk.jmh.profile.Profiler").contains("sns"), "-prof sns is not registered");
            assertTrue(entry(j, "META-INF/services/dev.sns.gpu.GpuBackend").contains("dev.sns.gpu.nvidia"),
                    "the NVIDIA backend is not registered");
            assertTrue(entry(j, "META-INF/services/dev.sns.reports.ReportFormat").contains("dev.sns.reports"),
                    "the report formats are not registered");
            List<String> natives = j.stream().map(ZipEntry::getName).filter(n -> n.startsWith("lib/") && !n.equals("lib/")).toList();
            assertEquals(1, natives.size(), "JCuda natives in the jar: " + natives);
            assertTrue(natives.get(0).matches("lib/libJCudaDriver-[0-9.]+-linux-x86_64\\.so"), natives.get(0));
            assertTrue(j.stream().noneMatch(e -> e.getName().matches("META-INF/[^/]*\\.(SF|DSA|RSA)")), "signature files in the jar");
        }
    }

    private static void checkRun(Path project, String out) throws IOException {
        String gpu = GROUP + ".GpuSaxpyBenchmark.saxpy";
        boolean skipped = out.lines().anyMatch(l -> l.startsWith("sns: no GPU here (") && l.contains("skipping 1 benchmark(s) "
                + "that need one: " + gpu));
        String summary = out.substring(Math.max(0, out.indexOf("sns summary")));
        assertTrue(out.contains("sns summary"), "no sns summary in the output:\n" + tail(out));
        if (!skipped) {   // a GPU host: then it is measured
            assertTrue(summary.contains(gpu), "the GPU benchmark was neither skipped nor measured:\n" + tail(out));
        }
        for (String cpu : List.of("CpuSumBenchmark.sum@avgt:", "CpuSumBenchmark.sumFourWays@avgt:")) {
            assertTrue(summary.contains(GROUP + "." + cpu), cpu + " is not in the sns summary:\n" + tail(out));
            // the sns Main states each result once, in the summary: no line of it as the benchmark finished
            assertTrue(out.lines().noneMatch(l -> l.startsWith("sns: " + GROUP + "." + cpu)),
                    cpu + " was said before the summary:\n" + tail(out));
        }
        String comparisons = out.substring(Math.max(0, out.indexOf("sns comparisons")));
        assertTrue(out.contains("sns comparisons") && comparisons.contains("sumFourWays")
                        && comparisons.matches("(?s).*\\b(FASTER|PARITY|SLOWER|NO_VERDICT)\\b.*"),
                "the @Baseline pair was not compared:\n" + tail(out));
        for (String report : List.of("results.json", "results.csv", "report.html")) {
            assertTrue(Files.isRegularFile(project.resolve("sns-results").resolve(report)), "no sns-results/" + report);
        }
    }

    /** A settings file: the build's local repository as a remote one (releases only), before Central. */
    private Path writeSettings() throws IOException {
        String buildRepo = Path.of(required("sns.it.buildRepo")).toUri().toString();
        String repository = """
                  <id>%s</id><url>%s</url>
                  <releases><enabled>true</enabled><checksumPolicy>ignore</checksumPolicy></releases>
                  <snapshots><enabled>false</enabled></snapshots>
                """;
        String settings = """
                <settings>
                  <profiles><profile>
                    <id>build-repository</id>
                    <repositories><repository>%s</repository></repositories>
                    <pluginRepositories><pluginRepository>%s</pluginRepository></pluginRepositories>
                  </profile></profiles>
                  <activeProfiles><activeProfile>build-repository</activeProfile></activeProfiles>
                </settings>
                """.formatted(repository.formatted("build-local", buildRepo), repository.formatted("build-local-plugins", buildRepo));
        Path file = workDir.resolve("settings.xml");
        Files.writeString(file, settings);
        return file;
    }

    private List<String> maven(Path settings, String... args) {
        String home = System.getProperty("sns.it.mavenHome", "");
        boolean windows = System.getProperty("os.name").startsWith("Windows");
        String mvn = home.isEmpty() ? "mvn" : Path.of(home, "bin", windows ? "mvn.cmd" : "mvn").toString();
        List<String> command = new ArrayList<>(List.of(mvn, "-B", "-ntp", "-s", settings.toString(),
                "-Dmaven.repo.local=" + repo));
        if (offline()) {   // mvn -o outside: offline inside too
            command.add("-o");
        }
        command.addAll(List.of(args));
        return command;
    }

    private static boolean offline() {
        return "offline=true".equals(System.getProperty("sns.it.mode"));
    }

    private static String java() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    /** Runs a step, its output to a log file; fails with the log's tail unless it exits 0 in time. */
    private String run(Path dir, String step, long timeoutS, List<String> command) throws Exception {
        Path log = workDir.resolve(step + ".log");
        ProcessBuilder pb = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true)
                .redirectOutput(log.toFile());
        pb.environment().remove("MAVEN_ARGS");   // the outer build's arguments are not the step's
        Process p = pb.start();
        if (!p.waitFor(timeoutS, TimeUnit.SECONDS)) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
            fail(step + " did not finish in " + timeoutS + " s: " + String.join(" ", command) + "\n" + tail(Files.readString(log)));
        }
        String out = Files.readString(log, StandardCharsets.UTF_8);
        if (p.exitValue() != 0) {
            fail(step + " exited " + p.exitValue() + ": " + String.join(" ", command) + "\n" + tail(out));
        }
        return out;
    }

    private static String entry(JarFile jar, String name) throws IOException {
        ZipEntry e = jar.getEntry(name);
        assertFalse(e == null, "the jar has no " + name);
        return new String(jar.getInputStream(e).readAllBytes(), StandardCharsets.UTF_8);
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

    private static void deleteRecursively(Path dir) throws IOException {
        if (Files.exists(dir)) {
            try (Stream<Path> paths = Files.walk(dir)) {
                for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
                    Files.delete(p);
                }
            }
        }
    }
}
