package dev.sns.gpu.cupti;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.jna.Memory;
import org.junit.jupiter.api.Test;

/**
 * The parameter structs as CUDA 13.0's headers lay them out (x86-64): each begins with its size and
 * a null pPriv, is zero elsewhere, and every field sits inside the struct, after the header, on its
 * type's alignment.
 */
class RangeProfilerLayoutTest {
    @Test
    void aStructCarriesItsSizeAndIsZeroElsewhere() {
        Memory m = RangeProfilerLayout.params(RangeProfilerLayout.STOP);
        assertEquals(41, m.getLong(0), "structSize is the header's _STRUCT_SIZE, not the padded size");
        assertEquals(48, m.size(), "rounded up to whole words");
        for (long off = 8; off < m.size(); off += 8) {
            assertEquals(0, m.getLong(off), "zero at " + off);
        }
    }

    @Test
    void fieldsLieInsideTheirStructsOnTheirAlignment() {
        long[][] pointerOrSize = {
            {RangeProfilerLayout.CHIP_NAME, RangeProfilerLayout.CHIP_NAME_DEVICE, RangeProfilerLayout.CHIP_NAME_OUT},
            {RangeProfilerLayout.AVAILABILITY, RangeProfilerLayout.AVAILABILITY_CTX, RangeProfilerLayout.AVAILABILITY_SIZE,
                RangeProfilerLayout.AVAILABILITY_IMAGE},
            {RangeProfilerLayout.HOST_INIT, RangeProfilerLayout.HOST_INIT_CHIP, RangeProfilerLayout.HOST_INIT_AVAILABILITY,
                RangeProfilerLayout.HOST_INIT_OBJECT},
            {RangeProfilerLayout.EVALUATE, RangeProfilerLayout.EVALUATE_IMAGE, RangeProfilerLayout.EVALUATE_IMAGE_SIZE,
                RangeProfilerLayout.EVALUATE_RANGE, RangeProfilerLayout.EVALUATE_NAMES, RangeProfilerLayout.EVALUATE_COUNT,
                RangeProfilerLayout.EVALUATE_VALUES},
            {RangeProfilerLayout.DATA_SIZE, RangeProfilerLayout.DATA_SIZE_NAMES, RangeProfilerLayout.DATA_SIZE_COUNT,
                RangeProfilerLayout.DATA_SIZE_RANGES, RangeProfilerLayout.DATA_SIZE_OUT},
            {RangeProfilerLayout.SET_CONFIG, RangeProfilerLayout.SET_CONFIG_SIZE, RangeProfilerLayout.SET_CONFIG_DATA,
                RangeProfilerLayout.SET_COUNTER_DATA_SIZE, RangeProfilerLayout.SET_COUNTER_DATA, RangeProfilerLayout.SET_MAX_RANGES},
        };
        for (long[] s : pointerOrSize) {
            for (int i = 1; i < s.length; i++) {
                assertTrue(s[i] >= 16 && s[i] % 8 == 0 && s[i] + 8 <= s[0], "8-byte field at " + s[i] + " of " + s[0]);
            }
        }
        // the 4- and 2-byte fields of SetConfig: enums after the counter data, the nesting levels after the ranges
        assertEquals(RangeProfilerLayout.SET_COUNTER_DATA + 8, RangeProfilerLayout.SET_RANGE);
        assertEquals(RangeProfilerLayout.SET_RANGE + 4, RangeProfilerLayout.SET_REPLAY);
        assertEquals(RangeProfilerLayout.SET_MAX_RANGES + 8, RangeProfilerLayout.SET_NESTING_LEVELS);
        assertEquals(RangeProfilerLayout.SET_TARGET_NESTING + 2, RangeProfilerLayout.SET_CONFIG);
    }

    /**
     * Here (no GPU: no CUDA driver, maybe no CUPTI) the profiler says why in one exception and never
     * runs the work outside it.
     */
    @Test
    void withoutADriverOrContextItSaysWhyAndRunsNothing() {
        boolean[] ran = {false};
        CuptiUnavailableException e = assertThrows(CuptiUnavailableException.class,
                () -> CuptiRangeProfiler.kernelDurations(0, 4, () -> ran[0] = true));
        assertTrue(e.getMessage().contains("CUPTI") || e.getMessage().contains("CUDA driver")
                || e.getMessage().contains("context"), e.getMessage());
        assertTrue(!ran[0], "the work ran without the profiler");
    }

    @Test
    void aBadKernelCountIsRefusedBeforeCuptiIsTouched() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> CuptiRangeProfiler.kernelDurations(0, 0, () -> { }));
        assertTrue(e.getMessage().contains("got 0"), e.getMessage());
    }
}
