package dev.sns.analysis;

import dev.sns.fakes.FakeVariance;
import dev.sns.options.SnsOptions;
import java.util.ArrayList;
import java.util.List;

/**
 * The calibration table behind issue 12 (a larger run than {@code CalibrationTest}): for each
 * variance structure, the coverage of 95% intervals and their width against the ideal, for the
 * estimator {@code Analysis} uses now and the one it used before.
 *
 * <pre>
 * mvn -q -B -o test-compile -pl sns-runtime
 * java -cp "sns-runtime/target/classes:sns-runtime/target/test-classes:$HOME/.m2/repository/org/apache/commons/commons-math3/3.6.1/commons-math3-3.6.1.jar" \
 *     dev.sns.analysis.CalibrationMain [trials]
 * </pre>
 */
public final class CalibrationMain {
    private CalibrationMain() {}

    /** The structures of the table: each effect is a relative standard deviation (see {@link FakeVariance}). */
    static List<FakeVariance> structures() {
        return List.of(
                FakeVariance.noise("noise", 0.01),
                FakeVariance.noise("drift", 0.01).withDrift(0.005, 0).withRun(0.03),
                FakeVariance.noise("drift+side", 0.01).withDrift(0.005, 0.003).withRun(0.03),
                FakeVariance.noise("strong drift", 0.002).withDrift(0.01, 0.0005).withRun(0.03),
                FakeVariance.noise("tails", 0.005).withDrift(0.003, 0.001).withTail(0.02, 0.3),
                FakeVariance.noise("coarse timer", 0.003).withDrift(0.001, 0).withTick(47));
    }

    public static void main(String[] args) {
        int trials = args.length > 0 ? Integer.parseInt(args[0]) : 1000;
        SnsOptions o = SnsOptions.defaults();
        int rounds = o.iterations();
        int windows = o.windows();
        List<String> lines = new ArrayList<>();
        lines.add("| estimator | structure | trials | coverage | width / ideal | sd |");
        lines.add("|---|---|---|---|---|---|");
        long seed = 1;
        for (FakeVariance v : structures()) {
            seed++;
            long t0 = System.nanoTime();
            lines.add(CalibrationSimulation.paired("compare, before", CalibrationSimulation.COMPARE_BEFORE, v, 1.0, 100,
                    10, trials, seed).line());
            lines.add(CalibrationSimulation.paired("compare, now", CalibrationSimulation.COMPARE_NOW, v, 1.0, rounds,
                    windows, trials, seed).line());
            lines.add(CalibrationSimulation.paired("compare 1.25x, now", CalibrationSimulation.COMPARE_NOW, v, 1.25,
                    rounds, windows, trials, seed).line());
            lines.add(CalibrationSimulation.single("measure, before", CalibrationSimulation.MEASURE_BEFORE, v, 100, 10,
                    trials, seed).line());
            lines.add(CalibrationSimulation.single("measure, now", CalibrationSimulation.MEASURE_NOW, v, rounds, windows,
                    trials, seed).line());
            System.err.printf("%s: %.1f s%n", v.name(), (System.nanoTime() - t0) / 1e9);
        }
        lines.forEach(System.out::println);
    }
}
