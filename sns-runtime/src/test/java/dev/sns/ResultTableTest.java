package dev.sns;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.sns.model.ClockEvidence;
import dev.sns.model.MeasurementTier;
import dev.sns.model.TimingResult;
import dev.sns.stats.Interval;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;

class ResultTableTest {
    private static TimingResult result(String name, double medianMs, double lo, double hi, double bytes) {
        return TimingResult.builder().name(name)
                .samplesMillis(new double[] {lo, medianMs, hi})
                .percentilesMillis(lo, medianMs, hi)
                .intervalMillis(new Interval(lo, hi, 0.95))
                .tier(MeasurementTier.B, List.of())
                .clocks(ClockEvidence.none("t", false))
                .timer("t", 0)
                .work(Double.NaN, bytes)
                .build();
    }

    @Test
    void alignedTableInSensibleUnits() {
        Locale saved = Locale.getDefault();
        Locale.setDefault(Locale.GERMANY); // decimal comma must not leak into the table
        try {
            String t = Sns.formatTable(List.of(
                    result("memset_1GiB", 0.2441, 0.2430, 0.2452, 1073741824.0),
                    result("tiny", 0.0000521, 0.0000519, 0.0000530, Double.NaN),
                    result("matmul", 1234.5, 1230.0, 1240.0, Double.NaN)));
            String nl = System.lineSeparator();
            String expected =
                    "name           median  interval               n  tier  TFLOP/s    GB/s  of peak" + nl
                  + "memset_1GiB  244.1 us  [243.0, 245.2] us 95%  3  B           -  4398.8        -" + nl
                  + "tiny         52.10 ns  [51.90, 53.00] ns 95%  3  B           -       -        -" + nl
                  + "matmul        1.235 s  [1.230, 1.240] s 95%   3  B           -       -        -" + nl;
            assertEquals(expected, t);
        } finally {
            Locale.setDefault(saved);
        }
    }
}
