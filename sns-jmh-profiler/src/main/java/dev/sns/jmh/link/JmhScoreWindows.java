package dev.sns.jmh.link;

import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.util.Statistics;

/**
 * The window of a benchmark without a {@code GpuBlackhole}: one JMH measurement iteration's own score
 * as samples. The host builds these from the iteration results JMH sends it anyway (a CPU benchmark's
 * fork sends no sns result); with {@code -f 0} the profiler builds them in JMH's own JVM.
 */
public final class JmhScoreWindows {
    /** Most values taken from one iteration's histogram ({@code -bm sample}). */
    static final int MAX_HISTOGRAM_SAMPLES = 2000;

    /** Why a CPU benchmark has no energy with {@code energy=true}: the counter is the GPU's. */
    public static final String CPU_ENERGY = "a CPU benchmark (JMH's own scores): energy=true reads the GPU's energy "
            + "counter around GPU work only";

    private JmhScoreWindows() {}

    /**
     * JMH's own measurement as time per operation, in nanoseconds, meaning what JMH's score means in
     * each mode: the iteration's average ({@code avgt}), one thread's time per operation from the
     * throughput ({@code thrpt}, summed over threads by JMH), the single shot's time ({@code ss}), and
     * in {@code sample} mode the sampled invocations themselves (evenly spaced quantiles of the
     * histogram, so that the sns median is JMH's p0.50 to within one histogram bin). Its clock evidence
     * is {@link WindowSamples#cpuEvidence()}.
     *
     * @param bp the benchmark's parameters (mode, time unit, threads)
     * @param ir a measurement iteration's result, with its primary score
     * @param fork the fork's number ({@link ForkProperties#FORK})
     * @param iteration the measurement iteration in the fork, from 0
     * @param energy whether the run asks for energy ({@code energy=true}): the window then says it has none
     * @return the window
     */
    public static WindowSamples window(BenchmarkParams bp, IterationResult ir, int fork, int iteration, boolean energy) {
        double unitNanos = TimeUnit.NANOSECONDS.convert(1, bp.getTimeUnit());
        double[] nanos;
        if (bp.getMode() == Mode.SampleTime) {
            nanos = histogramQuantiles(ir.getPrimaryResult().getStatistics(), MAX_HISTOGRAM_SAMPLES);
            for (int i = 0; i < nanos.length; i++) {
                nanos[i] *= unitNanos;
            }
        } else {
            double score = ir.getPrimaryResult().getScore();
            // JMH sums throughput over threads: one thread's time per operation is threads / score.
            nanos = new double[] {bp.getMode() == Mode.Throughput ? unitNanos * bp.getThreads() / score : score * unitNanos};
        }
        WindowSamples w = new WindowSamples(WindowSamples.JMH_SOURCE, fork, iteration, nanos, new int[nanos.length], 1,
                "JMH " + (bp.getMode() == Mode.SampleTime ? "sampled invocations" : "iteration score") + " ("
                        + bp.getMode().shortLabel() + ")", 0.0, Double.NaN, Double.NaN, WindowSamples.cpuEvidence(),
                null, null);
        if (energy) {
            w.withEnergy(EnergySamples.unavailable(CPU_ENERGY));
        }
        return w;
    }

    /**
     * At most {@code max} values standing for a histogram of (value, count): the values at ranks
     * (i + 1/2) / k of the whole count, in order.
     */
    static double[] histogramQuantiles(Statistics st, int max) {
        List<double[]> bins = new java.util.ArrayList<>();
        long total = 0;
        for (Iterator<Map.Entry<Double, Long>> it = st.getRawData(); it.hasNext(); ) {
            Map.Entry<Double, Long> e = it.next();
            if (e.getValue() > 0) {
                bins.add(new double[] {e.getKey(), e.getValue()});
                total += e.getValue();
            }
        }
        bins.sort(java.util.Comparator.comparingDouble(b -> b[0]));
        int k = (int) Math.min(total, max);
        double[] out = new double[k];
        int bin = 0;
        long below = 0; // counts in the bins before {@code bin}
        for (int i = 0; i < k; i++) {
            double rank = (i + 0.5) * total / k;
            while (below + (long) bins.get(bin)[1] <= rank && bin < bins.size() - 1) {
                below += (long) bins.get(bin)[1];
                bin++;
            }
            out[i] = bins.get(bin)[0];
        }
        return out;
    }
}
