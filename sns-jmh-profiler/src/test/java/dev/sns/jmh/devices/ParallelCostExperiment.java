package dev.sns.jmh.devices;

import com.fasterxml.jackson.databind.JsonNode;
import dev.sns.jmh.host.HostRun;
import java.nio.file.Path;
import java.util.Locale;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.api.io.TempDir;

/**
 * What parallelDevices costs, measured (not a check: run by hand with
 * {@code mvn -o test -pl sns-jmh-profiler -am -Dtest=ParallelCostExperiment -Dsns.experiment=parallelCost
 * -Dsurefire.failIfNoSpecifiedTests=false}): the same A/A (both GPUs alike) and known-ratio (GPU 1 10%
 * slower) runs on two fake GPUs, sequential and parallel, on the fake GPU's clock (exact by
 * construction: only the wall time can differ) and on the host's clock ({@code timer=wall}, a CPU
 * spin: what two forks at once cost each other on a shared host). Prints one line per run.
 */
@EnabledIfSystemProperty(named = "sns.experiment", matches = "parallelCost")
class ParallelCostExperiment {
    @TempDir
    Path tmp;

    @AfterEach
    void clear() {
        DeviceRuns.clear();
    }

    @Test
    void sequentialAgainstParallel() throws Exception {
        int trials = Integer.getInteger("sns.experiment.trials", 3);
        int run = 0;
        for (int t = 0; t < trials; t++) {
            for (String bench : new String[] {"A_FakeGpuBench", "Q_HostSpinBench"}) {
                for (String slow : new String[] {"", "1:1.1"}) {
                    for (boolean parallel : new boolean[] {false, true}) {
                        HostRun.reset();
                        DeviceRuns.node(2, slow);
                        Path out = tmp.resolve("run" + run++);
                        String sns = "rounds=4;devices=all;parallelDevices=" + parallel
                                + (bench.startsWith("Q") ? ";timer=wall" : "");
                        long t0 = System.nanoTime();
                        DeviceRuns.Ran r = DeviceRuns.run(bench, out, sns, "-i", "5", "-r", "200ms");
                        double wall = (System.nanoTime() - t0) / 1e9;
                        if (r.rc() != 0) {
                            System.out.println("EXPERIMENT run failed: " + r.all());
                            continue;
                        }
                        JsonNode report = DeviceRuns.report(out);
                        JsonNode h = DeviceRuns.health(report, 1).get("speedup");
                        JsonNode b0 = report.get("benchmarks").get(0).get("summary");
                        JsonNode b1 = report.get("benchmarks").get(1).get("summary");
                        System.out.println(String.format(Locale.ROOT, "EXPERIMENT %-15s %-10s %-10s wall %5.1f s  "
                                        + "speedup %.5f [%.5f, %.5f] width %.5f %s  medians %.3f / %.3f us "
                                        + "widths %.4f / %.4f us", bench, slow.isEmpty() ? "A/A" : "ratio 1.1",
                                parallel ? "parallel" : "sequential", wall, h.get("speedup").asDouble(),
                                h.get("lower").asDouble(), h.get("upper").asDouble(),
                                h.get("upper").asDouble() - h.get("lower").asDouble(), h.get("verdict").asText(),
                                b0.get("median").asDouble() * 1e3, b1.get("median").asDouble() * 1e3,
                                (b0.get("upper").asDouble() - b0.get("lower").asDouble()) * 1e3,
                                (b1.get("upper").asDouble() - b1.get("lower").asDouble()) * 1e3));
                    }
                }
            }
        }
    }
}
