package dev.sns;

import dev.sns.analysis.Analysis;
import dev.sns.analysis.Design;
import dev.sns.analysis.Measurement;
import dev.sns.analysis.PrecisionRule;
import dev.sns.clocks.ClockPolicy;
import dev.sns.gpu.GpuBackend;
import dev.sns.gpu.GpuDevice;
import dev.sns.gpu.GpuTelemetry;
import dev.sns.gpu.TelemetryRecorder;
import dev.sns.model.ClockEvidence;
import dev.sns.model.ComparisonResult;
import dev.sns.model.DevicePeaks;
import dev.sns.model.TimingResult;
import dev.sns.options.SnsOptions;
import dev.sns.timing.Body;
import dev.sns.timing.EnergyCounter;
import dev.sns.timing.EnergySampler;
import dev.sns.timing.EnergyWatch;
import dev.sns.timing.EnergyWindow;
import dev.sns.timing.GpuStream;
import dev.sns.timing.InterleavedSampler;
import dev.sns.timing.KernelPass;
import dev.sns.timing.KernelRecorder;
import dev.sns.timing.SampleSet;
import dev.sns.timing.SamplingPlan;
import dev.sns.timing.SequentialSampler;
import dev.sns.timing.Timer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import org.apiguardian.api.API;

/**
 * The measurement engine behind {@link Sns}: applies the clock policy, opens a timer and telemetry,
 * runs a sampling loop, and hands the samples to {@link Analysis}. Construct one with a fake
 * {@link GpuBackend} to test anything above the GPU seam.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.2.0")
public final class SnsEngine {
    private final Timers timers;

    /**
     * An engine on a backend of your choice: a fake one in tests, another vendor's.
     *
     * @param backend where timers and telemetry come from (see {@link dev.sns.gpu.GpuBackends})
     * @param log where notices go (one line each), e.g. {@code System.err::println}
     */
    public SnsEngine(GpuBackend backend, Consumer<String> log) {
        this(new Timers(backend, log));
    }

    /**
     * An engine measuring with these timers.
     *
     * @param timers the timers, shared with whoever else opens them (their notices are said once)
     */
    @API(status = API.Status.INTERNAL, since = "0.2.0")
    public SnsEngine(Timers timers) {
        this.timers = Objects.requireNonNull(timers, "timers");
    }

    /**
     * Times one workload; {@link Sns#measure(Workload, SnsOptions)} on this engine's backend. With
     * the launch overhead on, an empty kernel at the work's calls per sample runs in the work's own
     * rounds (one sample of each per round, in a seeded order), so the overhead subtracted is timed
     * in the context the work is timed in.
     *
     * @param work one call of the work to time
     * @param o how to measure; its {@code devices} must select one GPU
     * @return the median time per call with its interval, samples and tier
     * @throws IllegalArgumentException if {@code devices} selects several GPUs
     * @throws SnsException if the work throws a checked exception, the timer fails, or the clock policy
     *     could not be restored (a runtime exception of the work is thrown as it is)
     */
    public TimingResult measure(Workload work, SnsOptions o) {
        Objects.requireNonNull(work, "work");
        return session(o, s -> {
            Body body = bind(work, s.timer.stream(), o.name());
            Sampled r = s.sample(List.of(o.name()), List.of(body), false);
            Measurement.Builder m = r.measurements().get(0);
            s.energyPass(List.of(m), List.of(body), r.innerReps(),
                    EnergySampler.Schedule.sequential(1, o.energyWindows()));
            s.kernelPass(m, body);
            return summarize(m.build(), o);
        });
    }

    /**
     * Times a candidate against a freshly measured baseline. Interleaved by default: one sample of
     * each per round, in a seeded random order, and a paired interval that keeps rounds whole; with
     * the launch overhead on, an empty kernel at each side's calls per sample runs in the same rounds,
     * so that the net speedup's overhead samples are resampled with their rounds.
     *
     * @param candidate the work being judged
     * @param baseline the work it is judged against
     * @param o how to measure; its name labels the two sides
     * @return the speedup (baseline over candidate) with its interval, tier and verdict
     * @throws IllegalArgumentException if {@code devices} selects several GPUs
     * @throws SnsException as {@link #measure(Workload, SnsOptions)}
     */
    public ComparisonResult compare(Workload candidate, Workload baseline, SnsOptions o) {
        Objects.requireNonNull(candidate, "candidate");
        Objects.requireNonNull(baseline, "baseline");
        String cName = sideName(o, "candidate");
        String bName = sideName(o, "baseline");
        return session(o, s -> {
            Body c = bind(candidate, s.timer.stream(), cName);
            Body b = bind(baseline, s.timer.stream(), bName);
            boolean together = o.interleave(true);
            Sampled r = s.sample(List.of(cName, bName), List.of(c, b), together);
            Measurement.Builder cm = r.measurements().get(0);
            Measurement.Builder bm = r.measurements().get(1);
            Design design = together ? Design.PAIRED_SAMPLES : Design.INDEPENDENT;
            s.energyPass(List.of(cm, bm), List.of(c, b), r.innerReps(), together
                    ? EnergySampler.Schedule.abba(o.energyWindows())
                    : EnergySampler.Schedule.sequential(2, o.energyWindows()));
            s.kernelPass(cm, c);
            s.kernelPass(bm, b);
            return compare(cm.build(), bm.build(), design, o);
        });
    }

    /**
     * Times several workloads, in the map's order. With interleaving on (off by default), samples
     * are taken round-robin, one of each per round in a reshuffled order.
     *
     * @param works the workloads by name (the name labels each result)
     * @param o how to measure
     * @return each workload's result, by name, in the map's order
     * @throws IllegalArgumentException if {@code works} is empty
     * @throws SnsException as {@link #measure(Workload, SnsOptions)}
     */
    public Map<String, TimingResult> measureMany(Map<String, Workload> works, SnsOptions o) {
        if (works.isEmpty()) {
            throw new IllegalArgumentException("measureMany needs at least one workload");
        }
        List<String> names = new ArrayList<>(works.keySet());
        return session(o, s -> {
            List<Body> bodies = new ArrayList<>();
            for (String n : names) {
                bodies.add(bind(Objects.requireNonNull(works.get(n), n), s.timer.stream(), n));
            }
            Sampled r = s.sample(names, bodies, o.interleave(false));
            List<Measurement.Builder> built = r.measurements();
            s.energyPass(built, bodies, r.innerReps(), EnergySampler.Schedule.sequential(names.size(),
                    o.energyWindows()));
            // Kernel passes last: recording must not touch any sample or launch-overhead probe.
            Map<String, TimingResult> out = new LinkedHashMap<>();
            for (int i = 0; i < names.size(); i++) {
                s.kernelPass(built.get(i), bodies.get(i));
            }
            for (int i = 0; i < names.size(); i++) {
                out.put(names.get(i), summarize(built.get(i).build(), o));
            }
            return out;
        });
    }

    /** {@return the timers this engine measures with} The JMH fork half opens its own the same way. */
    @API(status = API.Status.INTERNAL, since = "0.2.0")
    public Timers timers() {
        return timers;
    }

    /**
     * The sampling plan of {@code o}: a fixed count, or with {@code halfWidth} set, adaptive sampling
     * stopping when the first {@code sides} bodies' medians are as precise as asked ({@link PrecisionRule})
     * or at {@code maxSamplingMs} of their GPU time.
     */
    static SamplingPlan plan(SnsOptions o, int sides, double stepNanos) {
        SamplingPlan fixed = o.samplingPlan();
        if (Double.isNaN(o.halfWidthPct())) {
            return fixed;
        }
        return fixed.adaptive(new PrecisionRule(o.halfWidthPct() / 100, o.bootstrap().confidence(), sides,
                o.bootstrap(), stepNanos), o.maxSamplingMs() * 1e6);
    }

    /**
     * The options the timer is opened with: with {@code halfWidth} and the default {@code streams}
     * (one per window), as many streams as a call may take ({@link SnsOptions#MAX_STREAMS}), since
     * adaptive sampling takes {@value SamplingPlan#MIN_ADAPTIVE_WINDOWS} windows or more whatever
     * {@code windows} says; windows past that take the streams again in turn.
     */
    static SnsOptions timerOptions(SnsOptions o) {
        if (Double.isNaN(o.halfWidthPct()) || o.streams() != 0) {
            return o;
        }
        return o.toBuilder().streams(SnsOptions.MAX_STREAMS).build();
    }

    private static TimingResult summarize(Measurement m, SnsOptions o) {
        try {
            return Analysis.timing(m, o.bootstrap());
        } catch (IllegalArgumentException e) {
            throw new SnsException("measurement '" + m.name() + "' could not be summarized: " + e.getMessage(), e);
        }
    }

    private static ComparisonResult compare(Measurement c, Measurement b, Design design, SnsOptions o) {
        try {
            return Analysis.compare(Analysis.summarize(c, o.bootstrap()), Analysis.summarize(b, o.bootstrap()), design,
                    o.bootstrap(), o.thresholds(), o.verdictOn(), o.energyMargin());
        } catch (IllegalArgumentException e) {
            throw new SnsException(e.getMessage(), e);
        }
    }

    private static String sideName(SnsOptions o, String side) {
        return o.name().isEmpty() ? side : o.name() + " (" + side + ")";
    }

    private static Body bind(Workload w, GpuStream stream, String name) {
        return () -> {
            try {
                w.run(stream);
            } catch (RuntimeException | Error e) {
                throw e;
            } catch (Exception e) {
                throw new SnsException("workload '" + (name.isEmpty() ? "<unnamed>" : name) + "' threw " + e, e);
            }
        };
    }

    /**
     * What one measurement holds open: the timer, its window recorder, the device's peaks, and (on first use) the kernel recorder.
     */
    private final class Session {
        final Timer timer;
        final TelemetryRecorder recorder;
        final SnsOptions options;
        final DevicePeaks peaks;
        private KernelRecorder kernels;
        private final TelemetryRecorder energyRecorder;
        private EnergyCounter counter;
        private EnergyWatch watch;
        private final AtomicLong energyCalls = new AtomicLong();
        private List<EnergyWindow> idle = List.of();
        private String energyUnavailable = "";

        Session(Timer timer, TelemetryRecorder recorder, TelemetryRecorder energyRecorder, SnsOptions options) {
            this.timer = timer;
            this.recorder = recorder;
            this.energyRecorder = energyRecorder;
            this.options = options;
            this.peaks = timer.stream().isHost() ? null : timers.peaks(options).orElse(null);
        }

        /**
         * The bodies' samples, each with the empty kernel's samples at its calls per sample taken in
         * its own rounds, where the launch overhead is on and the timer has an empty launch: the
         * overhead subtracted is then timed where the work is (same stream and window, same launch
         * shape, the same state the work leaves the GPU in, the same host lead over the GPU), not in a
         * block of empty kernels of its own after the work. {@code together}: one round holds every
         * body and its empty kernel, in a seeded order reshuffled each round; else body after body,
         * each in rounds with its own empty kernel.
         */
        Sampled sample(List<String> names, List<Body> bodies, boolean together) throws Exception {
            java.util.Optional<Body> empty = options.launchOverhead() ? timer.emptyLaunch() : java.util.Optional.empty();
            int n = bodies.size();
            List<Measurement.Builder> out = new ArrayList<>();
            int[] reps = new int[n];
            if (together) {
                InterleavedSampler.Result r = rounds(bodies, empty);
                for (int i = 0; i < n; i++) {
                    SampleSet set = r.sets().get(i);
                    out.add(measurement(names.get(i), set, 0, recorder.size(), empty.isPresent() ? r.sets().get(n + i) : null));
                    reps[i] = set.innerReps();
                }
                return new Sampled(out, reps);
            }
            for (int i = 0; i < n; i++) {
                int from = recorder.size();
                SampleSet set;
                SampleSet overhead = null;
                if (empty.isPresent()) {
                    InterleavedSampler.Result r = rounds(List.of(bodies.get(i)), empty);
                    set = r.sets().get(0);
                    overhead = r.sets().get(1);
                } else {
                    set = SequentialSampler.run(timer, bodies.get(i), plan(options, 1, timer.resolutionNanos()), recorder);
                }
                out.add(measurement(names.get(i), set, from, recorder.size(), overhead));
                reps[i] = set.innerReps();
            }
            return new Sampled(out, reps);
        }

        /** The bodies interleaved, followed in each round by one empty kernel per body at its calls per sample. */
        private InterleavedSampler.Result rounds(List<Body> bodies, java.util.Optional<Body> empty) throws Exception {
            List<Body> all = new ArrayList<>(bodies);
            int n = bodies.size();
            int[] repsOf = new int[empty.isPresent() ? 2 * n : n];
            for (int i = 0; i < repsOf.length; i++) {
                repsOf[i] = i < n ? i : i - n;
                if (i >= n) {
                    all.add(empty.get());
                }
            }
            return InterleavedSampler.run(timer, all, plan(options, n, timer.resolutionNanos()), options.bootstrap().seed(), recorder,
                    repsOf);
        }

        /**
         * The samples of one body with the evidence of windows {@code from} to {@code to} of this
         * session and the launch overhead's samples taken in its rounds ({@code inRounds}; null: none).
         */
        private Measurement.Builder measurement(String name, SampleSet set, int from, int to, SampleSet inRounds) {
            List<ClockEvidence> windows = recorder.windows(from, to);
            Measurement.Builder b = Measurement.of(name, set, windows)
                    .timer(timer.description(), timer.resolutionNanos() / set.innerReps())
                    .work(options.flopsPerCall(), options.bytesPerCall())
                    .peaks(peaks)
                    .repeatSd(options.repeatSdPct() / 100)
                    .precisionTarget(options.halfWidthPct() / 100);
            if (inRounds != null) {
                b.overhead(new Measurement.Overhead(0, inRounds, timer.resolutionNanos() / set.innerReps(), true));
            }
            return b;
        }

        /**
         * With the kernels option, the body's kernel pass (one call per recorded call, graph-replayed
         * in graph launch mode); run after every sample and overhead probe of the session.
         */
        void kernelPass(Measurement.Builder m, Body body) throws Exception {
            if (!options.kernels()) {
                return;
            }
            if (kernels == null) {
                kernels = timers.openKernelRecorder(options);
            }
            Body once = timer.repeat(body, 1);
            try {
                m.kernels(new Measurement.Kernels(0, KernelPass.run(timer, once, kernels, options.kernelCalls())));
            } finally {
                timer.release(once);
            }
        }

        /**
         * With the energy option, before any work of the session: opens the energy counter and its
         * watch, and measures idle power (the GPU idle). A counter that cannot be read leaves the
         * reason, said once; the timing goes on.
         */
        void openEnergy() {
            if (!options.energy()) {
                return;
            }
            counter = timers.openEnergyCounter(options);
            if (!counter.unavailableReason().isEmpty()) {
                energyUnavailable = counter.unavailableReason();
                return;
            }
            watch = new EnergyWatch(counter, energyCalls::get).start();
            try {
                if (options.energyIdle()) {
                    idle = EnergySampler.idle(watch);
                }
            } catch (EnergySampler.CounterStuckException e) {
                energyUnavailable = e.getMessage();
            }
        }

        /**
         * With the energy option, after every sample of the session: each body's energy windows as
         * {@code schedule} says (its calls per sample per step), added to its measurement.
         */
        void energyPass(List<Measurement.Builder> ms, List<Body> bodies, int[] innerReps,
                        EnergySampler.Schedule schedule) throws Exception {
            if (!options.energy()) {
                return;
            }
            if (watch == null || !energyUnavailable.isEmpty()) {
                ms.forEach(m -> m.energyRequested(energyUnavailable));
                return;
            }
            List<Body> repeated = new ArrayList<>();
            try {
                for (int i = 0; i < bodies.size(); i++) {
                    repeated.add(timer.repeat(bodies.get(i), innerReps[i]));
                }
                int from = energyRecorder.size();
                EnergySampler.Result r = EnergySampler.run(timer, repeated, innerReps, schedule, options.energyUpdates(),
                        options.energyCool(), watch, energyCalls, energyRecorder);
                List<ClockEvidence> evidence = energyRecorder.windows(from, energyRecorder.size());
                for (int i = 0; i < ms.size(); i++) {
                    List<ClockEvidence> mine = new ArrayList<>();
                    for (int w = 0; w < r.ownerOfWindow().length; w++) {
                        if (r.ownerOfWindow()[w] == i && r.blockOfWindow()[w] < evidence.size()) {
                            mine.add(evidence.get(r.blockOfWindow()[w])); // the evidence of the window's block
                        }
                    }
                    List<EnergyWindow> ws = r.windowsOf().get(i);
                    ms.get(i).energyRequested("").energy(new Measurement.Energy(0, ws,
                            mine.size() == ws.size() ? mine : List.of(), idle, r.notes()));
                }
            } catch (EnergySampler.CounterStuckException e) {
                timer.synchronize();
                ms.forEach(m -> m.energyRequested(e.getMessage()));
            } finally {
                for (int i = 0; i < repeated.size(); i++) {
                    if (repeated.get(i) != bodies.get(i)) {
                        timer.release(repeated.get(i));
                    }
                }
            }
        }

        void close() {
            if (kernels != null) {
                kernels.close();
            }
            if (watch != null) {
                watch.close();
            }
            if (counter != null) {
                counter.close();
            }
        }
    }

    /** Each body's measurement (samples, windows, launch overhead) and its calls per sample, in the bodies' order. */
    private record Sampled(List<Measurement.Builder> measurements, int[] innerReps) {}

    @FunctionalInterface
    private interface SessionBody<T> {
        T run(Session session) throws Exception;
    }

    /**
     * Clock policy around a timer and telemetry; the policy is restored whatever happens, and a
     * restore that failed is an error (the GPU was left changed: nothing measured around it counts).
     */
    private <T> T session(SnsOptions o, SessionBody<T> body) {
        Objects.requireNonNull(o, "options");
        ClockPolicy policy = o.clocks(smiDevice(o));
        T result = runLocked(o, policy, body);
        if (!policy.restoreFailure().isEmpty()) {
            throw new SnsException("measurement" + (o.name().isEmpty() ? "" : " '" + o.name() + "'") + ": "
                    + policy.restoreFailure());
        }
        return result;
    }

    /**
     * How nvidia-smi names the device these options measure on (its UUID: CUDA and NVML order devices
     * differently); an error when {@code devices} selects several, since one measurement runs on one.
     */
    private String smiDevice(SnsOptions o) {
        GpuBackend.Status s = timers.backend().probe();
        if (o.timer() == dev.sns.timing.TimerKind.WALL || !s.available()) {
            return "0"; // no GPU timer: a clock policy other than unlocked fails in nvidia-smi, saying why
        }
        if (!o.devices().isSingleIndex()) {
            List<GpuDevice> selected = s.select(o.devices());
            if (selected.size() > 1) {
                throw new IllegalArgumentException("devices=" + o.devices() + " selects " + selected.size() + " GPUs, "
                        + "and one measurement runs on one: measure on each with Sns.measure(device, work, options) "
                        + "for each of Sns.devices(options)");
            }
        }
        return timers.device(o).smiSelector();
    }

    /**
     * Times one workload on one GPU, whatever the options' {@code devices} say.
     *
     * @param device one of this backend's devices ({@link Timers#devices})
     * @param work one call of the work to time; its buffers live on {@code device}
     * @param o how to measure
     * @return the median time per call with its interval, samples and tier
     * @throws IllegalArgumentException if {@code device} is not a device of this engine's backend
     * @throws SnsException as {@link #measure(Workload, SnsOptions)}
     */
    public TimingResult measure(GpuDevice device, Workload work, SnsOptions o) {
        return measure(work, on(device, o));
    }

    /**
     * Times a candidate against a freshly measured baseline, both on one GPU.
     *
     * @param device one of this backend's devices ({@link Timers#devices})
     * @param candidate the work being judged
     * @param baseline the work it is judged against
     * @param o how to measure
     * @return the speedup (baseline over candidate) with its interval, tier and verdict
     * @throws IllegalArgumentException if {@code device} is not a device of this engine's backend
     * @throws SnsException as {@link #measure(Workload, SnsOptions)}
     */
    public ComparisonResult compare(GpuDevice device, Workload candidate, Workload baseline, SnsOptions o) {
        return compare(candidate, baseline, on(device, o));
    }

    /** {@code o} measuring on {@code device}, which must be one of this backend's. */
    private SnsOptions on(GpuDevice device, SnsOptions o) {
        Objects.requireNonNull(device, "device");
        Objects.requireNonNull(o, "options");
        GpuDevice mine = timers.backend().probe().device(device.index());
        if (!mine.equals(device)) {
            throw new IllegalArgumentException("device " + device.label() + " is not a device of the "
                    + timers.backend().name() + " backend (its device " + device.index() + " is " + mine.label() + ")");
        }
        return o.toBuilder().device(device.index()).build();
    }

    private <T> T runLocked(SnsOptions o, ClockPolicy policy, SessionBody<T> body) {
        try {
            policy.apply();
            boolean locked = policy.locked(); // read before restore() clears it
            try (Timer timer = timers.openTimer(timerOptions(o)); GpuTelemetry telemetry = timers.openTelemetry(o)) {
                Session s = new Session(timer, new TelemetryRecorder(telemetry, locked),
                        new TelemetryRecorder(telemetry, locked), o);
                try {
                    s.openEnergy();
                    return body.run(s);
                } finally {
                    s.close();
                }
            }
        } catch (RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new SnsException("measurement" + (o.name().isEmpty() ? "" : " '" + o.name() + "'")
                    + " failed: " + e, e);
        } finally {
            policy.restore();
        }
    }
}
