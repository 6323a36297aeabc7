package dev.sns.stats;

import java.util.SplittableRandom;
import java.util.random.RandomGenerator;

/**
 * The seeded random generators behind every bootstrap.
 *
 * <p>The algorithm is {@link SplittableRandom} (SplitMix64, in {@code java.base}): its output for a
 * given seed is fixed by its published algorithm, and it is there in every runtime, including
 * jlinked ones without the {@code jdk.random} module (where the LXM generators are missing: seen on
 * the GPU test host's runtime). It is chosen over Commons Math's generators because the resampling
 * loops draw tens of millions of bounded integers per interval and SplitMix64 is several times
 * faster at that; Commons Math is still used for what it does best (the Beta sampler, through
 * {@link #asCommons}).
 */
final class Rng {
    private Rng() {}

    /** A generator for one named stream of one seed. */
    static RandomGenerator create(long seed, long stream) {
        return new SplittableRandom(mix(seed) ^ mix(stream * 0x9E3779B97F4A7C15L + 0x632BE59BD9B4E019L));
    }

    /** SplitMix64's finalizer: spreads nearby seeds apart. */
    static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    /** Adapts a JDK generator to Commons Math's interface. */
    static org.apache.commons.math3.random.RandomGenerator asCommons(RandomGenerator g) {
        return new org.apache.commons.math3.random.AbstractRandomGenerator() {
            @Override
            public void setSeed(long seed) {
                throw new UnsupportedOperationException("seed the sns generator at creation");
            }

            @Override
            public double nextDouble() {
                return g.nextDouble();
            }

            @Override
            public int nextInt(int n) {
                return g.nextInt(n);
            }

            @Override
            public long nextLong() {
                return g.nextLong();
            }
        };
    }
}
