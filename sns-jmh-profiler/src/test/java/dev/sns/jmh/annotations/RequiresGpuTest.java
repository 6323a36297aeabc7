package dev.sns.jmh.annotations;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sns.jmh.GpuBlackhole;
import org.junit.jupiter.api.Test;

class RequiresGpuTest {
    /** A suite's own GpuBlackhole subclass still marks its benchmarks as needing a GPU. */
    static class MyBlackhole extends GpuBlackhole {}

    @Test
    void theMarkOfGpuBlackholeIsInherited() {
        assertTrue(GpuBlackhole.class.isAnnotationPresent(RequiresGpu.class));
        assertTrue(MyBlackhole.class.isAnnotationPresent(RequiresGpu.class));
    }
}
