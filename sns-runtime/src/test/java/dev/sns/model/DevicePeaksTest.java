package dev.sns.model;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The one rule for a share of peak: from 0 to 1.0 it is a reading; above the peak, or unknown, it is not. */
class DevicePeaksTest {
    @Test
    void aShareIsAReadingUpToThePeak() {
        double[] shares = {0.0, 0.5, 0.999, 1.0, 1.0000001, 50.0, 7923.927, Double.NaN, Double.POSITIVE_INFINITY, -0.1};
        boolean[] reading = {true, true, true, true, false, false, false, false, false, false};
        for (int i = 0; i < shares.length; i++) {
            assertEquals(reading[i], DevicePeaks.isReading(shares[i]), "share " + shares[i]);
        }
    }

    @Test
    void aboveThePeakSaysHowFarAndWhy() {
        assertEquals("7924x the peak: not a reading (the timed region saw less work than declared: work off the timed "
                + "stream, data served from a cache, or bytes or FLOP declared above what ran)",
                DevicePeaks.aboveThePeak(7923.927, ""));
        assertEquals("1.50x the fp32 peak: not a reading", DevicePeaks.aboveThePeak(1.5, "fp32 ").substring(0, 34));
    }
}
