package dev.sns.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.apache.commons.math3.stat.descriptive.rank.Percentile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class PercentilesTest {

    // Hand-checked: h = (n - 1) * p, value = x[floor(h)] + frac * (x[floor(h)+1] - x[floor(h)]).
    @ParameterizedTest
    @CsvSource({
            "0.0, 1.0",
            "0.1, 1.3",   // h = 0.3
            "0.5, 2.5",   // h = 1.5
            "0.9, 3.7",   // h = 2.7
            "1.0, 4.0",
    })
    void knownAnswersOnFourValues(double p, double expected) {
        assertEquals(expected, Percentiles.percentile(new double[] {4, 1, 3, 2}, p), 1e-12);
    }

    @Test
    void medianOfOddAndEvenCounts() {
        assertEquals(3.0, Percentiles.median(new double[] {5, 1, 3}), 0.0);
        assertEquals(2.5, Percentiles.median(new double[] {5, 1, 3, 2}), 0.0);
        assertEquals(7.0, Percentiles.median(new double[] {7}), 0.0);
    }

    @Test
    void doesNotModifyItsInput() {
        double[] in = {3, 1, 2};
        Percentiles.median(in);
        assertEquals(3.0, in[0]);
    }

    @Test
    void agreesWithCommonsMathDefinition7() {
        Random r = new Random(42);
        Percentile oracle = new Percentile().withEstimationType(Percentile.EstimationType.R_7);
        for (int trial = 0; trial < 50; trial++) {
            double[] x = new double[2 + r.nextInt(40)];
            for (int i = 0; i < x.length; i++) {
                x[i] = r.nextGaussian() * 10;
            }
            for (double p : new double[] {0.01, 0.1, 0.25, 0.5, 0.75, 0.9, 1.0}) {
                assertEquals(oracle.evaluate(x, p * 100), Percentiles.percentile(x, p), 1e-9);
            }
        }
    }

    @Test
    void badInputNamesTheValue() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Percentiles.percentile(new double[] {1, 2}, 1.5));
        assertTrue(e.getMessage().contains("1.5"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Percentiles.percentile(new double[0], 0.5));
        assertThrows(IllegalArgumentException.class, () -> Percentiles.percentile(new double[] {1}, Double.NaN));
    }
}
