package dev.sns.reports.history;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

/**
 * What a run report does not say about where a run came from, recorded with it in the history.
 * Unknown text is {@code ""}, never null.
 *
 * @param gitCommit the benchmarked project's commit (full hash), "" when it is not a git checkout
 * @param gitBranch its branch, "" when unknown or detached
 * @param gitDirty whether the checkout had uncommitted changes to tracked files (false when unknown)
 * @param runGroup the suite run this run belongs to: shards of one suite run share it
 *     ({@code history merge} merges them); a fresh random id when the run is not sharded
 * @param host the machine that ran it
 * @param source how the run reached the history: "jmh" for a run recorded as it finished,
 *     "import:FILE" for a backfilled results.json
 * @param shardIndex which shard of its run group the run was, from 1; 0 when it was not sharded
 * @param shardCount how many shards the group was split into; 0 when it was not sharded
 */
public record RunContext(String gitCommit, String gitBranch, boolean gitDirty, String runGroup, String host,
                         String source, int shardIndex, int shardCount) {
    /** How long one git command may take before its answer is taken as unknown. */
    private static final long GIT_TIMEOUT_SECONDS = 10;

    public RunContext {
        gitCommit = text(gitCommit);
        gitBranch = text(gitBranch);
        runGroup = runGroup == null || runGroup.isBlank() ? newRunGroup() : runGroup.strip();
        host = text(host);
        source = text(source);
        if (shardCount < 0 || shardIndex < 0 || shardIndex > shardCount || (shardCount > 0) != (shardIndex > 0)) {
            throw new IllegalArgumentException("shard " + shardIndex + "/" + shardCount + " is not a shard: from 1/N to "
                    + "N/N, or 0/0 for a run that was not sharded");
        }
    }

    /** The context of a run that was not sharded. */
    public RunContext(String gitCommit, String gitBranch, boolean gitDirty, String runGroup, String host, String source) {
        this(gitCommit, gitBranch, gitDirty, runGroup, host, source, 0, 0);
    }

    /**
     * The context of a run of the project in {@code projectDir}: its git commit, branch and dirty
     * flag (empty values when git is missing or the directory is not a checkout, never an
     * exception), this host's name, the run group from the environment variable
     * {@code SNS_RUN_GROUP} or a fresh one, and source "jmh".
     */
    public static RunContext detect(Path projectDir) {
        String commit = git(projectDir, "rev-parse", "--verify", "-q", "HEAD");
        String branch = commit.isEmpty() ? "" : git(projectDir, "symbolic-ref", "--short", "-q", "HEAD");
        boolean dirty = !commit.isEmpty() && !git(projectDir, "status", "--porcelain", "--untracked-files=no").isEmpty();
        return new RunContext(commit, branch, dirty, System.getenv("SNS_RUN_GROUP"), hostName(), "jmh");
    }

    /** Nothing known: for tests and imports that say nothing else. */
    public static RunContext unknown(String source) {
        return new RunContext("", "", false, null, "", source);
    }

    /** This context in another run group (every shard of a suite run is handed the same one). */
    public RunContext withRunGroup(String group) {
        return new RunContext(gitCommit, gitBranch, gitDirty, group, host, source, shardIndex, shardCount);
    }

    /** This context as shard {@code index} of {@code count} (1-based) of its run group. */
    public RunContext withShard(int index, int count) {
        return new RunContext(gitCommit, gitBranch, gitDirty, runGroup, host, source, index, count);
    }

    /** Whether the run was one shard of a group. */
    public boolean sharded() {
        return shardCount > 0;
    }

    /** A fresh run-group id. */
    public static String newRunGroup() {
        return UUID.randomUUID().toString();
    }

    /**
     * One git command's first line of output, run as an argument list (no shell) in {@code dir};
     * "" when git is missing, fails, times out or prints nothing.
     */
    static String git(Path dir, String... args) {
        if (dir == null || !Files.isDirectory(dir)) {
            return "";
        }
        List<String> command = new java.util.ArrayList<>(List.of("git", "-C", dir.toAbsolutePath().toString()));
        command.addAll(List.of(args));
        Process p = null;
        try {
            p = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD)
                    .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null"))).start();
            String out;
            try (InputStream in = p.getInputStream()) {
                out = new String(in.readNBytes(1 << 16), StandardCharsets.UTF_8);
            }
            if (!p.waitFor(GIT_TIMEOUT_SECONDS, TimeUnit.SECONDS) || p.exitValue() != 0) {
                return "";
            }
            String first = out.lines().findFirst().orElse("");
            return first.strip();
        } catch (IOException e) {
            return "";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "";
        } finally {
            if (p != null && p.isAlive()) {
                p.destroyForcibly();
            }
        }
    }

    private static String hostName() {
        String env = System.getenv("HOSTNAME");
        if (env != null && !env.isBlank()) {
            return env.strip();
        }
        try {
            return Files.readString(Path.of("/etc/hostname"), StandardCharsets.UTF_8).strip();
        } catch (IOException | RuntimeException e) {
            try {
                return java.net.InetAddress.getLocalHost().getHostName();
            } catch (IOException | RuntimeException again) {
                return "";
            }
        }
    }

    private static String text(String s) {
        return s == null ? "" : s.strip();
    }

    @Override
    public String toString() {
        return "commit " + (gitCommit.isEmpty() ? "unknown" : gitCommit) + (gitDirty ? " (dirty)" : "")
                + (gitBranch.isEmpty() ? "" : " on " + gitBranch) + ", run group " + runGroup
                + (sharded() ? ", shard " + shardIndex + "/" + shardCount : "")
                + (host.isEmpty() ? "" : ", host " + host) + ", " + Objects.requireNonNullElse(source, "");
    }
}
