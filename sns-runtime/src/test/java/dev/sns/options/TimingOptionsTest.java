package dev.sns.options;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sns.timing.EventStream;
import dev.sns.timing.LaunchMode;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The one option table: every surface reads the same keys, defaults and checks. */
class TimingOptionsTest {
    /** A value other than the default for every option, in its text form. */
    private static final Map<String, String> OTHER = Map.ofEntries(
            Map.entry("timer", "wall"), Map.entry("devices", "1,GPU-5f2c"), Map.entry("flushL2", "true"),
            Map.entry("flushBytes", "1048576"), Map.entry("innerReps", "8"), Map.entry("targetMs", "2.5"),
            Map.entry("maxInnerReps", "64"), Map.entry("launch", "graph"), Map.entry("eventStream", "legacy"),
            Map.entry("launchOverhead", "false"), Map.entry("clocks", "lock:1500,3201"), Map.entry("smi", "/opt/smi"),
            Map.entry("confidence", "0.9"), Map.entry("resamples", "500"), Map.entry("seed", "0x2A"),
            Map.entry("faster", "1.1"), Map.entry("slower", "0.9"), Map.entry("telemetryMs", "5"),
            Map.entry("warmup", "7"), Map.entry("minWarmupMs", "3"), Map.entry("iterations", "40"),
            Map.entry("minSamplingMs", "20"), Map.entry("windows", "4"), Map.entry("streams", "2"), Map.entry("interleave", "false"),
            Map.entry("flopsPerCall", "2000"), Map.entry("bytesPerCall", "4096"), Map.entry("verdictOn", "net"),
            Map.entry("kernels", "true"), Map.entry("kernelCalls", "7"), Map.entry("precision", "bf16-tensor"),
            Map.entry("repeatSdPct", "0.6"), Map.entry("halfWidth", "0.5%"), Map.entry("maxSamplingMs", "2000"),

            Map.entry("energy", "true"), Map.entry("energyUpdates", "3"), Map.entry("energyIdle", "false"),
            Map.entry("energyCool", "45C"), Map.entry("energyMargin", "0.1"), Map.entry("energyWindows", "20"));

    @Test
    void keysAreUniqueAndDescribeListsThemInTableOrder() {
        Set<String> keys = new HashSet<>();
        List<String> order = new ArrayList<>();
        for (TimingOption<?> o : TimingOptions.ALL) {
            assertTrue(keys.add(o.key()), "key twice: " + o.key());
            order.add(o.key());
            assertFalse(o.help().isBlank(), o.key());
            assertFalse(o.values().isBlank(), o.key());
            assertEquals(o.scope() == TimingOption.Scope.API, !o.notUnderJmh().isEmpty(),
                    o.key() + ": an API-only option says what does its job under JMH, and only such an option");
        }
        assertEquals(order, new ArrayList<>(SnsOptions.defaults().describe().keySet()));
        assertEquals(keys, OTHER.keySet(), "the test has a value for every option");
    }

    @Test
    void everyDefaultReadsBackAsTheDefault() {
        SnsOptions.Builder b = SnsOptions.builder();
        for (TimingOption<?> o : TimingOptions.ALL) {
            b.set(o.key(), o.defaultText());
        }
        assertEquals(SnsOptions.defaults().describe(), b.build().describe());
    }

    @Test
    void everyOptionIsSetByItsKeyShownAndKeptByToBuilder() {
        SnsOptions.Builder b = SnsOptions.builder();
        OTHER.forEach(b::set);
        SnsOptions o = b.build();
        for (TimingOption<?> t : TimingOptions.ALL) {
            assertNotEquals(t.defaultText(), t.show(o), t.key() + " did not change");
        }
        assertEquals(o.describe(), o.toBuilder().build().describe());
        assertEquals("0x2A", o.describe().get("seed"));
        assertEquals(42L, o.bootstrap().seed());
        assertEquals(LaunchMode.GRAPH, o.launch());
        assertEquals(EventStream.LEGACY, o.eventStream());
        assertEquals(2.5, o.targetMs());
        assertEquals(1.1, o.thresholds().fasterLowerBound());
        assertEquals("lock:1500,3201", o.clocksSpec());
    }

    @Test
    void badKeysAndValuesAreNamedWithWhatIsAccepted() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> SnsOptions.builder().set("flush", "1"));
        assertTrue(e.getMessage().contains("unknown sns option 'flush' (did you mean flushL2?)"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> SnsOptions.builder().set("innerReps", "0"));
        assertTrue(e.getMessage().contains("innerReps=0 is invalid") && e.getMessage().contains("(accepted: n>=1|auto)"),
                e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> SnsOptions.builder().set("eventStream", "mine"));
        assertTrue(e.getMessage().contains("eventStream must be one of timed, legacy; got 'mine'"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> SnsOptions.builder().set("targetMs", "soon"));
        assertTrue(e.getMessage().contains("targetMs must be a number, got 'soon'"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> SnsOptions.builder().set("clocks", "lock:fast"));
        assertTrue(e.getMessage().contains("got 'fast'"), e.getMessage());
    }

    @Test
    void scopesSplitTheTable() {
        List<TimingOption<?>> api = TimingOptions.in(TimingOption.Scope.API);
        List<TimingOption<?>> run = TimingOptions.in(TimingOption.Scope.RUN);
        List<TimingOption<?>> bench = TimingOptions.in(TimingOption.Scope.BENCHMARK);
        assertEquals(TimingOptions.ALL.size(), api.size() + run.size() + bench.size());
        assertTrue(api.stream().anyMatch(o -> o.key().equals("interleave")), "sample round-robin is the API's alone");
        assertTrue(bench.stream().anyMatch(o -> o.key().equals("launch")));
        assertTrue(run.stream().anyMatch(o -> o.key().equals("seed")));
    }

    @Test
    void helpListsEveryGivenOptionWithItsDefault() {
        String help = OptionLine.help("title", TimingOptions.ALL);
        for (TimingOption<?> o : TimingOptions.ALL) {
            assertTrue(help.contains("  " + o.key() + " "), o.key() + " missing from:\n" + help);
        }
        assertTrue(help.contains("default blocking"), help);
        assertTrue(help.contains("default auto"), help);
    }

    @Test
    void theLineFormIsReadInOrderAndRejectsEntriesWithoutValues() {
        assertEquals(List.of("a", "b"), new ArrayList<>(OptionLine.parse(" a=1 ; b = 2;", "").keySet()));
        assertEquals("3", OptionLine.parse("a=1;a=3", "").get("a"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> OptionLine.parse("flushL2", ""));
        assertTrue(e.getMessage().contains("'flushL2' has no value"), e.getMessage());
        e = assertThrows(OptionLine.HelpRequested.class, () -> OptionLine.parse("help", "the table"));
        assertEquals("the table", e.getMessage());
    }
}
