package dev.sns.clocks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sns.fakes.ChildJvm;
import dev.sns.fakes.FakeNvidiaSmi;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Fault group "the host is killed with kill -9 while the clocks are locked": its record stays on disk,
 * and the next lock or {@code ClockState} restores the clocks ({@code -rgc}, {@code -rmc}) and removes
 * it; a record of a process still running is left alone. Against a fake nvidia-smi only.
 */
class ClockStateTest {
    @TempDir
    Path tmp;
    private Path stateDir;
    private String saved;
    private FakeNvidiaSmi smi;

    @BeforeEach
    void ownStateDir() {
        stateDir = tmp.resolve("state");
        saved = System.getProperty(ClockState.PROPERTY);
        System.setProperty(ClockState.PROPERTY, stateDir.toString());
        smi = FakeNvidiaSmi.create(tmp);
    }

    @AfterEach
    void putBack() {
        if (saved == null) {
            System.clearProperty(ClockState.PROPERTY);
        } else {
            System.setProperty(ClockState.PROPERTY, saved);
        }
    }

    /** A JVM that locks the clocks through the fake and is killed: returns its pid, with its record checked. */
    private long killedWhileLocked() throws Exception {
        try (ChildJvm host = ChildJvm.start(LockThenHaltMain.class, List.of("-D" + ClockState.PROPERTY + "=" + stateDir),
                smi.executable().toString())) {
            host.awaitLine("locked", 60);
            assertEquals(9, host.waitFor(60), host.output());
            assertEquals("1500", smi.read("sm"), "the killed host left the clocks locked");
            Path record = stateDir.resolve("locked-device-0.properties");
            assertTrue(Files.readString(record).contains("pid=" + host.pid()), Files.readString(record));
            return host.pid();
        }
    }

    @Test
    void recoverAbandonedRestoresAKilledHostsClocksAndLeavesALiveOnesRecord() throws Exception {
        long pid = killedWhileLocked();
        ClockState.locking(NvidiaSmi.at(smi.executable()), "1"); // this JVM's own lock on GPU 1: alive
        smi.write("calls.log", "");
        List<String> log = new ArrayList<>();
        assertEquals(List.of("0"), ClockState.recoverAbandoned(NvidiaSmi.at(smi.executable()), log::add));
        assertEquals(List.of("-i 0 -rgc", "-i 0 -rmc"), smi.writes());
        assertEquals("345", smi.read("sm"));
        assertEquals(1, log.size(), log.toString());
        assertTrue(log.get(0).contains("were left locked by process " + pid + ", which is gone (killed?): restored them "
                + "with " + smi.executable() + " -i 0 -rgc and -rmc"), log.get(0));
        assertFalse(Files.exists(stateDir.resolve("locked-device-0.properties")), "the record outlived the restore");
        assertTrue(Files.exists(stateDir.resolve("locked-device-1.properties")), "a live process's record went");
        ClockState.restored("1");
    }

    @Test
    void theNextLockRestoresAKilledHostsClocksFirst() throws Exception {
        killedWhileLocked();
        smi.write("calls.log", "");
        LockedClockPolicy next = new LockedClockPolicy(NvidiaSmi.at(smi.executable()), "0", 1965, null, null);
        next.apply();
        next.restore();
        assertEquals(List.of("-i 0 -rgc", "-i 0 -rmc", "-i 0 -lgc 1965,1965", "-i 0 -rgc"), smi.writes());
        assertEquals("", next.restoreFailure());
        try (var records = Files.list(stateDir)) {
            assertEquals(0, records.filter(p -> p.getFileName().toString().startsWith("locked-device-")).count());
        }
    }

    @Test
    void clockStatesCommandExitsOneWhileSomethingStaysLockedAndZeroOnceRestored() throws Exception {
        assertEquals(0, run(new String[] {smi.executable().toString()}, "sns: no GPU clocks were left locked by a killed run"));

        killedWhileLocked();
        smi.mode("fail"); // the restore fails: the record stays, and the command says so
        assertEquals(1, run(new String[] {smi.executable().toString()}, "could not be restored", "some records remain"));
        assertTrue(Files.exists(stateDir.resolve("locked-device-0.properties")));

        smi.mode("ok");
        assertEquals(1, run(new String[] {tmp.resolve("no-such-smi").toString()}, "no nvidia-smi is at hand to restore "
                + "them: run nvidia-smi -i 0 -rgc -rmc"), "without an nvidia-smi of its own nothing is restored");
        assertEquals("1500", smi.read("sm"));
        assertEquals(0, run(new String[] {smi.executable().toString()}, "restored 1 GPU(s)"));
        assertEquals("345", smi.read("sm"));
    }

    /**
     * The records live in a directory others may write (the default is in /tmp): a record naming some
     * other program as its nvidia-smi must never make a run (with the privileges a clock lock needs)
     * execute it. The restore uses the caller's own nvidia-smi.
     */
    @Test
    void aPlantedRecordNeverRunsTheProgramItNames() throws Exception {
        Path ran = tmp.resolve("planted-program-ran");
        Path planted = tmp.resolve("planted-smi");
        Files.writeString(planted, "#!/bin/sh\ntouch " + ran + "\n");
        planted.toFile().setExecutable(true);
        Process gone = new ProcessBuilder("true").start();
        gone.waitFor();
        Files.createDirectories(stateDir);
        Files.writeString(stateDir.resolve("locked-device-0.properties"), "pid=" + gone.pid() + "\ndevice=0\nsmi="
                + planted + "\n");
        List<String> log = new ArrayList<>();
        assertEquals(List.of("0"), ClockState.recoverAbandoned(NvidiaSmi.at(smi.executable()), log::add));
        assertFalse(Files.exists(ran), "the program named in the record was run");
        assertEquals(List.of("-i 0 -rgc", "-i 0 -rmc"), smi.writes(), "restored with the caller's own nvidia-smi");
        assertTrue(log.get(0).contains("restored them with " + smi.executable()), log.toString());
    }

    private static int run(String[] args, String... expected) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int rc = ClockState.run(args, new PrintStream(out, true, StandardCharsets.UTF_8));
        String text = out.toString(StandardCharsets.UTF_8);
        for (String e : expected) {
            assertTrue(text.contains(e), "'" + e + "' not in:\n" + text);
        }
        return rc;
    }
}
