package dev.sns.fakes;

import dev.sns.Sns;
import dev.sns.model.TimingResult;
import dev.sns.options.SnsOptions;

/**
 * Runs {@code Sns.measure} in a JVM of its own, on whatever backend {@code -Dsns.backend} names, and
 * prints the backend, the timer and the median in nanoseconds: how a test shows that a backend
 * registered only through {@code META-INF/services} is found and used by the plain Java API.
 */
public final class MeasureOnBackendMain {
    private MeasureOnBackendMain() {}

    public static void main(String[] args) {
        TimingResult r = Sns.measure(stream -> FakeGpu.spin(stream, 50_000),
                SnsOptions.builder().name("spin 50 us").warmup(5).iterations(20).windows(4).innerReps(2).build());
        System.out.println("backend=" + Sns.engine().timers().backend().name());
        System.out.println("timer=" + r.timer());
        System.out.println("medianNanos=" + Math.round(r.medianMillis() * 1e6));
        System.out.println("launchOverheadNanos=" + Math.round(r.launchOverheadMillis() * 1e6));
        System.out.println("tier=" + r.tier());
    }
}
