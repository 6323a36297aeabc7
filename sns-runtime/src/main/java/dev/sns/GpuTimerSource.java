package dev.sns;

import dev.sns.gpu.GpuBackend;
import dev.sns.gpu.GpuDevice;
import dev.sns.gpu.GpuTelemetry;
import dev.sns.gpu.SampledTelemetry;
import dev.sns.gpu.cuda.CudaEventTimer;
import dev.sns.gpu.nvml.Nvml;
import dev.sns.gpu.nvml.NvmlUnavailableException;
import dev.sns.timing.HostTimer;
import dev.sns.timing.Timer;
import dev.sns.timing.TimerKind;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;

/** Timers on a machine with a GPU: CUDA events (or the wall clock on request), NVML telemetry. */
final class GpuTimerSource implements TimerSource {
    private final GpuBackend.Status status;
    private final Consumer<String> log;
    private final Set<String> said = ConcurrentHashMap.newKeySet();

    GpuTimerSource(GpuBackend.Status status, Consumer<String> log) {
        this.status = status;
        this.log = log;
    }

    @Override
    public Timer openTimer(SnsOptions o) {
        if (o.timer() == TimerKind.WALL) {
            return new HostTimer();
        }
        GpuDevice d = status.device(o.device());
        return CudaEventTimer.open(d.index(), o.launch(), o.flushL2(), o.flushBytes(), o.legacyStreamEvents());
    }

    @Override
    public GpuTelemetry openTelemetry(SnsOptions o) {
        if (o.timer() == TimerKind.WALL) {
            return GpuTelemetry.none("no clock evidence: wall-clock timer");
        }
        try {
            return new SampledTelemetry(Nvml.open(status.device(o.device())), o.telemetryPeriodMillis());
        } catch (NvmlUnavailableException e) {
            if (said.add(e.getMessage())) {
                log.accept("sns: " + e.getMessage());
            }
            return GpuTelemetry.none("no clock evidence: " + e.getMessage());
        }
    }
}
