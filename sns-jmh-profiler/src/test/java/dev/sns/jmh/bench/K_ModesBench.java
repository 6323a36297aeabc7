package dev.sns.jmh.bench;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.infra.Blackhole;

/** One method in every JMH mode, in nanoseconds: sns must give one result per mode, in JMH's unit. */
@BenchmarkMode({Mode.AverageTime, Mode.SampleTime, Mode.Throughput, Mode.SingleShotTime})
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class K_ModesBench {
    @Benchmark
    public void work() {
        Blackhole.consumeCPU(500);
    }
}
