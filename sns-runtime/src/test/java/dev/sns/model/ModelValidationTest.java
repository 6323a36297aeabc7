package dev.sns.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sns.stats.Interval;
import java.lang.reflect.Method;
import java.util.List;
import org.junit.jupiter.api.Test;

class ModelValidationTest {
    static TimingResult.Builder valid() {
        return TimingResult.builder().name("k")
                .samplesMillis(new double[] {1.0, 2.0, 3.0})
                .percentilesMillis(1.2, 2.0, 2.8)
                .intervalMillis(new Interval(1.0, 3.0, 0.95))
                .tier(MeasurementTier.B, List.of("clocks not locked"))
                .clocks(ClockEvidence.none("test", false))
                .timer("fake", 0.0);
    }

    @Test
    void aValidResultBuilds() {
        TimingResult r = valid().work(2e9, Double.NaN).build();
        assertEquals(3, r.n());
        assertEquals(1.0, r.tflops(), 1e-12); // 2e9 flop in 2 ms
        assertTrue(Double.isNaN(r.gbPerSecond()));
        assertTrue(Double.isNaN(r.smClockCvPercent()));
        assertTrue(r.toString().contains("tier B"), r.toString());
    }

    /** A result says what its interval covers and, when known, where a repeat falls. */
    @Test
    void theScopeAndTheRepeatIntervalAreShown() {
        TimingResult call = valid().intervalScope(TimingResult.SCOPE_CALL).build();
        assertTrue(call.toString().contains("(95% within this call, n=3"), call.toString());
        assertTrue(call.toString().contains("a repeat call may read outside it: see the self-check"), call.toString());
        assertTrue(call.repeatIntervalMillis().isEmpty());
        TimingResult known = valid().intervalScope(TimingResult.SCOPE_CALL).repeat(0.6 / 100, new Interval(0.9, 3.1, 0.95))
                .build();
        assertTrue(known.toString().contains("repeat calls [0.9000, 3.100] ms (sd 0.60%, self-check)"), known.toString());
        TimingResult forks = valid().intervalScope("over 5 forks").build();
        assertTrue(forks.toString().contains("(95% over 5 forks, n=3, tier B)"), forks.toString());
        assertThrows(IllegalArgumentException.class, () -> valid().repeat(0.01, null).build());
        assertThrows(IllegalArgumentException.class, () -> valid().repeat(-1, new Interval(1, 2, 0.95)).build());
    }

    /** toBuilder keeps every part: every public no-argument accessor reads the same on the copy. */
    @Test
    void toBuilderKeepsEveryPart() throws Exception {
        TimingResult r = valid().windowIds(new int[] {0, 1, 1}).warmupCalls(7).innerReps(3).estimator("e")
                .bootstrap(dev.sns.stats.BootstrapSettings.defaults().withSeed(9)).work(2e9, 4e9)
                .launchOverhead(0.5, new Interval(0.4, 0.6, 0.95)).intervalScope(TimingResult.SCOPE_CALL)
                .repeat(0.01, new Interval(0.9, 3.1, 0.95)).build();
        TimingResult copy = r.toBuilder().build();
        int compared = 0;
        for (Method m : TimingResult.class.getMethods()) {
            if (m.getParameterCount() != 0 || m.getDeclaringClass() != TimingResult.class || m.getName().equals("toBuilder")
                    || java.lang.reflect.Modifier.isStatic(m.getModifiers())
                    || m.getName().equals("hashCode")) {
                continue;
            }
            Object a = m.invoke(r);
            Object b = m.invoke(copy);
            if (a instanceof double[] x) {
                assertTrue(java.util.Arrays.equals(x, (double[]) b), m.getName());
            } else if (a instanceof int[] x) {
                assertTrue(java.util.Arrays.equals(x, (int[]) b), m.getName());
            } else {
                assertEquals(a, b, m.getName());
            }
            compared++;
        }
        assertTrue(compared >= 25, "compared " + compared + " accessors");
        assertEquals("renamed", r.toBuilder().name("renamed").build().name());
    }

