package dev.sns.options;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The option devices: its spellings, its refusals, and the migration of the first version's device. */
class DeviceSelectionTest {
    @Test
    void spellings() {
        assertEquals(DeviceSelection.every(), DeviceSelection.parse("all"));
        assertEquals(DeviceSelection.every(), DeviceSelection.parse(" ALL "));
        assertEquals(List.of("0", "1"), DeviceSelection.parse("0, 1").tokens());
        assertEquals(List.of("3", "0"), DeviceSelection.parse("3,0").tokens(), "the order given is kept: 3 is the reference");
        assertEquals(List.of("GPU-5f2c"), DeviceSelection.parse("5F2C").tokens(), "GPU- optional, case-insensitive");
        assertEquals(List.of("GPU-5f2c91ab-0e"), DeviceSelection.parse("GPU-5f2c91ab-0e").tokens());
        assertEquals(List.of("1", "GPU-abcd"), DeviceSelection.parse("1,gpu-abcd").tokens());
        assertEquals("1,GPU-abcd", DeviceSelection.parse("1,gpu-abcd").toString());
        assertEquals("0", SnsOptions.defaults().devices().toString(), "the default is the first GPU, as before");
        assertTrue(DeviceSelection.parse("007").isSingleIndex());
        assertEquals(List.of("7"), DeviceSelection.parse("007").tokens());
        assertFalse(DeviceSelection.parse("all").isSingleIndex());
        assertFalse(DeviceSelection.parse("0,1").isSingleIndex());
    }

    @Test
    void refusalsNameTheEntry() {
        assertMessage("", "names no device");
        assertMessage("0,,1", "empty entry in '0,,1'");
        assertMessage("all,0", "all stands alone");
        assertMessage("1,1", "names 1 twice");
        assertMessage("-1", "device index must be at least 0, got -1");
        assertMessage("GPU-5f", "too short a UUID prefix: give at least 4 hex digits");
        assertMessage("GPU-zzzz", "neither a CUDA index nor a GPU UUID prefix");
        assertMessage("MIG-1234", "MIG instances are not supported");
        assertMessage("99999999999", "past any machine's count");
    }

    @Test
    void theOptionReadsItAndTheOldKeySaysWhatReplacedIt() {
        assertEquals("0,1", SnsOptions.builder().set("devices", "0,1").build().devices().toString());
        assertEquals("2", SnsOptions.builder().device(2).build().devices().toString());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> SnsOptions.builder().set("device", "1"));
        assertEquals("sns option 'device' is now 'devices': devices=1 for one GPU, devices=0,1 or devices=all for "
                + "several, or a GPU UUID prefix (-prof sns:devices lists them)", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> SnsOptions.builder().set("devices", "x"));
        assertTrue(e.getMessage().startsWith("sns option devices=x is invalid: devices entry 'x' is neither"), e.getMessage());
    }

    private static void assertMessage(String spec, String part) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> DeviceSelection.parse(spec));
        assertTrue(e.getMessage().contains(part), e.getMessage());
    }
}
