package dev.sns.analysis;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Windows in which the timed stream saw no work. A launch costs at least what an empty kernel's
 * does, timed the same way; a window whose median per call is under three quarters of that did not
 * time the work: it ran on another stream (a handle taken once, at setup or in an earlier window,
 * while the windows of a call move between streams), or it was host work that the GPU's events do
 * not see. Such a window reads the events alone: on an H200, 1.31 us a sample against 2.91 us for
 * one empty launch (0.45 of it) at one call per sample, 0.31 at four, less the more calls a sample
 * holds; a launch-bound kernel that did run read 1.00-1.02 of the empty launch. The floor sits
 * between. Such a result is tier C, with this reason first, rather than a small number that looks
 * like a fast kernel.
 */
final class OffStreamCheck {
    /** Under this share of the empty kernel's cost per call, a window saw no launch of the work. */
    static final double SHARE_OF_EMPTY_LAUNCH = 0.75;

    private OffStreamCheck() {}

    /**
     * Why the windows cannot be trusted, or empty when every window saw work.
     *
     * @param windowMedianNanos each window's median per call, in window order
     * @param emptyLaunchNanos the empty kernel's median per call, timed like the work
     */
    static Optional<String> reason(double[] windowMedianNanos, double emptyLaunchNanos) {
        if (!(emptyLaunchNanos > 0) || windowMedianNanos.length == 0) {
            return Optional.empty();
        }
        double floor = SHARE_OF_EMPTY_LAUNCH * emptyLaunchNanos;
        List<Integer> idle = new ArrayList<>();
        double lowest = Double.POSITIVE_INFINITY;
        for (int w = 0; w < windowMedianNanos.length; w++) {
            if (windowMedianNanos[w] < floor) {
                idle.add(w);
                lowest = Math.min(lowest, windowMedianNanos[w]);
            }
        }
        if (idle.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(String.format(Locale.ROOT,
                "the timed stream saw no work in %s of %d: median per call down to %.1f ns, under 3/4 of an empty "
                        + "kernel's launch timed the same way (%.1f ns). The work ran elsewhere: launch it on the "
                        + "stream passed to Workload.run and take that stream's handle at each call (the windows of a "
                        + "call move between streams); work bound to one stream at setup needs streams=1; host work "
                        + "needs timer=wall", windows(idle), windowMedianNanos.length, lowest, emptyLaunchNanos));
    }

    /** "window 3" or "windows 2-4, 7" (numbered from 1). */
    static String windows(List<Integer> idle) {
        StringBuilder b = new StringBuilder(idle.size() == 1 ? "window " : "windows ");
        int i = 0;
        while (i < idle.size()) {
            int j = i;
            while (j + 1 < idle.size() && idle.get(j + 1) == idle.get(j) + 1) {
                j++;
            }
            if (i > 0) {
                b.append(", ");
            }
            b.append(idle.get(i) + 1);
            if (j > i) {
                b.append('-').append(idle.get(j) + 1);
            }
            i = j + 1;
        }
        return b.toString();
    }
}
