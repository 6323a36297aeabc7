package dev.sns;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class RotatingTest {
    @Test
    void cyclesInOrder() {
        Rotating<String> r = Rotating.of("a", "b", "c");
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < 7; i++) {
            sb.append(r.next());
        }
        assertEquals("abcabca", sb.toString());
    }

    @Test
    void ringExceedsTwiceTheCache() {
        long l2 = 60L << 20; // H200: 60 MiB
        assertEquals(121, Rotating.ringSize(1L << 20, l2)); // 120 MiB is not more than 2 x 60: one more
        assertEquals(4, Rotating.ringSize(32L << 20, l2)); // 128 MiB > 120 MiB
        assertEquals(1, Rotating.ringSize(1L << 30, l2));
        for (long size : new long[] {64 << 10, 1 << 20, 7 << 20, 100 << 20}) {
            int n = Rotating.ringSize(size, l2);
            assertTrue(n * size > 2 * l2, "n=" + n);
            assertTrue((n - 1) * size <= 2 * l2, "n=" + n + " is not the fewest");
        }
        Rotating<Integer> r = Rotating.sized(32L << 20, l2, i -> i);
        assertEquals(List.of(0, 1, 2, 3), r.items());
    }

    @Test
    void badSizesAreNamed() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Rotating.ringSize(0, 10));
        assertTrue(e.getMessage().contains("got 0"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Rotating.ringSize(1, 1L << 40));
        assertThrows(IllegalArgumentException.class, () -> Rotating.of(List.of()));
    }
}
