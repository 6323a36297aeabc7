package dev.sns.gpu.nvidia;

import dev.sns.gpu.GpuDevice;
import dev.sns.model.DevicePeaks;
import dev.sns.model.Precision;
import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;

/**
 * An NVIDIA device's speed of light, from its own attributes (NVBench's formulas):
 * <ul>
 *   <li>peak DRAM bandwidth = 2 (double data rate) x memory clock x bus width / 8, in bytes per
 *       second (the memory clock and bus width as the CUDA driver reports them:
 *       {@code CU_DEVICE_ATTRIBUTE_MEMORY_CLOCK_RATE}, {@code _GLOBAL_MEMORY_BUS_WIDTH}; NVML's
 *       where the driver does not);</li>
 *   <li>peak rate = SM count x highest SM clock x operations per clock per SM for the precision.</li>
 * </ul>
 *
 * <p>Operations per clock per SM, dense, counting a fused multiply-add as two (compute capability
 * 7.0: V100; 8.0: A100; 9.0: H100 and H200):
 * <pre>
 * precision     7.0    8.0    9.0   source
 * fp64           64     64    128   CUDA C++ Programming Guide, "Arithmetic Instructions":
 * fp32          128    128    256     results per clock per SM (32, 32, 64 for fp64; 64, 64, 128
 * fp16          256    512    512     for fp32; 128, 256, 256 for fp16) x 2; bf16 on 9.0 from the
 * bf16            -    256    512     H100 whitepaper's 133.8 TFLOPS
 * fp64-tensor     -    128    256   whitepapers (V100 2017, A100 2020, H100 2022): dense peak
 * tf32-tensor     -   1024   2048     / (SMs x the boost clock they quote), e.g. A100 fp16-tensor
 * fp16-tensor  1024   2048   4096     312 TFLOPS / (108 x 1410 MHz) = 2048, H100 SXM
 * bf16-tensor     -   2048   4096     989.4 TFLOPS / (132 x 1830 MHz) = 4096
 * fp8-tensor      -      -   8192
 * int8-tensor     -   4096   8192
 * </pre>
 * Other compute capabilities (and precisions a device lacks) have no peak rate: their share of peak
 * is NaN with the reason, never a guess. The bandwidth needs only the attributes.
 */
final class NvidiaPeaks {
    /** Operations per clock per SM, by compute capability, then precision (see the table above). */
    static final Map<String, Map<Precision, Integer>> PER_SM = Map.of(
            "7.0", rates(64, 128, 256, 0, 0, 0, 1024, 0, 0, 0),
            "8.0", rates(64, 128, 512, 256, 128, 1024, 2048, 2048, 0, 4096),
            "9.0", rates(128, 256, 512, 512, 256, 2048, 4096, 4096, 8192, 8192));

    private NvidiaPeaks() {}

    /**
     * The peaks of {@code d} in {@code precision}; {@code smMhz}, {@code memMhz} and {@code busBits}
     * override the device's own values where those are 0 (the driver did not report them).
     */
    static DevicePeaks of(GpuDevice d, Precision precision, int smMhz, int memMhz, int busBits) {
        int sm = d.maxSmClockMhz() > 0 ? d.maxSmClockMhz() : smMhz;
        int mem = d.maxMemClockMhz() > 0 ? d.maxMemClockMhz() : memMhz;
        int bus = d.memoryBusWidthBits() > 0 ? d.memoryBusWidthBits() : busBits;
        double bytes = Double.NaN;
        String bw;
        if (mem > 0 && bus > 0) {
            bytes = 2.0 * mem * 1e6 * bus / 8;
            bw = String.format(Locale.ROOT, "DRAM 2 x %d MHz x %d bit / 8 = %.1f GB/s", mem, bus, bytes / 1e9);
        } else {
            bw = "DRAM peak unknown (the driver reports no memory clock or bus width)";
        }
        double flops = Double.NaN;
        String fl;
        Integer rate = PER_SM.getOrDefault(d.computeCapability(), Map.of()).get(precision);
        if (rate == null || rate == 0) {
            fl = "no " + precision + " rate per SM for compute capability " + d.computeCapability() + " in sns's table";
        } else if (sm <= 0 || d.smCount() <= 0) {
            fl = precision + " peak unknown (the driver reports no SM clock)";
        } else {
            flops = (double) d.smCount() * sm * 1e6 * rate;
            fl = String.format(Locale.ROOT, "%s %d SMs x %d MHz x %d per clock = %.1f TFLOP/s", precision, d.smCount(), sm,
                    rate, flops / 1e12);
        }
        return new DevicePeaks(bytes, flops, precision, bw + "; " + fl);
    }

    private static Map<Precision, Integer> rates(int fp64, int fp32, int fp16, int bf16, int fp64t, int tf32t, int fp16t,
                                                 int bf16t, int fp8t, int int8t) {
        Map<Precision, Integer> m = new EnumMap<>(Precision.class);
        m.put(Precision.FP64, fp64);
        m.put(Precision.FP32, fp32);
        m.put(Precision.FP16, fp16);
        m.put(Precision.BF16, bf16);
        m.put(Precision.FP64_TENSOR, fp64t);
        m.put(Precision.TF32_TENSOR, tf32t);
        m.put(Precision.FP16_TENSOR, fp16t);
        m.put(Precision.BF16_TENSOR, bf16t);
        m.put(Precision.FP8_TENSOR, fp8t);
        m.put(Precision.INT8_TENSOR, int8t);
        return m;
    }
}
