package dev.sns.jmh.bench;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Group;
import org.openjdk.jmh.annotations.GroupThreads;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.infra.Blackhole;

/**
 * JMH's features beside sns, one method each (in microseconds): operations per invocation, @Param
 * values, a group of two thread roles, two threads, and states of benchmark and group scope.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class L_MatrixBench {
    @State(Scope.Benchmark)
    public static class Shared {
        @Param({"100", "1000"})
        public int tokens;
    }

    @State(Scope.Group)
    public static class Pipe {
        volatile long value;
    }

    @Benchmark
    @OperationsPerInvocation(10)
    public void tenOps() {
        for (int i = 0; i < 10; i++) {
            Blackhole.consumeCPU(100);
        }
    }

    @Benchmark
    public void paramed(Shared s) {
        Blackhole.consumeCPU(s.tokens);
    }

    @Benchmark
    @Group("pipe")
    @GroupThreads(1)
    public void put(Pipe p) {
        p.value++;
        Blackhole.consumeCPU(200);
    }

    @Benchmark
    @Group("pipe")
    @GroupThreads(1)
    public long take(Pipe p) {
        Blackhole.consumeCPU(200);
        return p.value;
    }

    @Benchmark
    @Threads(2)
    public void twoThreads() {
        Blackhole.consumeCPU(300);
    }
}
