package dev.sns.gpu.nvidia;

import dev.sns.gpu.GpuBackend;
import dev.sns.gpu.GpuDevice;
import dev.sns.gpu.GpuTelemetry;
import dev.sns.gpu.SampledTelemetry;
import dev.sns.gpu.SensorInventory;
import dev.sns.gpu.cuda.CudaEventTimer;
import dev.sns.gpu.cuda.CudaProbe;
import dev.sns.gpu.cupti.CuptiKernelRecorder;
import dev.sns.gpu.nvml.Nvml;
import dev.sns.gpu.nvml.NvmlUnavailableException;
import dev.sns.model.BoardIdentity;
import dev.sns.model.DevicePeaks;
import dev.sns.model.Precision;
import dev.sns.options.SnsOptions;
import dev.sns.timing.EnergyCounter;
import dev.sns.timing.EventStream;
import dev.sns.timing.KernelRecorder;
import dev.sns.timing.Timer;

/**
 * NVIDIA GPUs: CUDA events through JCuda ({@code dev.sns.gpu.cuda}) for timing, NVML through JNA
 * ({@code dev.sns.gpu.nvml}) for clocks and throttling, CUPTI through JNA ({@code dev.sns.gpu.cupti})
 * for kernel records, and the peaks of {@link NvidiaPeaks}. Registered in
 * {@code META-INF/services/dev.sns.gpu.GpuBackend}.
 *
 * <p>Probing loads JCuda's native library, which throws {@link LinkageError} on a host without
 * the driver: that becomes "unavailable" with the reason and the fix, never a crash.
 */
public final class NvidiaBackend implements GpuBackend {
    private volatile Status status;

    /** For {@link java.util.ServiceLoader}. */
    public NvidiaBackend() {}

    @Override
    public String name() {
        return "nvidia";
    }

    @Override
    public Status probe() {
        Status s = status;
        if (s == null) {
            synchronized (this) {
                s = status;
                if (s == null) {
                    s = find();
                    status = s;
                }
            }
        }
        return s;
    }

    private static Status find() {
        try {
            CudaProbe.Found found = CudaProbe.probe();
            if (found.devices().isEmpty()) {
                return Status.unavailable("the CUDA driver sees no device. Check nvidia-smi and "
                        + "CUDA_VISIBLE_DEVICES");
            }
            return new Status(true, "", found.devices(), found.driverVersion());
        } catch (LinkageError e) {
            return Status.unavailable("no CUDA driver (" + firstLine(e) + "). Run on a GPU host with the NVIDIA "
                    + "driver installed");
        } catch (RuntimeException e) {
            return Status.unavailable("CUDA did not initialise (" + firstLine(e) + ")");
        }
    }

    @Override
    public Timer openTimer(GpuDevice device, SnsOptions o) {
        return CudaEventTimer.open(device.index(), o.launch(), o.flushL2(), o.flushBytes(),
                o.eventStream() == EventStream.LEGACY, o.streamsPerCall());
    }

    @Override
    public GpuTelemetry openTelemetry(GpuDevice device, SnsOptions o) {
        try {
            return new SampledTelemetry(Nvml.open(device), o.telemetryMs());
        } catch (NvmlUnavailableException e) {
            return GpuTelemetry.none("no clock evidence: " + e.getMessage());
        }
    }

    @Override
    public EnergyCounter openEnergyCounter(GpuDevice device, SnsOptions options) {
        return Nvml.openEnergyCounter(device);
    }

    @Override
    public KernelRecorder openKernelRecorder(GpuDevice device, SnsOptions options) {
        return CuptiKernelRecorder.open(device.index());
    }

    @Override
    public DevicePeaks peaks(GpuDevice device, Precision precision) {
        int[] nvml = {0, 0, 0};
        if (device.maxSmClockMhz() <= 0 || device.maxMemClockMhz() <= 0 || device.memoryBusWidthBits() <= 0) {
            try {
                nvml = Nvml.maxClocksAndBusWidth(device);
            } catch (NvmlUnavailableException | RuntimeException e) {
                nvml = new int[] {0, 0, 0};
            }
        }
        return NvidiaPeaks.of(device, precision, nvml[0], nvml[1], nvml[2]);
    }

    @Override
    public BoardIdentity board(GpuDevice device) {
        try {
            return Nvml.board(device);
        } catch (RuntimeException | LinkageError e) {
            return BoardIdentity.unknown("NVML's board read failed: " + e);
        }
    }

    @Override
    public SensorInventory sensorInventory() {
        try {
            return Nvml.inventory();
        } catch (RuntimeException | LinkageError e) {
            return SensorInventory.unavailable("NVML's device inventory failed: " + e);
        }
    }

    @Override
    public String sensorsVersion() {
        try {
            return Nvml.driverVersion();
        } catch (NvmlUnavailableException | RuntimeException | LinkageError e) {
            return "";
        }
    }

    private static String firstLine(Throwable e) {
        String m = String.valueOf(e.getMessage());
        int nl = m.indexOf('\n');
        return e.getClass().getSimpleName() + ": " + (nl < 0 ? m : m.substring(0, nl));
    }
}
