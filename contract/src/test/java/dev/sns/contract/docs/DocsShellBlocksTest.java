package dev.sns.contract.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every shell command in the docs either runs on a machine without a GPU, in {@link DocsCommandsIT},
 * or says what it needs. A fenced shell block whose first line is {@code # needs WHAT} (a GPU host,
 * a Slurm cluster, ...) is shown, not run; {@code # run by .ci/run} marks the README's two commands,
 * which CI runs; every other shell block is run by {@code DocsCommandsIT} as written, so it must
 * use nothing that a GPU-less machine without a cluster lacks.
 */
class DocsShellBlocksTest {
    /** What a marked block may say it needs: the first words after {@code # needs }. */
    static final List<String> NEEDS = List.of("a GPU host", "a host with two or more GPUs", "a Slurm cluster",
            "a Kubernetes cluster", "PostgreSQL", "nvcc", "Chromium", "sns 0.2.0 in your Maven repository",
            "a Maven repository of your own", "a JDK's jlink and the network", "Maven and the build's dependencies");

    /**
     * What in a block's commands needs something a GPU-less test machine lacks (or would run a build
     * inside the build): the pattern, and the marker that says so.
     */
    static final Map<Pattern, String> NEEDED_BY = needs();

    private static Map<Pattern, String> needs() {
        Map<Pattern, String> m = new LinkedHashMap<>();
        m.put(Pattern.compile("GpuSample|nvidia-smi|\\.gpu/|junit-console|KernelCheckMain|EnergyCheckMain|"
                + "CalibrationGpuMain|energy=true|kernels=true|timer=cuda|requireGpu=true|devices=all|gpu-devices-check|"
                + "gpu-shards-check|ncu |CUDA_VISIBLE_DEVICES"), "a GPU host");
        m.put(Pattern.compile("gpu-two-gpus-run|parallelDevices=true"), "a host with two or more GPUs");
        m.put(Pattern.compile("\\bsbatch\\b|\\bsrun\\b|\\bsqueue\\b|scripts/slurm/"), "a Slurm cluster");
        m.put(Pattern.compile("\\bkubectl\\b"), "a Kubernetes cluster");
        m.put(Pattern.compile("jdbc:postgresql|\\bpsql\\b"), "PostgreSQL");
        m.put(Pattern.compile("\\bnvcc\\b|build-ptx\\.sh"), "nvcc");
        m.put(Pattern.compile("chromium|page-load\\.sh"), "Chromium");
        m.put(Pattern.compile("gpu-bundle\\.sh|make-jre"), "a JDK's jlink and the network");
        m.put(Pattern.compile("(^|[;&|(]\\s*)mvn\\s"), "a Maven build");
        m.put(Pattern.compile("newcomer\\.sh"), "Maven and the build's dependencies");
        return m;
    }

    @Test
    void everyFencedBlockSaysWhatItIs() {
        List<String> bare = new ArrayList<>();
        for (DocPages.Page p : DocPages.all()) {
            for (DocPages.Block b : p.blocks()) {
                if (b.language().isEmpty()) {
                    bare.add(b.where());
                }
            }
        }
        assertTrue(bare.isEmpty(), "fenced blocks without a language (```bash, ```text, ```java ...): the shell "
                + "check cannot tell whether they are commands: " + bare);
    }

    @Test
    void everyShellBlockRunsWithoutAGpuOrSaysWhatItNeeds() {
        List<String> problems = new ArrayList<>();
        int marked = 0;
        int runnable = 0;
        for (DocPages.Page p : DocPages.handWritten()) {
            for (DocPages.Block b : p.blocks()) {
                if (!b.isShell()) {
                    continue;
                }
                String marker = b.marker();
                String problem = marker.isEmpty() ? unmarkedProblem(b) : markerProblem(b, marker);
                if (problem != null) {
                    problems.add(b.where() + ": " + problem);
                }
                if (marker.isEmpty()) {
                    runnable++;
                } else {
                    marked++;
                }
            }
        }
        if (!problems.isEmpty()) {
            fail(String.join("\n", problems));
        }
        assertTrue(runnable >= 5 && marked >= 5, "runnable " + runnable + ", marked " + marked);
    }

    /** An unmarked block runs in DocsCommandsIT: nothing in it may need a GPU, a cluster or a build. */
    static String unmarkedProblem(DocPages.Block b) {
        for (String line : commands(b)) {
            for (Map.Entry<Pattern, String> e : NEEDED_BY.entrySet()) {
                if (e.getKey().matcher(line).find()) {
                    return "'" + line + "' needs " + e.getValue() + ", which DocsCommandsIT (no GPU, no cluster) does "
                            + "not have: make the block's first line '# needs " + e.getValue() + "', or change the command";
                }
            }
        }
        return null;
    }

    /** A marker names a known need, or is CI's; CI's blocks hold only what CI (and DocsCommandsIT) runs. */
    static String markerProblem(DocPages.Block b, String marker) {
        if (marker.startsWith("# needs ")) {
            String what = marker.substring("# needs ".length());
            return NEEDS.stream().anyMatch(what::startsWith) ? null
                    : "'" + marker + "' names no known need; known: " + String.join("; ", NEEDS);
        }
        if (!marker.startsWith("# run by .ci/run")) {
            return "'" + marker + "': only .ci/run is known to run blocks";
        }
        String ci = read(DocPages.ROOT.resolve(".ci/run"));
        for (String line : commands(b)) {
            if (!ci.lines().map(String::strip).toList().contains(line) && DocsCommandsIT.afterBuild(line) == null) {
                return "'" + line + "' is neither a line of .ci/run nor 'mvn ... package && COMMAND' (whose COMMAND "
                        + "DocsCommandsIT runs)";
            }
        }
        return null;
    }

    /**
     * A command that a script's own header shows with a note ({@code #   CMD   # NOTE}, such as the
     * Kubernetes manifest's "edit image, args and the Secret first") keeps that note wherever the
     * docs show the command.
     */
    @Test
    void commandsKeepTheNotesTheirScriptsGiveThem() throws IOException {
        Map<String, String> notes = usageNotes();
        assertTrue(notes.containsKey("kubectl apply -f scripts/kubernetes/sns-suite-job.yaml"), notes.toString());
        List<String> dropped = new ArrayList<>();
        for (DocPages.Page p : DocPages.handWritten()) {
            for (DocPages.Block b : p.blocks()) {
                if (!b.isShell()) {
                    continue;
                }
                for (String line : b.lines()) {
                    String command = line.replaceFirst("\\s+#.*$", "").strip();
                    notes.forEach((usage, note) -> {
                        if (command.startsWith(usage) && !line.contains(note)) {
                            dropped.add(b.where() + ": '" + command + "' without its note '# " + note + "'");
                        }
                    });
                }
            }
        }
        assertTrue(dropped.isEmpty(), String.join("\n", dropped));
    }

    /** Known answers of the checks above, on blocks written here. */
    @Test
    void theChecksCatchWhatTheyAreFor() {
        DocPages.Page page = new DocPages.Page("docs/x.md", List.of(), java.util.Set.of(), List.of());
        DocPages.Block gpu = new DocPages.Block(page, "bash",
                List.of("java -jar benchmarks/target/benchmarks.jar GpuSample_01 -prof sns"), 1);
        assertTrue(unmarkedProblem(gpu).contains("needs a GPU host"), unmarkedProblem(gpu));
        DocPages.Block kube = new DocPages.Block(page, "bash", List.of("kubectl apply -f x.yaml"), 1);
        assertTrue(unmarkedProblem(kube).contains("a Kubernetes cluster"));
        DocPages.Block build = new DocPages.Block(page, "sh", List.of("cd x && mvn -B package"), 1);
        assertTrue(unmarkedProblem(build).contains("a Maven build"));
        DocPages.Block cpu = new DocPages.Block(page, "bash",
                List.of("java -jar benchmarks/target/benchmarks.jar CpuSample_01 -prof sns  # a comment: GpuSample"), 1);
        assertEquals(null, unmarkedProblem(cpu), "comments are not commands");
        DocPages.Block vague = new DocPages.Block(page, "bash", List.of("# needs luck", "true"), 1);
        assertTrue(markerProblem(vague, vague.marker()).contains("names no known need"));
        DocPages.Block ci = new DocPages.Block(page, "bash", List.of("# run by .ci/run", "mvn -B install"), 1);
        assertTrue(markerProblem(ci, ci.marker()).contains("neither a line of .ci/run"));
        DocPages.Block ciOk = new DocPages.Block(page, "bash", List.of("# run by .ci/run", "mvn -B verify"), 1);
        assertEquals(null, markerProblem(ciOk, ciOk.marker()));
        assertFalse(new DocPages.Block(page, "text", List.of("# needs x"), 1).isShell());
    }

    /** The block's command lines: comments and blank lines out, a trailing comment cut, continuations joined. */
    static List<String> commands(DocPages.Block b) {
        List<String> out = new ArrayList<>();
        StringBuilder pending = new StringBuilder();
        for (String raw : b.lines()) {
            String line = raw.strip();
            if (pending.length() == 0 && (line.isEmpty() || line.startsWith("#"))) {
                continue;
            }
            line = line.replaceFirst("\\s+#\\s.*$", "");
            if (line.endsWith("\\")) {
                pending.append(line, 0, line.length() - 1).append(' ');
                continue;
            }
            out.add((pending + line).strip());
            pending.setLength(0);
        }
        return out;
    }

    /** The usage lines with a note in the headers of scripts/: command, then the note. */
    static Map<String, String> usageNotes() throws IOException {
        Pattern usage = Pattern.compile("^#\\s{2,}(\\S.*?)\\s{2,}#\\s*(\\S.*)$");
        Map<String, String> notes = new LinkedHashMap<>();
        try (Stream<Path> files = Files.walk(DocPages.ROOT.resolve("scripts"))) {
            for (Path f : files.filter(Files::isRegularFile).toList()) {
                for (String line : read(f).lines().toList()) {
                    Matcher m = usage.matcher(line);
                    if (m.matches()) {
                        notes.put(m.group(1).strip(), m.group(2).strip());
                    }
                }
            }
        }
        return notes;
    }

    private static String read(Path f) {
        try {
            return Files.readString(f, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
