package dev.sns;

import dev.sns.clocks.ClockPolicy;
import dev.sns.gpu.GpuStream;
import dev.sns.gpu.GpuTelemetry;
import dev.sns.model.ClockEvidence;
import dev.sns.model.ComparisonResult;
import dev.sns.model.TimingResult;
import dev.sns.stats.BootstrapSettings;
import dev.sns.stats.Interval;
import dev.sns.stats.RatioBootstrap;
import dev.sns.timing.Body;
import dev.sns.timing.InterleavedSampler;
import dev.sns.timing.SampleSet;
import dev.sns.timing.SequentialSampler;
import dev.sns.timing.Timer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * The measurement engine behind {@link Sns}: applies the clock policy, opens a timer and telemetry,
 * runs a sampling loop, and assembles results. Construct one with fakes to test anything above the
 * GPU seam.
 */
public final class SnsEngine {
    private final TimerSource timers;
    private final Consumer<String> log;

    /**
     * @param timers where timers and telemetry come from
     * @param log where notices go (one line each), e.g. {@code System.err::println}
     */
    public SnsEngine(TimerSource timers, Consumer<String> log) {
        this.timers = Objects.requireNonNull(timers, "timers");
        this.log = Objects.requireNonNull(log, "log");
    }

    /** Times one workload. */
    public TimingResult measure(Workload work, SnsOptions o) {
        Objects.requireNonNull(work, "work");
        return session(o, (timer, rec) -> {
            SampleSet s = SequentialSampler.run(timer, bind(work, timer.stream(), o.name()), o.samplingPlan(), rec);
            LaunchOverhead overhead = new LaunchOverhead(timer, o);
            return ResultAssembler.timing(o.name(), s, rec.merged(rec.windows(0, rec.size())), o,
                    timer.description(), timer.resolutionNanos(), overhead.forReps(s.innerReps()));
        });
    }

    /**
     * Times a candidate against a freshly measured baseline. Interleaved by default: one sample of
     * each per round, in a seeded random order, and a paired interval that keeps rounds whole.
     */
    public ComparisonResult compare(Workload candidate, Workload baseline, SnsOptions o) {
        Objects.requireNonNull(candidate, "candidate");
        Objects.requireNonNull(baseline, "baseline");
        String cName = sideName(o, "candidate");
        String bName = sideName(o, "baseline");
        return session(o, (timer, rec) -> {
            Body c = bind(candidate, timer.stream(), cName);
            Body b = bind(baseline, timer.stream(), bName);
            if (o.interleave(true)) {
                InterleavedSampler.Result r = InterleavedSampler.run(timer, List.of(c, b), o.samplingPlan(),
                        o.bootstrap().seed(), rec);
                List<ClockEvidence> win = rec.windows(0, rec.size());
                ClockEvidence ev = rec.merged(win);
                SampleSet cs = r.sets().get(0);
                SampleSet bs = r.sets().get(1);
                LaunchOverhead overhead = new LaunchOverhead(timer, o);
                TimingResult ct = ResultAssembler.timing(cName, cs, ev, o, timer.description(), timer.resolutionNanos(),
                        overhead.forReps(cs.innerReps()));
                TimingResult bt = ResultAssembler.timing(bName, bs, ev, o, timer.description(), timer.resolutionNanos(),
                        overhead.forReps(bs.innerReps()));
                requireMeasurable(ct);
                Interval ratio = RatioBootstrap.pairedWindowed(cs.perCallNanos(), bs.perCallNanos(), r.windowOfRound(),
                        o.bootstrap());
                double[] cc = ResultAssembler.toCycles(cs.perCallNanos(), r.windowOfRound(), win);
                double[] bc = ResultAssembler.toCycles(bs.perCallNanos(), r.windowOfRound(), win);
                Interval cycles = cc == null || bc == null ? null
                        : RatioBootstrap.pairedWindowed(cc, bc, r.windowOfRound(), o.bootstrap());
                String design = String.format(Locale.ROOT, "interleaved: paired rounds in %d windows (%d rounds)",
                        cs.windowCount(), cs.size());
                return comparison(ct, bt, ratio, cycles, design, o, cs.windowCount());
            }
            SampleSet cs = SequentialSampler.run(timer, c, o.samplingPlan(), rec);
            int split = rec.size();
            SampleSet bs = SequentialSampler.run(timer, b, o.samplingPlan(), rec);
            List<ClockEvidence> cw = rec.windows(0, split);
            List<ClockEvidence> bw = rec.windows(split, rec.size());
            LaunchOverhead overhead = new LaunchOverhead(timer, o);
            TimingResult ct = ResultAssembler.timing(cName, cs, rec.merged(cw), o, timer.description(),
                    timer.resolutionNanos(), overhead.forReps(cs.innerReps()));
            TimingResult bt = ResultAssembler.timing(bName, bs, rec.merged(bw), o, timer.description(),
                    timer.resolutionNanos(), overhead.forReps(bs.innerReps()));
            requireMeasurable(ct);
            BootstrapSettings set = o.bootstrap();
            Interval ratio = RatioBootstrap.independentWindowed(cs.perCallNanos(), cs.windowIds(), bs.perCallNanos(),
                    bs.windowIds(), set);
            double[] cc = ResultAssembler.toCycles(cs.perCallNanos(), cs.windowIds(), cw);
            double[] bc = ResultAssembler.toCycles(bs.perCallNanos(), bs.windowIds(), bw);
            Interval cycles = cc == null || bc == null ? null
                    : RatioBootstrap.independentWindowed(cc, cs.windowIds(), bc, bs.windowIds(), set);
            String design = String.format(Locale.ROOT, "sequential: independent sides, %d + %d windows",
                    cs.windowCount(), bs.windowCount());
            return comparison(ct, bt, ratio, cycles, design, o, Math.min(cs.windowCount(), bs.windowCount()));
        });
    }

