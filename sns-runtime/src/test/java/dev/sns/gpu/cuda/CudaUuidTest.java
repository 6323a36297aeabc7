package dev.sns.gpu.cuda;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** CUDA's 16 UUID bytes are written as NVML and nvidia-smi write them (no GPU needed). */
class CudaUuidTest {
    @Test
    void sixteenBytesReadAsNvmlWritesThem() {
        byte[] b = new byte[16];
        for (int i = 0; i < 16; i++) {
            b[i] = (byte) (0xf0 + i);
        }
        assertEquals("GPU-f0f1f2f3-f4f5-f6f7-f8f9-fafbfcfdfeff", CudaProbe.uuidText(b));
        assertEquals("GPU-00000000-0000-0000-0000-000000000000", CudaProbe.uuidText(new byte[16]));
    }
}
