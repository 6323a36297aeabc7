package dev.sns.jmh.host;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The console's share of peak: a percentage up to the peak; above it, no reading and why (DevicePeaks.isReading). */
class ConsoleLinesTest {
    @Test
    void aShareOfPeakIsAPercentageUpToThePeakAndNoReadingAboveIt() {
        assertEquals(" (91.2% of peak)", ConsoleLines.ofPeak(0.912, ""));
        assertEquals(" (100.0% of bf16-tensor peak)", ConsoleLines.ofPeak(1.0, "bf16-tensor "));
        assertEquals(" (36490x the bf16-tensor peak: not a reading (the timed region saw less work than declared: "
                + "work off the timed stream, data served from a cache, or bytes or FLOP declared above what ran))",
                ConsoleLines.ofPeak(36490.08, "bf16-tensor "));
        assertEquals("", ConsoleLines.ofPeak(Double.NaN, ""));
    }
}
