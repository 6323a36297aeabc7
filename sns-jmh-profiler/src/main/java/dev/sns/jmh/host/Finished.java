package dev.sns.jmh.host;

import dev.sns.analysis.Analysis;
import dev.sns.model.TimingResult;
import java.util.Map;

/**
 * A benchmark (one parameter combination) whose forks are all in: its result, and the measurement
 * behind it for its comparisons.
 *
 * @param id benchmark name, mode and parameters, as reports key it
 * @param mode JMH's short label of its mode
 * @param forkIds the fork of each sample of the result
 * @param source where the samples came from (GPU events, host timer, JMH iterations)
 * @param interleaved whether its forks ran in ABBA rounds (fork numbers are rounds)
 * @param device the CUDA index of the GPU it ran on, or null (a CPU benchmark, or no device chosen)
 */
record Finished(String id, String benchmark, String mode, Map<String, String> params, Analysis.Summarized summarized,
                int[] forkIds, String source, boolean interleaved, Integer device) {
    TimingResult result() {
        return summarized.result();
    }
}
