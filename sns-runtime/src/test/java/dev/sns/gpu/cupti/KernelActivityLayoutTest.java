package dev.sns.gpu.cupti;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.jna.Memory;
import dev.sns.timing.KernelRecord;
import org.junit.jupiter.api.Test;

/**
 * CUPTI's records as the library writes them (CUDA 13.0's cupti_activity.h layouts, filled in by
 * hand in native memory): read back field by field.
 */
class KernelActivityLayoutTest {
    private static Memory kernel(long start, long end, String name) {
        Memory m = new Memory(KernelActivityLayout.MIN_SIZE + 64);
        m.clear();
        m.setInt(0, CuptiLibrary.CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL);
        m.setLong(16, start);
        m.setLong(24, end);
        m.setLong(32, end); // completed
        m.setInt(40, 3); // deviceId
        m.setInt(48, 7); // streamId
        int[] shape = {132, 2, 1, 256, 1, 1};
        for (int i = 0; i < shape.length; i++) {
            m.setInt(52 + 4L * i, shape[i]);
        }
        m.setInt(92, 41); // correlationId
        Memory text = new Memory(name.length() + 1);
        text.setString(0, name);
        m.setPointer(104, text);
        m.setLong(144, 99); // graphNodeId
        KEEP = text;
        return m;
    }

    private static Memory KEEP;

    @Test
    void aKernelRecordReadsBackFieldByField() {
        Memory m = kernel(1_000, 11_640, "_Z4spinm");
        assertEquals(CuptiLibrary.CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL, KernelActivityLayout.kind(m));
        assertEquals(3, KernelActivityLayout.deviceId(m));
        KernelRecord r = KernelActivityLayout.read(m);
        assertEquals("_Z4spinm", r.name());
        assertEquals(10_640, r.durationNanos());
        assertEquals("132,2,1", r.gridText());
        assertEquals("256", r.blockText());
        assertEquals(7, r.streamId());
        assertEquals(99, r.graphNodeId());
        assertNull(KernelActivityLayout.read(kernel(0, 0, "k")), "no timestamps (CUPTI lacked memory): no record");
    }

    @Test
    void memsetsAndCopiesAreRecordsWithoutAGrid() {
        Memory set = new Memory(96);
        set.clear();
        set.setInt(0, CuptiLibrary.CUPTI_ACTIVITY_KIND_MEMSET);
        set.setLong(8, 1L << 30); // bytes
        set.setLong(16, 500);
        set.setLong(24, 235_000);
        set.setInt(32, 0);
        set.setInt(40, 13);
        KernelRecord s = KernelActivityLayout.read(set);
        assertEquals("[memset]", s.name());
        assertEquals(234_500, s.durationNanos());
        assertEquals("-", s.gridText());
        assertEquals(13, s.streamId());
        Memory copy = new Memory(96);
        copy.clear();
        copy.setInt(0, CuptiLibrary.CUPTI_ACTIVITY_KIND_MEMCPY);
        copy.setByte(4, (byte) 8); // DtoD
        copy.setLong(16, 10);
        copy.setLong(24, 20);
        assertEquals("[memcpy DtoD]", KernelActivityLayout.read(copy).name());
        assertTrue(KernelActivityLayout.read(CuptiLibrary.CUPTI_ACTIVITY_KIND_MEMSET));
        assertFalse(KernelActivityLayout.read(5), "another kind (a driver API record, say) is not read");
    }
}
