package dev.sns.jmh.link;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sns.timing.LaunchMode;
import dev.sns.jmh.SnsProfiler;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.profile.ProfilerException;

class ProfilerOptionsTest {
    @Test
    void defaultsAndValues() {
        ProfilerOptions o = ProfilerOptions.parse("");
        assertEquals("auto", o.get("timer"));
        assertEquals(0, o.timing().innerReps());
        assertEquals("sns-results", o.get("out"));
        assertEquals(0xC0FFEEL, o.timing().bootstrap().seed());
        assertEquals(LaunchMode.BLOCKING, o.timing().launch());
        ProfilerOptions p = ProfilerOptions.parse("timer=cuda;innerReps=8;launch=graph;seed=42;clocks=lock:1500,3201");
        assertEquals(8, p.timing().innerReps());
        assertEquals(LaunchMode.GRAPH, p.timing().launch());
        assertEquals(42L, p.timing().bootstrap().seed());
        assertEquals("lock:1500,3201", p.get("clocks"));
    }

    @Test
    void unknownKeysAndBadValuesAreNamed() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ProfilerOptions.parse("tim=cuda"));
        assertTrue(e.getMessage().contains("unknown sns option 'tim' (did you mean timer?)"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> ProfilerOptions.parse("innerReps=0"));
        assertTrue(e.getMessage().contains("innerReps=0"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> ProfilerOptions.parse("clocks=lock:fast"));
        assertTrue(e.getMessage().contains("got 'fast'"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> ProfilerOptions.parse("flushL2"));
        assertTrue(e.getMessage().contains("has no value"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> ProfilerOptions.parse("formats=json,pdf"));
        assertTrue(e.getMessage().contains("'pdf'"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> ProfilerOptions.parse("confidence=95"));
        assertTrue(e.getMessage().contains("confidence=95"), e.getMessage());
    }

    @Test
    void shardsAreKOfNFromOneOrAutoAndTheGroupAnId() {
        ProfilerOptions p = ProfilerOptions.parse("shard=2/4;group=nightly");
        assertTrue(p.sharded());
        assertEquals("2/4", p.shard(java.util.Map.of()).orElseThrow().toString());
        assertEquals("nightly", p.group(java.util.Map.of("SNS_RUN_GROUP", "other")).orElseThrow());
        ProfilerOptions auto = ProfilerOptions.parse("shard=auto");
        assertEquals("3/4", auto.shard(java.util.Map.of("JOB_COMPLETION_INDEX", "2", "JOB_COMPLETIONS", "4"))
                .orElseThrow().toString());
        assertEquals("slurm-7", auto.group(java.util.Map.of("SLURM_ARRAY_JOB_ID", "7")).orElseThrow());
        assertTrue(ProfilerOptions.parse("").shard(java.util.Map.of("SLURM_ARRAY_TASK_ID", "1")).isEmpty(), "off");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ProfilerOptions.parse("shard=0/4"));
        assertTrue(e.getMessage().contains("sns option shard=0/4 is invalid: shard 0/4 does not exist: shards are "
                + "numbered from 1 (1/4 to 4/4)"), e.getMessage());
        if (System.getenv(ProfilerOptions.HISTORY_ENV) == null) {
            e = assertThrows(IllegalArgumentException.class, () -> ProfilerOptions.parse("history=env").history());
            assertTrue(e.getMessage().contains("history=env reads $SNS_HISTORY, which is not set"), e.getMessage());
        }
        e = assertThrows(IllegalArgumentException.class, () -> ProfilerOptions.parse("shard=all"));
        assertTrue(e.getMessage().contains("(accepted: off|K/N|auto)"), e.getMessage());
    }

    /** The run's own integer keys read through the one integer reader: past the int range is said, not "not an integer". */
    @Test
    void runKeysPastTheIntRangeAreNamedAndForkTimeoutIsInSeconds() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ProfilerOptions.parse("rounds=4294967298"));
        assertTrue(e.getMessage().contains("rounds=4294967298 is invalid: rounds must be at most 2147483647"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> ProfilerOptions.parse("forkTimeout=99999999999"));
        assertTrue(e.getMessage().contains("forkTimeout must be at most 2147483647"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> ProfilerOptions.parse("forkTimeout=-1"));
        assertTrue(e.getMessage().contains("forkTimeout must be auto or at least 1 second, got -1"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> ProfilerOptions.parse("forkTimeout="));
        assertTrue(e.getMessage().contains("forkTimeout must be an integer, got an empty value"), e.getMessage());
        assertEquals(0, ProfilerOptions.parse("").forkTimeoutSeconds(), "auto");
        assertEquals(5, ProfilerOptions.parse("forkTimeout=5").forkTimeoutSeconds());
    }

    @Test
    void anEscapedSemicolonStaysInAPathAndTheLineGoesToTheForkAsWritten() {
        ProfilerOptions o = ProfilerOptions.parse("out=/tmp/a\\;b;smi=/opt/x\\;y/nvidia-smi;formats=json");
        assertEquals("/tmp/a;b", o.out());
        assertEquals("/opt/x;y/nvidia-smi", o.get("smi"));
        assertEquals(o.describe(), ProfilerOptions.parse(o.initLine()).describe(), "the fork parses the same line again");
    }

    /** One key, one meaning: the Java API's options are refused under JMH, naming what does their job there. */
    @Test
    void javaApiOptionsAreRefusedNamingWhatDoesTheirJobUnderJmh() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ProfilerOptions.parse("interleave=false"));
        assertTrue(e.getMessage().contains("'interleave' belongs to the Java API") && e.getMessage().contains("abba=true|false"),
                e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> ProfilerOptions.parse("iterations=50"));
        assertTrue(e.getMessage().contains("JMH's measurement iterations (-i, -r)"), e.getMessage());
        ProfilerOptions o = ProfilerOptions.parse("abba=false;rounds=6;formats=json;maxInnerReps=64;eventStream=legacy");
        assertTrue(!o.abba());
        assertEquals(6, o.rounds());
        assertEquals(List.of("json"), o.formats().stream().map(f -> f.name()).toList());
        assertEquals(64, o.timing().maxInnerReps());
        assertEquals("legacy", o.get("eventStream"));
    }

    /**
     * Adaptive precision takes forks only the sns Main can add: the line parses (the sns Main and the forks
     * read it), and JMH's own Main refuses it when it makes the profiler, naming the sns Main.
     */
    @Test
    void adaptivePrecisionParsesAndJmhsOwnMainRefusesItNamingTheSnsMain() {
        ProfilerOptions o = ProfilerOptions.parse("halfWidth=0.5%;maxSamplingMs=2000;maxForks=8");
        assertEquals(0.5, o.timing().halfWidthPct(), 0.0);
        assertEquals(2000, o.timing().maxSamplingMs(), 0.0);
        assertEquals(8, o.maxForks());
        assertEquals(List.of("halfWidth", "maxSamplingMs", "maxForks"), o.snsMainOnly());
        assertEquals(20, ProfilerOptions.parse("").maxForks());
        assertEquals(List.of(), ProfilerOptions.parse("rounds=4").snsMainOnly());
        IllegalArgumentException bad = assertThrows(IllegalArgumentException.class, () -> ProfilerOptions.parse("maxForks=0"));
        assertTrue(bad.getMessage().contains("maxForks=0 is invalid: maxForks must be at least 1, got 0"), bad.getMessage());
        dev.sns.jmh.host.HostRun.reset(); // no sns Main run in progress: this is JMH's own Main
        ProfilerException e = assertThrows(ProfilerException.class, () -> new SnsProfiler("halfWidth=0.5%"));
        assertTrue(e.getMessage().startsWith("sns option halfWidth needs the sns Main: ")
                && e.getMessage().contains("run java -jar benchmarks.jar ... (its Main-Class is the sns Main)")
                && e.getMessage().contains("or leave the key out"), e.getMessage());
        e = assertThrows(ProfilerException.class, () -> new SnsProfiler("maxSamplingMs=100;maxForks=3"));
        assertTrue(e.getMessage().startsWith("sns options maxSamplingMs, maxForks need the sns Main: "), e.getMessage());
    }

    @Test
    void helpListsEveryOptionWithItsDefault() {
        ProfilerException e = assertThrows(ProfilerException.class, () -> new SnsProfiler("help"));
        for (String key : new String[] {"timer", "devices", "parallelDevices", "flushL2", "innerReps", "targetMs", "launch", "clocks", "smi",
                "confidence", "resamples", "seed", "out", "formats"}) {
            assertTrue(e.getMessage().contains("  " + key + " "), key + " missing from help:\n" + e.getMessage());
        }
        assertTrue(e.getMessage().contains("default blocking"), e.getMessage());
    }

    @Test
    void profilerResolvesByShortNameAndDescribesItself() throws Exception {
        Class<?> alias = Class.forName("sns");
        Object p = alias.getConstructor(String.class).newInstance("timer=wall");
        assertTrue(((SnsProfiler) p).getDescription().contains("-prof sns:help"));
        assertEquals("sns", alias.getCanonicalName());
    }

    /** A ';' inside a history path is written "\;" on the -prof sns line; the fork's line carries no password. */
    @Test
    void aSemicolonInAHistoryPathIsEscapedAndAPasswordIsMaskedForTheForks() {
        ProfilerOptions o = ProfilerOptions.parse("history=/data/a\\;b/sns-history.db;rounds=4");
        assertEquals("/data/a;b/sns-history.db", o.history());
        assertEquals("4", o.get("rounds"));
        String line = "history=jdbc:postgresql://db/sns?user=u&password=pa\\;ss;rounds=4";
        assertEquals("history=jdbc:postgresql://db/sns?user=u&password=***;rounds=4", dev.sns.options.Secrets.mask(line));
        assertEquals("4", ProfilerOptions.parse(dev.sns.options.Secrets.mask(line)).get("rounds"));
    }
}
