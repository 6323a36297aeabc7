package dev.sns;

import dev.sns.gpu.GpuBackend;
import java.util.function.Consumer;

/** Chooses the timer source for this machine: CUDA where a GPU is found, the wall clock elsewhere. */
final class DefaultTimerSource {
    private DefaultTimerSource() {}

    static TimerSource create(Consumer<String> log) {
        GpuBackend.Status status = GpuBackend.detect();
        return status.available() ? new GpuTimerSource(status, log) : new HostTimerSource(status.reason(), log);
    }
}