    @Test
    void badResultsNameTheBadValue() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> valid().samplesMillis(new double[0]).build());
        assertTrue(e.getMessage().contains("at least 1 sample, got 0"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
                () -> valid().samplesMillis(new double[] {1.0, -2.0}).build());
        assertTrue(e.getMessage().contains("sample 1 of 'k' is -2.0"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
                () -> valid().samplesMillis(new double[] {1.0, Double.NaN}).build());
        assertTrue(e.getMessage().contains("NaN"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> valid().innerReps(0).build());
        assertTrue(e.getMessage().contains("got 0"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> valid().percentilesMillis(3, 2, 1).build());
        assertThrows(IllegalArgumentException.class, () -> valid().work(-1, Double.NaN).build());
    }

    @Test
    void resultsCannotCollapseToABareNumber() {
        assertFalse(Number.class.isAssignableFrom(TimingResult.class));
        assertFalse(Number.class.isAssignableFrom(ComparisonResult.class));
        for (Method m : TimingResult.class.getMethods()) {
            assertFalse(m.getName().endsWith("Value") && m.getParameterCount() == 0, m.getName());
        }
    }

    @Test
    void samplesAreDefensivelyCopied() {
        double[] in = {1.0, 2.0, 3.0};
        TimingResult r = valid().samplesMillis(in).build();
        in[0] = 99;
        assertEquals(1.0, r.samplesMillis()[0]);
        r.samplesMillis()[1] = 99;
        assertEquals(2.0, r.samplesMillis()[1]);
    }

    @Test
    void comparisonComputesSpeedupAndTakesTheWorseTier() {
        TimingResult c = valid().build();
        TimingResult b = valid().percentilesMillis(3.0, 4.0, 5.0).tier(MeasurementTier.C, List.of("throttle")).build();
        ComparisonResult cr = new ComparisonResult(c, b, new Interval(1.5, 2.5, 0.95), null, "test",
                VerdictThresholds.defaults());
        assertEquals(2.0, cr.speedup(), 0.0);
        assertEquals(MeasurementTier.C, cr.tier());
        assertEquals(Verdict.NO_VERDICT, cr.verdict());
        assertTrue(cr.cycleSpeedupInterval().isEmpty());
    }

    @Test
    void zeroCandidateMedianIsAResolutionError() {
        TimingResult zero = valid().samplesMillis(new double[] {0, 0}).percentilesMillis(0, 0, 0)
                .intervalMillis(new Interval(0, 0, 0.95)).build();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new ComparisonResult(zero, valid().build(), new Interval(1, 1, 0.95), null, "t",
                        VerdictThresholds.defaults()));
        assertTrue(e.getMessage().contains("below the timer's resolution"), e.getMessage());
    }

    @Test
    void fingerprintArchFamilies() {
        assertEquals("Hopper", EnvironmentFingerprint.archFamily("9.0"));
        assertEquals("Ada", EnvironmentFingerprint.archFamily("8.9"));
        assertEquals("Ampere", EnvironmentFingerprint.archFamily("8.0"));
        assertEquals("Turing", EnvironmentFingerprint.archFamily("7.5"));
        assertEquals("Volta", EnvironmentFingerprint.archFamily("7.0"));
        assertEquals("Blackwell", EnvironmentFingerprint.archFamily("10.0"));
        assertEquals("unknown-sm42", EnvironmentFingerprint.archFamily("4.2"));
        assertEquals("", EnvironmentFingerprint.archFamily(""));
        assertEquals("", EnvironmentFingerprint.archFamily("x.y"));
    }

    @Test
    void fingerprintsMatchOnlyExactly() {
        EnvironmentFingerprint a = new EnvironmentFingerprint("17", "v", "0.1", "1.37", "12.6.0", "13000", "580.1",
                "NVIDIA H200", "9.0", "Hopper", 132, 62914560L);
        EnvironmentFingerprint b = new EnvironmentFingerprint("17", "v", "0.1", "1.37", "12.6.0", "13000", "580.2",
                "NVIDIA H200", "9.0", "Hopper", 132, 62914560L);
        assertTrue(a.matches(a));
        assertFalse(a.matches(b));
        assertEquals("580.1", a.asMap().get("nvmlDriverVersion"));
    }
}
