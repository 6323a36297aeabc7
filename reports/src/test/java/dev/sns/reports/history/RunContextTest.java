package dev.sns.reports.history;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Git commit, branch and dirty flag read by running git (no shell); anything else is empty, never an exception. */
class RunContextTest {
    @TempDir
    Path dir;

    @Test
    void aCheckoutGivesItsCommitBranchAndDirtyFlag() throws Exception {
        Assumptions.assumeTrue(!RunContext.git(Path.of("."), "--version").isEmpty(), "git is not installed");
        git("init", "-q", "-b", "trunk");
        Files.writeString(dir.resolve("a.txt"), "one");
        git("add", "a.txt");
        git("-c", "user.name=t", "-c", "user.email=t@example.invalid", "commit", "-q", "-m", "first");
        RunContext clean = RunContext.detect(dir);
        assertEquals(40, clean.gitCommit().length(), clean.toString());
        assertEquals(RunContext.git(dir, "rev-parse", "HEAD"), clean.gitCommit());
        assertEquals("trunk", clean.gitBranch());
        assertFalse(clean.gitDirty());
        Files.writeString(dir.resolve("a.txt"), "two");
        assertTrue(RunContext.detect(dir).gitDirty(), "a changed tracked file");
        Files.writeString(dir.resolve("a.txt"), "one");
        Files.writeString(dir.resolve("untracked.txt"), "x");
        assertFalse(RunContext.detect(dir).gitDirty(), "untracked files (reports, say) do not count");
        git("checkout", "-q", "--detach");
        assertEquals("", RunContext.detect(dir).gitBranch(), "detached: no branch");
    }

    @Test
    void notACheckoutOrNoDirectoryGivesEmptyValues() {
        for (Path p : new Path[] {dir, dir.resolve("missing"), null}) {
            RunContext c = RunContext.detect(p);
            assertEquals("", c.gitCommit());
            assertEquals("", c.gitBranch());
            assertFalse(c.gitDirty());
            assertEquals("jmh", c.source());
        }
    }

    @Test
    void everyRunGetsARunGroupAndShardsCanShareOne() {
        RunContext a = RunContext.unknown("x");
        RunContext b = RunContext.unknown("x");
        assertNotEquals(a.runGroup(), b.runGroup());
        assertEquals("suite-7", a.withRunGroup("suite-7").runGroup());
        assertEquals("suite-7", new RunContext(null, null, false, " suite-7 ", null, null).runGroup());
    }

    private void git(String... args) throws Exception {
        String[] cmd = new String[args.length + 3];
        cmd[0] = "git";
        cmd[1] = "-C";
        cmd[2] = dir.toString();
        System.arraycopy(args, 0, cmd, 3, args.length);
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        assertEquals(0, p.waitFor(), String.join(" ", cmd) + ": " + out);
    }
}
