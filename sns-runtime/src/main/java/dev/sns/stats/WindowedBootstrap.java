package dev.sns.stats;

/**
 * Interval of the median of samples taken in several windows (iterations, forks): windows are
 * resampled, then samples within each (see {@link HierarchicalBootstrap}).
 *
 * <p>Samples in one window share its conditions (clock, temperature, memory placement), so they
 * are not independent: a bootstrap of the pooled samples reports the spread inside one window and
 * misses the spread between windows. Resampling windows puts it back.
 */
public final class WindowedBootstrap {
    private WindowedBootstrap() {}

    /** Sample i lies in window {@code windowIds[i]}; ids need not be contiguous or sorted. */
    public static Interval medianInterval(double[] samples, int[] windowIds, BootstrapSettings settings) {
        if (samples.length != windowIds.length) {
            throw new IllegalArgumentException("got " + samples.length + " samples but " + windowIds.length + " window ids");
        }
        ResamplingPlan.Builder b = ResamplingPlan.builder(ResamplingPlan.Level.CLUSTER);
        for (int i = 0; i < samples.length; i++) {
            b.add(0, samples[i], windowIds[i]);
        }
        return HierarchicalBootstrap.medianInterval(b.build(), settings);
    }

    /** Samples in windows nested in forks: forks are resampled, then windows within, then samples. */
    public static Interval medianInterval(double[] samples, int[] forkIds, int[] windowIds, BootstrapSettings settings) {
        if (samples.length != windowIds.length || samples.length != forkIds.length) {
            throw new IllegalArgumentException("got " + samples.length + " samples, " + forkIds.length
                    + " fork ids and " + windowIds.length + " window ids");
        }
        ResamplingPlan.Builder b = ResamplingPlan.builder(ResamplingPlan.Level.CLUSTER, ResamplingPlan.Level.CLUSTER);
        for (int i = 0; i < samples.length; i++) {
            b.add(0, samples[i], forkIds[i], windowIds[i]);
        }
        return HierarchicalBootstrap.medianInterval(b.build(), settings);
    }
}
