package dev.sns.jmh.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.infra.Blackhole;

/**
 * Reads the report while the run is still going: its fork fails unless results.json already holds
 * the benchmark named by -Dprobe.expect (so the report is rewritten after every benchmark).
 */
@State(Scope.Benchmark)
@org.openjdk.jmh.annotations.BenchmarkMode(org.openjdk.jmh.annotations.Mode.AverageTime)
public class D_ProbeBench {
    @Setup
    public void check() throws Exception {
        String expect = System.getProperty("probe.expect");
        Path report = Paths.get(System.getProperty("probe.report"));
        String json = Files.exists(report) ? Files.readString(report) : "";
        if (expect != null && !json.contains("\"id\" : \"" + expect + "\"")) {
            throw new IllegalStateException("results.json does not hold " + expect + " yet: " + report);
        }
    }

    @Benchmark
    public void probe() {
        Blackhole.consumeCPU(100);
    }
}
