package dev.sns.jmh.faults;

import static dev.sns.jmh.faults.FaultRuns.entry;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sns.fakes.ChildJvm;
import dev.sns.jmh.host.RunReports;
import dev.sns.jmh.host.SnsMain;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Fault group "two runs, one report directory": one writer per directory, through an operating-system
 * lock on {@code out/.sns-run.lock} that another process holds; the second run is refused before any
 * fork, naming the first run's pid, and runs once the first is gone.
 */
class ReportDirectoryLockFaultIT {
    @TempDir
    Path tmp;
    private String[] saved;

    @BeforeEach
    void fakeGpu() {
        saved = FaultRuns.before(tmp.resolve("clock-state"));
    }

    @AfterEach
    void putBack() {
        FaultRuns.after(saved);
    }

    @Test
    void aSecondRunIntoADirectoryAnotherProcessWritesIsRefusedNamingItsPidThenRunsOnceItEnds() throws Exception {
        Path out = tmp.resolve("out");
        try (ChildJvm other = ChildJvm.start(FaultChildMain.class, List.of(), "hold", out.toString())) {
            String holding = other.awaitLine("holding pid ", 60);
            assertEquals("holding pid " + other.pid(), holding);

            FaultRuns.Outcome refused = FaultRuns.snsMain("B_CpuBench", "out=" + out);
            assertEquals(SnsMain.USAGE, refused.rc(), refused.toString());
            assertTrue(refused.err().contains("sns: out=" + out + " is being written by another sns run (pid "
                    + other.pid() + " on "), refused.toString());
            assertTrue(refused.err().contains("wait for it to finish, or choose another out=DIR"), refused.toString());
            assertFalse(refused.out().contains("# Benchmark:"), "a fork ran:\n" + refused);
            assertFalse(Files.exists(out.resolve("results.json")), "the refused run wrote a report");

            other.closeInput();
            assertEquals(0, other.waitFor(60), other.output());
        }
        FaultRuns.Outcome ran = FaultRuns.snsMain("B_CpuBench", "out=" + out, "-v", "SILENT");
        assertEquals(SnsMain.OK, ran.rc(), ran.toString());
        assertEquals("ok", entry(FaultRuns.json(out.resolve("results.json")), "dev.sns.jmh.bench.B_CpuBench.burn")
                .get("status").asText());
        assertFalse(ran.out().contains("recovered"), "the other run ended properly: nothing to recover\n" + ran);
    }

    /** Two runs of one JVM (tests, -f 0) are two writers too: the lock is per directory, not per process. */
    @Test
    void aSecondWriterInTheSameJvmIsRefusedAndTheDirectoryIsFreeAfterFinish() throws Exception {
        Path out = tmp.resolve("out");
        PrintStream quiet = new PrintStream(new ByteArrayOutputStream());
        RunReports first = RunReports.open(FaultChildMain.options(out), Map.of(), quiet);
        IOException e = assertThrows(IOException.class, () -> RunReports.open(FaultChildMain.options(out), Map.of(), quiet));
        assertTrue(e.getMessage().contains("is being written by another sns run (pid " + ProcessHandle.current().pid()),
                e.getMessage());
        first.finish();
        RunReports.open(FaultChildMain.options(out), Map.of(), quiet).finish();
        assertFalse(Files.exists(out.resolve("results.journal")), "a finished run leaves no journal");
    }
}
