package dev.sns.jmh.bench;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.infra.Blackhole;

/** A plain JMH benchmark with no GpuBlackhole: sns still reports it from JMH's iterations. */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class B_CpuBench {
    @Benchmark
    public void burn() {
        Blackhole.consumeCPU(2_000);
    }
}
