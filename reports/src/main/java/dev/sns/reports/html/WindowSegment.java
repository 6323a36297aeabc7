package dev.sns.reports.html;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A run of consecutive samples taken in one window of one fork, with the run's median (in the unit
 * the samples are in): the sample plot draws each as a band with its median across it.
 *
 * @param start index of the run's first sample
 * @param end index after its last sample (exclusive)
 * @param median median of the run's finite samples, NaN when it has none
 */
record WindowSegment(int start, int end, int fork, int window, double median) {
    /** Splits the samples into runs of one (fork, window); each run carries its median. */
    static List<WindowSegment> split(double[] v, int[] windows, int[] forks) {
        List<WindowSegment> out = new ArrayList<>();
        int start = 0;
        for (int i = 1; i <= v.length; i++) {
            if (i == v.length || windows[i] != windows[start] || forks[i] != forks[start]) {
                out.add(new WindowSegment(start, i, forks[start], windows[start], median(v, start, i)));
                start = i;
            }
        }
        return out;
    }

    private static double median(double[] v, int from, int to) {
        double[] part = Arrays.stream(v, from, to).filter(Double::isFinite).sorted().toArray();
        if (part.length == 0) {
            return Double.NaN;
        }
        int m = part.length / 2;
        return part.length % 2 == 1 ? part[m] : 0.5 * (part[m - 1] + part[m]);
    }
}
