package dev.sns.stats;

import org.apiguardian.api.API;

/**
 * How a bootstrap interval is computed: confidence level, number of resamples, and the seed that
 * makes it reproducible: the same samples with the same settings give the same interval.
 *
 * <p>Serializable only so that JMH can carry it from a fork to its host JVM, both of one sns version;
 * its serialized form is no part of the API.
 *
 * @param confidence two-sided confidence level, in (0, 1); 0.95 by default
 * @param resamples number of bootstrap resamples, at least {@value #MIN_RESAMPLES}; 2000 by default
 * @param seed seed of the resampling generator; {@code 0xC0FFEE} by default
 * @serial exclude
 */
@API(status = API.Status.STABLE, since = "0.2.0")
public record BootstrapSettings(double confidence, int resamples, long seed) implements java.io.Serializable {
    /** The confidence level by default: 95%, two-sided. */
    public static final double DEFAULT_CONFIDENCE = 0.95;
    /** The number of resamples by default. */
    public static final int DEFAULT_RESAMPLES = 2000;
    /** The seed of the resampling generator by default. */
    public static final long DEFAULT_SEED = 0xC0FFEEL;
    /**
     * Fewest resamples accepted: with fewer than 100 the 2.5% tails of a 95% interval hold two or
     * three replicates each, and the bounds jump between seeds.
     */
    @API(status = API.Status.INTERNAL, since = "0.2.0")
    public static final int MIN_RESAMPLES = 100;
    /**
     * Most resamples accepted: at a million the 2.5% tails already hold 25,000 replicates each; more
     * only costs time and memory (each resample is a pass over the samples).
     */
    @API(status = API.Status.INTERNAL, since = "0.2.0")
    public static final int MAX_RESAMPLES = 1_000_000;

    /**
     * Checks the level and the number of resamples.
     *
     * @param confidence two-sided confidence level, in (0, 1); 0.95 by default
     * @param resamples number of bootstrap resamples, at least {@value #MIN_RESAMPLES}; 2000 by default
     * @param seed seed of the resampling generator; {@code 0xC0FFEE} by default
     * @throws IllegalArgumentException if {@code confidence} is outside (0, 1) or {@code resamples} is
     *     outside [{@value #MIN_RESAMPLES}, {@value #MAX_RESAMPLES}]
     */
    public BootstrapSettings {
        if (!(confidence > 0.0 && confidence < 1.0)) {
            throw new IllegalArgumentException(
                    "confidence must be in (0, 1), got " + confidence + "; 0.95 is the usual choice");
        }
        if (resamples < MIN_RESAMPLES || resamples > MAX_RESAMPLES) {
            throw new IllegalArgumentException("resamples must be between " + MIN_RESAMPLES + " and " + MAX_RESAMPLES
                    + ", got " + resamples + " (2000 is the usual choice)");
        }
    }

    /** {@return the settings sns uses unless told otherwise} 95%, 2000 resamples, seed 0xC0FFEE. */
    public static BootstrapSettings defaults() {
        return new BootstrapSettings(DEFAULT_CONFIDENCE, DEFAULT_RESAMPLES, DEFAULT_SEED);
    }

    /**
     * These settings at another confidence level.
     *
     * @param newConfidence the two-sided level, in (0, 1)
     * @return a copy with that level
     * @throws IllegalArgumentException if {@code newConfidence} is outside (0, 1)
     */
    public BootstrapSettings withConfidence(double newConfidence) {
        return new BootstrapSettings(newConfidence, resamples, seed);
    }

    /**
     * These settings with another number of resamples.
     *
     * @param newResamples the number of resamples, in [{@value #MIN_RESAMPLES}, {@value #MAX_RESAMPLES}]
     * @return a copy with that number
     * @throws IllegalArgumentException if {@code newResamples} is out of range
     */
    public BootstrapSettings withResamples(int newResamples) {
        return new BootstrapSettings(confidence, newResamples, seed);
    }

    /**
     * These settings with another seed: a different, equally valid interval.
     *
     * @param newSeed the seed of the resampling generator
     * @return a copy with that seed
     */
    public BootstrapSettings withSeed(long newSeed) {
        return new BootstrapSettings(confidence, resamples, newSeed);
    }
}
