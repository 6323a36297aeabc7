package dev.sns.gpu.nvidia;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sns.gpu.GpuDevice;
import dev.sns.model.DevicePeaks;
import dev.sns.model.Precision;
import org.junit.jupiter.api.Test;

/** The speed of light from a device's attributes, with the H200's as its driver reports them. */
class NvidiaPeaksTest {
    /** As CUDA 13's driver describes the H200 (seen on the lent one: a 6016-bit bus). */
    private static final GpuDevice H200 = new GpuDevice(0, "NVIDIA H200", "9.0", 132, 60L << 20, 141L << 30, 1980, 3201,
            6016, "00000000:00:06.0");

    @Test
    void theH200sPeaksFromItsAttributes() {
        DevicePeaks p = NvidiaPeaks.of(H200, Precision.FP32, 0, 0, 0);
        assertEquals(2 * 3201e6 * 6016 / 8, p.bytesPerSecond(), 1.0); // 4814.3 GB/s, the datasheet says 4.8 TB/s
        assertEquals(132 * 1980e6 * 256, p.flopsPerSecond(), 1.0); // 66.9 TFLOP/s
        assertEquals("DRAM 2 x 3201 MHz x 6016 bit / 8 = 4814.3 GB/s; fp32 132 SMs x 1980 MHz x 256 per clock = 66.9 TFLOP/s",
                p.basis());
        assertEquals(132 * 1980e6 * 4096, NvidiaPeaks.of(H200, Precision.BF16_TENSOR, 0, 0, 0).flopsPerSecond(), 1.0);
        assertEquals(0.5, p.bandwidthShare(p.bytesPerSecond() / 2), 1e-12);
    }

    @Test
    void whatTheDriverDoesNotReportComesFromNvmlOrIsUnknownWithTheReason() {
        GpuDevice quiet = new GpuDevice(0, "X", "9.0", 132, 0, 0, 0, 0, 0, "");
        DevicePeaks fromNvml = NvidiaPeaks.of(quiet, Precision.FP64, 1980, 3201, 6016);
        assertEquals(2 * 3201e6 * 6016 / 8, fromNvml.bytesPerSecond(), 1.0);
        assertEquals(132 * 1980e6 * 128, fromNvml.flopsPerSecond(), 1.0);
        DevicePeaks unknown = NvidiaPeaks.of(quiet, Precision.FP32, 0, 0, 0);
        assertTrue(Double.isNaN(unknown.bytesPerSecond()) && Double.isNaN(unknown.flopsPerSecond()));
        assertTrue(unknown.basis().contains("DRAM peak unknown") && unknown.basis().contains("no SM clock"), unknown.basis());
        DevicePeaks otherCc = NvidiaPeaks.of(new GpuDevice(0, "Y", "8.9", 128, 0, 0, 2520, 10501, 384, ""),
                Precision.FP8_TENSOR, 0, 0, 0);
        assertTrue(Double.isNaN(otherCc.flopsPerSecond()));
        assertEquals("DRAM 2 x 10501 MHz x 384 bit / 8 = 1008.1 GB/s; no fp8-tensor rate per SM for compute capability "
                + "8.9 in sns's table", otherCc.basis());
        assertTrue(Double.isNaN(NvidiaPeaks.of(H200, Precision.FP8_TENSOR, 0, 0, 0).flopsPerSecond()) == false);
    }
}
