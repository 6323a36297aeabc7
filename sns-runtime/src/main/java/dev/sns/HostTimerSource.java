package dev.sns;

import dev.sns.gpu.GpuTelemetry;
import dev.sns.timing.HostTimer;
import dev.sns.timing.Timer;
import dev.sns.timing.TimerKind;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;

/**
 * Timers for a machine without a usable GPU: the wall clock, with one loud notice when {@code auto}
 * falls back to it, and a clear error when {@code cuda} was demanded.
 */
final class HostTimerSource implements TimerSource {
    private final String reason;
    private final Consumer<String> log;
    private final AtomicBoolean warned = new AtomicBoolean();

    /**
     * @param reason why there is no GPU timer, with the fix (shown to the user)
     * @param log where the fallback notice goes
     */
    HostTimerSource(String reason, Consumer<String> log) {
        this.reason = reason;
        this.log = log;
    }

    @Override
    public Timer openTimer(SnsOptions options) {
        if (options.timer() == TimerKind.CUDA) {
            throw new SnsException("timer=cuda was requested but no GPU timer is available: " + reason
                    + ". Use timer=wall (or auto) to time on the host instead.");
        }
        if (options.timer() == TimerKind.AUTO && warned.compareAndSet(false, true)) {
            log.accept("sns: no GPU timer (" + reason + "); timing on the wall clock. "
                    + "GPU work timed this way measures its launches, not the kernels.");
        }
        return new HostTimer();
    }

    @Override
    public GpuTelemetry openTelemetry(SnsOptions options) {
        return GpuTelemetry.none("no clock evidence: " + reason);
    }
}
