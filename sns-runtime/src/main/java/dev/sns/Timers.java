package dev.sns;

import dev.sns.gpu.GpuBackend;
import dev.sns.gpu.GpuBackends;
import dev.sns.gpu.GpuDevice;
import dev.sns.gpu.GpuTelemetry;
import dev.sns.model.DevicePeaks;
import dev.sns.options.SnsOptions;
import dev.sns.timing.EnergyCounter;
import dev.sns.timing.HostTimer;
import dev.sns.timing.KernelRecorder;
import dev.sns.timing.Timer;
import dev.sns.timing.TimerKind;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import org.apiguardian.api.API;

/**
 * Where measurements get their timers and telemetry: the GPU backend's where {@code timer=auto}
 * finds a GPU or {@code timer=cuda} demands one, the wall clock for {@code timer=wall}, and the wall
 * clock with one loud notice where {@code auto} finds no GPU. The engine and the JMH fork half both
 * open timers here, so the choice and its messages are made in one place.
 */
@API(status = API.Status.INTERNAL, since = "0.2.0")
public final class Timers {
    private final GpuBackend backend;
    private final Consumer<String> log;
    private final Set<String> said = ConcurrentHashMap.newKeySet();

    /**
     * Timers on a backend.
     *
     * @param backend the GPU backend (one without a GPU says why in its probe)
     * @param log where notices go, one line each
     */
    public Timers(GpuBackend backend, Consumer<String> log) {
        this.backend = Objects.requireNonNull(backend, "backend");
        this.log = Objects.requireNonNull(log, "log");
    }

    private static volatile Timers shared;

    /**
     * The timers of this JVM's backend ({@link GpuBackends#detect()}), notices to standard error; the
     * same instance while the backend stays the same, so each notice is said once.
     *
     * @return the shared timers of the detected backend
     */
    public static Timers detect() {
        GpuBackend b = GpuBackends.detect();
        Timers t = shared;
        if (t == null || t.backend != b) {
            t = new Timers(b, System.err::println);
            shared = t;
        }
        return t;
    }

    /** {@return the GPU backend the timers come from} */
    public GpuBackend backend() {
        return backend;
    }

    /**
     * A timer for some options.
     *
     * @param o the options: their {@code timer} and device
     * @return a timer whose {@link Timer#stream()} is where the work is launched; the wall clock for
     *     {@code timer=wall}, or for {@code auto} without a GPU (said once)
     * @throws SnsException with the reason and the fix, when {@code timer=cuda} finds no GPU
     */
    public Timer openTimer(SnsOptions o) {
        if (o.timer() == TimerKind.WALL) {
            return new HostTimer();
        }
        GpuBackend.Status s = backend.probe();
        if (!s.available()) {
            if (o.timer() == TimerKind.CUDA) {
                throw new SnsException("timer=cuda was requested but no GPU timer is available: " + s.reason()
                        + ". Use timer=wall (or auto) to time on the host instead.");
            }
            sayOnce("sns: no GPU timer (" + s.reason() + "); timing on the wall clock. "
                    + "GPU work timed this way measures its launches, not the kernels.");
            return new HostTimer();
        }
        return backend.openTimer(device(s, o), o);
    }

    /**
     * Telemetry for the options' device.
     *
     * @param o the options: their {@code timer} and device
     * @return the device's telemetry; {@link GpuTelemetry#none} with the reason where there is none
     */
    public GpuTelemetry openTelemetry(SnsOptions o) {
        if (o.timer() == TimerKind.WALL) {
            return GpuTelemetry.none("no clock evidence: wall-clock timer");
        }
        GpuBackend.Status s = backend.probe();
        if (!s.available()) {
            return GpuTelemetry.none("no clock evidence: " + s.reason());
        }
        GpuTelemetry t = backend.openTelemetry(device(s, o), o);
        if (!t.available()) {
            sayOnce("sns: " + t.describe());
        }
        return t;
    }

