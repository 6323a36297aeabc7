package dev.sns.reports;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.sns.model.DisplayUnit;
import org.junit.jupiter.api.Test;

/** Known answers for the number formatting shared by the HTML report and the compare CLI. */
class FiguresTest {
    @Test
    void significantDigitsKeepTheirTrailingZeros() {
        assertEquals("1.000", Figures.sig(1.0004));
        assertEquals("0.1234", Figures.sig(0.123449));
        assertEquals("84.16", Figures.sig(84.1559));
        assertEquals("12350", Figures.sig(12345.6));
        assertEquals("0.00001234", Figures.sig(1.2344e-5));
        assertEquals("-2.500", Figures.sig(-2.5));
        assertEquals("0", Figures.sig(0.0));
        assertEquals("n/a", Figures.sig(null));
        assertEquals("n/a", Figures.sig(Double.NaN));
    }

    @Test
    void compactDropsTrailingZerosOnly() {
        assertEquals("85", Figures.compact(85.0, 6));
        assertEquals("2.5", Figures.compact(2.5, 6));
        assertEquals("1900", Figures.compact(1900.0, 6));
        assertEquals("0.95", Figures.compact(0.95, 4));
        assertEquals("100", Figures.compact(100.0, 6)); // "100.000": the point goes with its zeros
        assertEquals("0.1", Figures.compact(0.1, 6));
        assertEquals("-2.5", Figures.compact(-2.5, 6));
        assertEquals("10", Figures.compact(10.0, 1)); // no point at all: as it is
        assertEquals("n/a", Figures.compact(Double.NaN, 3));
    }

    @Test
    void aTimeTakesTheUnitThatSuitsItsSize() {
        assertEquals(DisplayUnit.NS, DisplayUnit.forMillis(0.0005));
        assertEquals(DisplayUnit.US, DisplayUnit.forMillis(0.0842));
        assertEquals(DisplayUnit.MS, DisplayUnit.forMillis(1.91));
        assertEquals(DisplayUnit.S, DisplayUnit.forMillis(2500));
        assertEquals("84.16 us", Figures.time(0.08416));
        assertEquals("1.910 ms", Figures.time(1.91));
        assertEquals("[84.05, 84.26]", Figures.interval(0.08405, 0.08426, DisplayUnit.US));
        assertEquals("n/a", Figures.time(null));
    }

    @Test
    void percentagesHaveOneDecimalAndASignWhenAsked() {
        assertEquals("5%", Figures.percent(0.05));
        assertEquals("12.1%", Figures.percent(0.1213));
        assertEquals("+13.5%", Figures.signedPercent(0.135));
        assertEquals("-2%", Figures.signedPercent(-0.02));
    }

    @Test
    void theDecimalPointIsADotInEveryLocale() {
        assertEquals("1.234 ms", Golden.inGermany(() -> Figures.time(1.2344)));
        assertEquals("12.1%", Golden.inGermany(() -> Figures.percent(0.1213)));
    }

    @Test
    void fewerThanOneDigitIsRejectedByName() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Figures.sig(1.0, 0));
        assertEquals("significant digits must be at least 1, got 0", e.getMessage());
    }
}
