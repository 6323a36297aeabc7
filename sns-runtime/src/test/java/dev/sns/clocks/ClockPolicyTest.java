package dev.sns.clocks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sns.fakes.FakeNvidiaSmi;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Clock policies against a fake nvidia-smi (never the real one: the GPU host's clocks stay untouched). */
class ClockPolicyTest {
    @TempDir
    Path tmp;

    private NvidiaSmi smi(FakeNvidiaSmi fake) {
        return NvidiaSmi.onPath(fake.path());
    }

    @Test
    void findsTheFakeFirstOnPath() {
        FakeNvidiaSmi fake = FakeNvidiaSmi.create(tmp);
        assertEquals(fake.executable(), smi(fake).executable());
        ClockLockError e = assertThrows(ClockLockError.class, () -> NvidiaSmi.onPath(tmp.resolve("nowhere").toString()));
        assertTrue(e.getMessage().contains("smi=/path/to/nvidia-smi"), e.getMessage());
    }

    @Test
    void lockVerifiesByReadbackAndRestores() {
        FakeNvidiaSmi fake = FakeNvidiaSmi.create(tmp);
        LockedClockPolicy p = new LockedClockPolicy(smi(fake), "0", 1500, 3201, null);
        p.apply();
        assertTrue(p.locked());
        assertEquals("1500", fake.read("sm"));
        p.restore();
        assertFalse(p.locked());
        assertEquals("345", fake.read("sm"));
        assertEquals(List.of("-i 0 -lgc 1500,1500", "-i 0 -lmc 3201,3201", "-i 0 -rgc", "-i 0 -rmc"), fake.writes());
        p.restore(); // idempotent: nothing more to undo
        assertEquals(4, fake.writes().size());
    }

    @Test
    void aRefusedWriteThatExitsZeroIsCaughtByReadbackAndUndone() {
        FakeNvidiaSmi fake = FakeNvidiaSmi.create(tmp).mode("refuse");
        LockedClockPolicy p = new LockedClockPolicy(smi(fake), "0", 1500, null, null);
        ClockLockError e = assertThrows(ClockLockError.class, p::apply);
        assertTrue(e.getMessage().contains("requested SM clock 1500 MHz on device 0, device reports 345 MHz"), e.getMessage());
        assertFalse(p.locked());
        assertEquals(List.of("-i 0 -lgc 1500,1500", "-i 0 -rgc"), fake.writes());
    }

    @Test
    void aLyingReadbackIsRefused() {
        FakeNvidiaSmi fake = FakeNvidiaSmi.create(tmp).mode("lie");
        LockedClockPolicy p = new LockedClockPolicy(smi(fake), "0", 1500, null, null);
        ClockLockError e = assertThrows(ClockLockError.class, p::apply);
        assertTrue(e.getMessage().contains("device reports 1700 MHz"), e.getMessage());
        assertTrue(fake.writes().contains("-i 0 -rgc"));
    }

    @Test
    void aFailingToolIsAnErrorWithItsMessageAndStillRestores() {
        FakeNvidiaSmi fake = FakeNvidiaSmi.create(tmp).mode("fail");
        LockedClockPolicy p = new LockedClockPolicy(smi(fake), "0", 1500, null, null);
        java.io.ByteArrayOutputStream err = new java.io.ByteArrayOutputStream();
        java.io.PrintStream saved = System.err;
        System.setErr(new java.io.PrintStream(err, true));
        ClockLockError e;
        try {
            e = assertThrows(ClockLockError.class, p::apply);
        } finally {
            System.setErr(saved);
        }
        // the restore after the failed lock fails too (the tool fails every call), and says so
        assertTrue(err.toString().contains("RESTORING THE GPU'S CLOCKS FAILED"), err.toString());
        assertTrue(p.restoreFailure().contains("-rgc"), p.restoreFailure());
        assertTrue(e.getMessage().contains("exited 15: Unable to determine the device handle"), e.getMessage());
        assertTrue(fake.calls().contains("-i 0 -rgc"), fake.calls().toString());
    }

    @Test
    void powerCapIsVerifiedAndTheOriginalRestored() {
        FakeNvidiaSmi fake = FakeNvidiaSmi.create(tmp);
        LockedClockPolicy p = new LockedClockPolicy(smi(fake), "0", 1500, null, 600);
        p.apply();
        assertEquals("600", fake.read("power"));
        p.restore();
        assertEquals("700", fake.read("power"));
        assertEquals(List.of("-i 0 -lgc 1500,1500", "-i 0 -pl 600", "-i 0 -rgc", "-i 0 -pl 700"), fake.writes());
        assertEquals("lock:1500,power=600", p.describe());
    }

    @Test
    void aFailedRestoreSaysHowToFixItInsteadOfThrowing() {
        FakeNvidiaSmi fake = FakeNvidiaSmi.create(tmp);
        LockedClockPolicy p = new LockedClockPolicy(smi(fake), "0", 1500, null, null);
        p.apply();
        fake.mode("fail-restore");
        java.io.ByteArrayOutputStream err = new java.io.ByteArrayOutputStream();
        java.io.PrintStream saved = System.err;
        System.setErr(new java.io.PrintStream(err, true));
        try {
            p.restore();
        } finally {
            System.setErr(saved);
        }
        assertTrue(err.toString().contains("RESTORING THE GPU'S CLOCKS FAILED"), err.toString());
        assertTrue(err.toString().contains("-i 0 -rgc"), err.toString());
    }

    @Test
    void maxPolicyLocksTheHighestSupportedPair() {
        FakeNvidiaSmi fake = FakeNvidiaSmi.create(tmp);
        MaxClockPolicy p = new MaxClockPolicy(smi(fake), "0");
        p.apply();
        assertTrue(p.locked());
        assertEquals("1980", fake.read("sm"));
        assertTrue(fake.writes().contains("-i 0 -lgc 1980,1980"), fake.writes().toString());
        assertTrue(fake.writes().contains("-i 0 -lmc 3201,3201"), fake.writes().toString());
        p.restore();
        assertEquals("345", fake.read("sm"));
    }

    @Test
    void maxPolicyWithoutSupportedClocksRefusesToGuess() {
        FakeNvidiaSmi fake = FakeNvidiaSmi.create(tmp);
        fake.write("supported", "");
        ClockLockError e = assertThrows(ClockLockError.class, () -> new MaxClockPolicy(smi(fake), "0").apply());
        assertTrue(e.getMessage().contains("lists no supported clocks"), e.getMessage());
        assertTrue(fake.writes().isEmpty(), fake.writes().toString());
    }

    @Test
    void parseAndValidateSpecs() {
        assertSame(UnlockedClockPolicy.INSTANCE, ClockPolicies.parse("unlocked", null, "0"));
        FakeNvidiaSmi fake = FakeNvidiaSmi.create(tmp);
        String path = fake.executable().toString();
        assertEquals("lock:1500,3201,power=600", ClockPolicies.parse("lock:1500,3201,power=600", path, "0").describe());
        assertEquals("lock:1410", ClockPolicies.parse("lock:1410", path, "0").describe());
        assertEquals("max", ClockPolicies.parse("max", path, "0").describe());
        ClockPolicies.validate("lock:1500,3201");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ClockPolicies.validate("lock:fast"));
        assertTrue(e.getMessage().contains("got 'fast'"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> ClockPolicies.validate("locked"));
        assertTrue(e.getMessage().contains("lock:SM[,MEM][,power=W]"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> ClockPolicies.validate("lock:1,2,3"));
        assertThrows(IllegalArgumentException.class, () -> ClockPolicies.validate("lock:1500,power=-5"));
    }

    /** Output captured from `nvidia-smi --query-supported-clocks=memory,graphics --format=csv,noheader,nounits` on the H200. */
    @Test
    void parsesSupportedClocksCapturedOnTheH200() throws Exception {
        String csv = new String(getClass().getResourceAsStream("/dev/sns/clocks/h200-supported-clocks.csv").readAllBytes(),
                java.nio.charset.StandardCharsets.UTF_8);
        List<int[]> pairs = NvidiaSmi.parseSupportedClocks(csv);
        assertTrue(pairs.size() > 100, "pairs " + pairs.size());
        int[] top = MaxClockPolicy.highest(pairs, "0");
        assertEquals(3201, top[0]);
        assertEquals(1980, top[1]);
        assertTrue(pairs.stream().anyMatch(p -> p[1] == 345));
        assertEquals(0, NvidiaSmi.parseSupportedClocks("memory [MHz], graphics [MHz]\n").size());
    }
}