    /**
     * Times several workloads, in the map's order. With interleaving on (off by default), samples
     * are taken round-robin, one of each per round in a reshuffled order.
     */
    public Map<String, TimingResult> measureMany(Map<String, Workload> works, SnsOptions o) {
        if (works.isEmpty()) {
            throw new IllegalArgumentException("measureMany needs at least one workload");
        }
        List<String> names = new ArrayList<>(works.keySet());
        return session(o, (timer, rec) -> {
            List<Body> bodies = new ArrayList<>();
            for (String n : names) {
                bodies.add(bind(Objects.requireNonNull(works.get(n), n), timer.stream(), n));
            }
            Map<String, TimingResult> out = new LinkedHashMap<>();
            LaunchOverhead overhead = new LaunchOverhead(timer, o);
            if (o.interleave(false)) {
                InterleavedSampler.Result r = InterleavedSampler.run(timer, bodies, o.samplingPlan(),
                        o.bootstrap().seed(), rec);
                ClockEvidence ev = rec.merged(rec.windows(0, rec.size()));
                for (int i = 0; i < names.size(); i++) {
                    out.put(names.get(i), ResultAssembler.timing(names.get(i), r.sets().get(i), ev,
                            o.toBuilder().name(names.get(i)).build(), timer.description(), timer.resolutionNanos(),
                            overhead.forReps(r.sets().get(i).innerReps())));
                }
                return out;
            }
            for (int i = 0; i < names.size(); i++) {
                int from = rec.size();
                SampleSet s = SequentialSampler.run(timer, bodies.get(i), o.samplingPlan(), rec);
                out.put(names.get(i), ResultAssembler.timing(names.get(i), s, rec.merged(rec.windows(from, rec.size())),
                        o, timer.description(), timer.resolutionNanos(), overhead.forReps(s.innerReps())));
            }
            return out;
        });
    }

    static ComparisonResult comparison(TimingResult ct, TimingResult bt, Interval ratio, Interval cycles,
                                       String design, SnsOptions o, int clusters) {
        return ComparisonAssembler.assemble(ct, bt, ratio, cycles, design, o.thresholds(), clusters);
    }

    private static void requireMeasurable(TimingResult candidate) {
        if (!(candidate.medianMillis() > 0.0)) {
            throw new SnsException("candidate '" + candidate.name() + "' measured 0 ms: the timed region fell below "
                    + "the timer's resolution (" + candidate.timer() + "); raise innerReps or give the work more to do");
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

    @FunctionalInterface
    private interface SessionBody<T> {
        T run(Timer timer, EvidenceRecorder recorder) throws Exception;
    }

    /** Clock policy around a timer and telemetry; the policy is restored whatever happens. */
    private <T> T session(SnsOptions o, SessionBody<T> body) {
        Objects.requireNonNull(o, "options");
        ClockPolicy policy = o.clockPolicy();
        try {
            policy.apply();
            boolean locked = policy.locked(); // read before restore() clears it
            try (Timer timer = timers.openTimer(o); GpuTelemetry telemetry = timers.openTelemetry(o)) {
                return body.run(timer, new EvidenceRecorder(telemetry, locked));
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

    /** Where notices go. */
    Consumer<String> log() {
        return log;
    }
}
