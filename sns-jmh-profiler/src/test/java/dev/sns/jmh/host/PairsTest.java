package dev.sns.jmh.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class PairsTest {
    private static final ClassLoader CL = PairsTest.class.getClassLoader();
    private static final List<String> ALL = List.of("dev.sns.jmh.bench.G_PairBench.fast", "dev.sns.jmh.bench.G_PairBench.slow",
            "dev.sns.jmh.bench.H_RegressionBench.after", "dev.sns.jmh.bench.H_RegressionBench.before",
            "a.X.copy", "b.X.copy", "a.Y.copyFast", "a.Y.copySlow");

    @Test
    void annotationsPairWithinAClassAndByQualifiedName() {
        List<Pairs.Pair> p = Pairs.resolve(ALL, List.of("dev.sns.jmh.bench.G_PairBench.fast",
                "dev.sns.jmh.bench.H_RegressionBench.after"), "", CL);
        assertEquals(List.of(
                new Pairs.Pair("dev.sns.jmh.bench.G_PairBench.fast", "dev.sns.jmh.bench.G_PairBench.slow", "@Baseline"),
                new Pairs.Pair("dev.sns.jmh.bench.H_RegressionBench.after", "dev.sns.jmh.bench.H_RegressionBench.before",
                        "@Baseline")), p);
    }

    /** A suite still written against 0.1: {@code dev.sns.jmh.Baseline}, deprecated, still pairs. */
    public static class LegacyAnnotated {
        @SuppressWarnings("removal")
        @dev.sns.jmh.Baseline("slow")
        public void fast() {}

        public void slow() {}
    }

    @Test
    void theDeprecatedBaselineOf01StillPairs() {
        String base = LegacyAnnotated.class.getName() + ".";
        List<Pairs.Pair> p = Pairs.resolve(List.of(base + "fast", base + "slow"), List.of(base + "fast"), "", CL);
        assertEquals(List.of(new Pairs.Pair(base + "fast", base + "slow", "@Baseline")), p);
    }

    @Test
    void pairOptionUsesRegexGroups() {
        List<Pairs.Pair> p = Pairs.resolve(ALL, List.of("a.Y.copyFast"), "(.*)Fast->$1Slow", CL);
        assertEquals(List.of(new Pairs.Pair("a.Y.copyFast", "a.Y.copySlow", "pair option")), p);
    }

    @Test
    void unknownAmbiguousAndSelfBaselinesAreNamedErrors() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Pairs.resolve(ALL, List.of("a.Y.copyFast"), "(.*)Fast->$1Slower", CL));
        assertTrue(e.getMessage().contains("the baseline 'a.Y.copySlower' of a.Y.copyFast (pair option) is not a benchmark"),
                e.getMessage());
        assertTrue(e.getMessage().contains("benchmarks of its class: copyFast, copySlow"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> Pairs.resolve(ALL, List.of("a.Y.copyFast"), "a.Y.copyFast->X.copy", CL));
        assertTrue(e.getMessage().contains("ambiguous: it matches a.X.copy, b.X.copy"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> Pairs.resolve(ALL, List.of("a.Y.copyFast"), "(.*)->$1", CL));
        assertTrue(e.getMessage().contains("names itself as its baseline"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> Pairs.resolve(ALL, List.of("a.Y.copyFast"), "copyFast", CL));
        assertTrue(e.getMessage().contains("CANDIDATE_REGEX->BASELINE"), e.getMessage());
    }

    @Test
    void groupsJoinPairsThatShareABenchmark() {
        List<List<String>> g = Pairs.groups(List.of(new Pairs.Pair("a", "base", "x"), new Pairs.Pair("b", "base", "x"),
                new Pairs.Pair("c", "d", "x")));
        assertEquals(List.of(List.of("a", "base", "b"), List.of("c", "d")), g); // first-seen order
    }
}