    /**
     * A kernel recorder for the options' device, or one that says why there is none (the wall-clock
     * timer, no GPU, no CUPTI): said once on the log, and the run goes on without a kernel table.
     *
     * @param o the options: their {@code timer} and device
     * @return the recorder; never null, and never throws for want of a GPU
     */
    public KernelRecorder openKernelRecorder(SnsOptions o) {
        KernelRecorder r;
        if (o.timer() == TimerKind.WALL) {
            r = KernelRecorder.unavailable("the wall-clock timer records no kernels");
        } else {
            GpuBackend.Status s = backend.probe();
            r = s.available() ? backend.openKernelRecorder(device(s, o), o) : KernelRecorder.unavailable(s.reason());
        }
        if (!r.unavailableReason().isEmpty()) {
            sayOnce("sns: no kernel table: " + r.unavailableReason() + "; the run goes on without one");
        }
        return r;
    }

    /**
     * The energy counter of the options' device, or one that says why there is none (the wall-clock
     * timer, no GPU, no NVML, a GPU without the counter): said once on the log, and the run goes on
     * without energy (its fields absent, not zero).
     *
     * @param o the options: their {@code timer} and device
     * @return the counter; never null, and never throws for want of one
     */
    public EnergyCounter openEnergyCounter(SnsOptions o) {
        EnergyCounter c;
        if (o.timer() == TimerKind.WALL) {
            c = EnergyCounter.unavailable("the wall-clock timer measures no energy");
        } else {
            GpuBackend.Status s = backend.probe();
            try {
                c = s.available() ? backend.openEnergyCounter(device(s, o), o) : EnergyCounter.unavailable(s.reason());
            } catch (RuntimeException | LinkageError e) {
                c = EnergyCounter.unavailable("the energy counter could not be opened: " + e);
            }
        }
        if (!c.unavailableReason().isEmpty()) {
            sayOnce("sns: no energy: " + c.unavailableReason() + "; timing goes on without energy");
        }
        return c;
    }

    /**
     * The peaks of the options' device.
     *
     * @param o the options: their {@code timer}, device and {@code precision}
     * @return the peaks in the options' precision (NaN with the reason where they could not be read);
     *     empty on the wall clock or without a GPU
     */
    public java.util.Optional<DevicePeaks> peaks(SnsOptions o) {
        if (o.timer() == TimerKind.WALL) {
            return java.util.Optional.empty();
        }
        GpuBackend.Status s = backend.probe();
        if (!s.available()) {
            return java.util.Optional.empty();
        }
        try {
            return java.util.Optional.of(backend.peaks(device(s, o), o.precision()));
        } catch (RuntimeException | LinkageError e) {
            return java.util.Optional.of(DevicePeaks.unknown(o.precision(), "the peaks could not be read: " + e));
        }
    }

    /**
     * The device a measurement with these options runs on: the first that {@code devices} selects
     * (a JMH fork of the sns Main is given exactly one).
     *
     * @param o the options: their {@code devices}
     * @return the device
     * @throws IllegalArgumentException if a device named is not there, naming the devices there are
     * @throws IllegalStateException if there is no GPU, saying why
     */
    public GpuDevice device(SnsOptions o) {
        return device(backend.probe(), o);
    }

    /**
     * The devices some options select.
     *
     * @param o the options: their {@code devices}
     * @return the devices {@code devices} selects, in its order
     * @throws IllegalArgumentException if a device named is not there, naming the devices there are
     * @throws IllegalStateException if there is no GPU, saying why
     */
    public java.util.List<GpuDevice> devices(SnsOptions o) {
        return backend.probe().select(o.devices());
    }

    private static GpuDevice device(GpuBackend.Status s, SnsOptions o) {
        if (o.devices().isSingleIndex()) {
            return s.device(Integer.parseInt(o.devices().tokens().get(0)));
        }
        return s.select(o.devices()).get(0);
    }

    private void sayOnce(String line) {
        if (said.add(line)) {
            log.accept(line);
        }
    }
}
