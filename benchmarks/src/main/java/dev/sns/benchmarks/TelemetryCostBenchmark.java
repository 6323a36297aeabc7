package dev.sns.benchmarks;

import dev.sns.gpu.GpuSensors;
import dev.sns.gpu.SampledTelemetry;
import dev.sns.model.ClockEvidence;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What one window's telemetry brackets cost the caller: {@code beginWindow()} then {@code endWindow()}
 * of {@link SampledTelemetry}, nothing inside, on sensors whose every call takes {@code callMicros}
 * (parked, like a call into the driver). On an H200 the brackets that read NVML themselves (18 calls and
 * a thread per window) cost 5.3 ms a window, about 0.3 ms a call: {@code callMicros=300} is that
 * driver; 0 shows the bookkeeping alone. Adaptive precision brackets a window every two samples, with
 * the GPU idle meanwhile, so this is device time.
 *
 * <p>Run: {@code java -jar benchmarks/target/benchmarks.jar TelemetryCost}. On a GPU host
 * {@code java -jar validation/target/sns-validation.jar calibration --parts adaptive} measures the same
 * on the real NVML.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class TelemetryCostBenchmark {
    /** How long each sensor call takes, in microseconds. */
    @Param({"0", "300"})
    public long callMicros;

    private SampledTelemetry telemetry;

    @Setup(Level.Trial)
    public void setUp() {
        telemetry = new SampledTelemetry(new SlowSensors(callMicros * 1000), 2.0); // telemetryMs's default
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        telemetry.close();
    }

    @Benchmark
    public ClockEvidence beginAndEnd() {
        telemetry.beginWindow();
        return telemetry.endWindow();
    }

    /** Sensors of steady clocks whose every call takes a fixed time, with the four counters NVML reads. */
    static final class SlowSensors implements GpuSensors {
        private final long callNanos;
        private long thermal;

        SlowSensors(long callNanos) {
            this.callNanos = callNanos;
        }

        private void call() {
            if (callNanos > 0) {
                LockSupport.parkNanos(callNanos);
            }
        }

        @Override
        public String describe() {
            return "sensors of " + callNanos / 1000 + " us a call";
        }

        @Override
        public double smClockMhz() {
            call();
            return 1980;
        }

        @Override
        public double memClockMhz() {
            call();
            return 3201;
        }

        @Override
        public long clockEventReasons() {
            call();
            return 0;
        }

        @Override
        public Map<String, Long> violationNanos() {
            Map<String, Long> out = new TreeMap<>();
            for (String name : new String[] {"board_limit", "power", "reliability", "thermal"}) {
                call();
                out.put(name, name.equals("thermal") ? thermal++ : 0L);
            }
            return out;
        }

        @Override
        public double temperatureC() {
            call();
            return 41;
        }

        @Override
        public double powerW() {
            call();
            return 350;
        }

        @Override
        public void close() { }
    }
}
