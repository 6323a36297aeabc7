package dev.sns.jmh.bench;

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Paths;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.infra.Blackhole;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.runner.IterationType;

/**
 * The first fork measures normally and leaves a marker file ({@code -Dmarker=PATH}); a later fork
 * finds it and kills its JVM in its first measurement iteration, as kill -9 or a crash would (no
 * afterTrial). With two forks the benchmark has one fork's results and one fork lost. (JMH runs no
 * fork of a benchmark after one that died, so the lost fork has to be the last.)
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
public class K_SecondForkDiesBench {
    private boolean first;

    @Setup(Level.Trial)
    public void which() throws IOException {
        try {
            Files.createFile(Paths.get(System.getProperty("marker")));
            first = true;
        } catch (FileAlreadyExistsException later) {
            first = false;
        }
    }

    @Setup(Level.Iteration)
    public void maybeDie(IterationParams p) {
        if (!first && p.getType() == IterationType.MEASUREMENT) {
            Runtime.getRuntime().halt(9);
        }
    }

    @Benchmark
    public void work() {
        Blackhole.consumeCPU(2_000);
    }
}
