package dev.sns.analysis;

import dev.sns.model.ClockEvidence;
import dev.sns.model.EnergyComparison;
import dev.sns.model.EnergyResult;
import dev.sns.stats.BootstrapSettings;
import dev.sns.stats.FewClusterCorrection;
import dev.sns.stats.Interval;
import dev.sns.stats.MedianBootstrap;
import dev.sns.stats.Percentiles;
import dev.sns.stats.RatioBootstrap;
import dev.sns.stats.WindowedBootstrap;
import dev.sns.timing.EnergyWindow;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * The energy windows of a {@link Measurement} as an {@link EnergyResult}, and two of them as an
 * {@link EnergyComparison}: the same path as the times, with the energy window as the unit. A
 * window's value is its energy over its calls (joules per call), its mean power, and, given idle
 * power, its energy less idle power over its time, per call. Medians get the bootstrap of
 * {@code dev.sns.stats} (forks, then windows); the ratio of two sides is resampled in the
 * comparison's design (windows paired by round for interleaved windows, ABBA rounds of forks paired
 * by fork) and widened for few clusters like the speedup.
 */
final class EnergyAnalysis {
    /**
     * A window that starts this much hotter than the steady temperature is flagged: leakage power rises
     * with temperature (ml.energy measured a few percent over tens of degrees), and 2 C is twice the
     * sensor's 1 C step.
     */
    static final double HOT_MARGIN_C = 2.0;

    private EnergyAnalysis() {}

    /** The windows flattened, in order, with their fork and evidence. */
    private record Flat(List<EnergyWindow> windows, int[] forks, List<ClockEvidence> evidence,
                        Map<Integer, List<EnergyWindow>> idle, List<String> notes) {
        int size() {
            return windows.size();
        }
    }

    private static Flat flat(Measurement m) {
        List<EnergyWindow> ws = new ArrayList<>();
        List<Integer> fk = new ArrayList<>();
        List<ClockEvidence> ev = new ArrayList<>();
        Map<Integer, List<EnergyWindow>> idle = new TreeMap<>();
        LinkedHashSet<String> notes = new LinkedHashSet<>();
        for (Measurement.Energy e : m.energy()) {
            for (int i = 0; i < e.windows().size(); i++) {
                EnergyWindow w = e.windows().get(i);
                if (w.calls() == 0) {
                    continue; // no call completed in it: nothing to divide by
                }
                ws.add(w);
                fk.add(e.fork());
                if (!e.evidence().isEmpty()) {
                    ev.add(e.evidence().get(i));
                }
            }
            if (!e.idle().isEmpty()) {
                idle.computeIfAbsent(e.fork(), f -> new ArrayList<>()).addAll(e.idle());
            }
            notes.addAll(e.notes());
        }
        return new Flat(ws, fk.stream().mapToInt(Integer::intValue).toArray(), ev, idle, List.copyOf(notes));
    }

    /** The energy result of {@code m}; null when energy was not asked for. */
    static EnergyResult of(Measurement m, BootstrapSettings bs) {
        if (!m.energyRequested()) {
            return null;
        }
        Flat f = flat(m);
        if (f.size() == 0) {
            String why = !m.energyUnavailable().isEmpty() ? m.energyUnavailable()
                    : "no energy window was taken (each needs the work running for at least a few counter updates)";
            return EnergyResult.unavailable(why);
        }
        int n = f.size();
        double[] jpc = new double[n];
        double[] watts = new double[n];
        double[] period = new double[n];
        long calls = 0;
        double seconds = 0;
        int minUpdates = Integer.MAX_VALUE;
        for (int i = 0; i < n; i++) {
            EnergyWindow w = f.windows().get(i);
            jpc[i] = w.joulesPerCall();
            watts[i] = w.watts();
            period[i] = w.nanos() / 1e6 / w.updates();
            calls += w.calls();
            seconds += w.nanos() / 1e9;
            minUpdates = Math.min(minUpdates, w.updates());
        }
        int forks = (int) Arrays.stream(f.forks()).distinct().count();
        EnergyResult.Builder b = EnergyResult.builder()
                .windows(n, forks, minUpdates, Percentiles.median(period))
                .totals(calls, seconds)
                .work(m.flopsPerCall(), m.bytesPerCall())
                .notes(f.notes());
        String noInterval = n < 2 ? "one energy window: no interval (run the work longer, or more windows)" : "";
        b.joulesPerCall(Percentiles.median(jpc), median(jpc, f.forks(), bs))
                .watts(Percentiles.median(watts), median(watts, f.forks(), bs))
                .noInterval(noInterval)
                .estimator(noInterval.isEmpty() ? estimator(n, forks, minUpdates) : noInterval);
        idle(f, b, bs);
        temperatures(f, b);
        b.powerSensorRatio(sensorRatio(f));
        b.throttleReasons(throttles(f));
        return b.build();
    }

    private static String estimator(int windows, int forks, int updates) {
        return forks > 1
                ? String.format(Locale.ROOT, "bootstrap of the median: %d forks, then %d energy windows (>= %d counter "
                        + "updates each)", forks, windows, updates)
                : String.format(Locale.ROOT, "bootstrap of the median over %d energy windows (>= %d counter updates each)",
                        windows, updates);
    }

    /** Idle power (every fork's idle windows), and the energy per call above it where every fork measured one. */
    private static void idle(Flat f, EnergyResult.Builder b, BootstrapSettings bs) {
        if (f.idle().isEmpty()) {
            return;
        }
        List<Double> all = new ArrayList<>();
        List<Integer> allForks = new ArrayList<>();
        Map<Integer, Double> perFork = new LinkedHashMap<>();
        f.idle().forEach((fork, ws) -> {
            double[] w = ws.stream().mapToDouble(EnergyWindow::watts).toArray();
            perFork.put(fork, Percentiles.median(w));
            for (double x : w) {
                all.add(x);
                allForks.add(fork);
            }
        });
        double[] iw = all.stream().mapToDouble(Double::doubleValue).toArray();
        int[] ifk = allForks.stream().mapToInt(Integer::intValue).toArray();
        b.idleWatts(Percentiles.median(iw), median(iw, ifk, bs));
        for (int fork : f.forks()) {
            if (!perFork.containsKey(fork)) {
                return; // a fork without idle power: no reading above idle
            }
        }
        double[] above = aboveIdle(f, perFork);
        b.aboveIdle(Percentiles.median(above), median(above, f.forks(), bs));
    }

    private static double[] aboveIdle(Flat f, Map<Integer, Double> idleWatts) {
        double[] out = new double[f.size()];
        for (int i = 0; i < out.length; i++) {
            EnergyWindow w = f.windows().get(i);
            out[i] = (w.millijoules() * 1e-3 - idleWatts.get(f.forks()[i]) * w.nanos() * 1e-9) / w.calls();
        }
        return out;
    }

    /**
     * Temperatures at the windows' boundaries: their range, the steady temperature of each fork (the
     * median end temperature of its later half of windows), and the windows that started hotter than
     * it by more than {@link #HOT_MARGIN_C}.
     */
    private static void temperatures(Flat f, EnergyResult.Builder b) {
        double min = Double.NaN;
        double max = Double.NaN;
        Map<Integer, List<Double>> ends = new TreeMap<>();
        for (int i = 0; i < f.size(); i++) {
            EnergyWindow w = f.windows().get(i);
            for (double c : new double[] {w.startTemperatureC(), w.endTemperatureC()}) {
                if (!Double.isNaN(c)) {
                    min = Double.isNaN(min) ? c : Math.min(min, c);
                    max = Double.isNaN(max) ? c : Math.max(max, c);
                }
            }
            ends.computeIfAbsent(f.forks()[i], k -> new ArrayList<>()).add(w.endTemperatureC());
        }
        Map<Integer, Double> steady = new TreeMap<>();
        ends.forEach((fork, list) -> {
            double[] later = list.subList(list.size() / 2, list.size()).stream().mapToDouble(Double::doubleValue)
                    .filter(x -> !Double.isNaN(x)).toArray();
            steady.put(fork, later.length == 0 ? Double.NaN : Percentiles.median(later));
        });
        int hot = 0;
        boolean[] hotFlags = new boolean[f.size()];
        for (int i = 0; i < f.size(); i++) {
            double s = steady.get(f.forks()[i]);
            if (f.windows().get(i).startTemperatureC() > s + HOT_MARGIN_C) {
                hotFlags[i] = true;
                hot++;
            }
        }
        double[] st = steady.values().stream().mapToDouble(Double::doubleValue).filter(x -> !Double.isNaN(x)).toArray();
        b.temperatures(min, max, st.length == 0 ? Double.NaN : Percentiles.median(st), hot);
        b.trace(trace(f, hotFlags));
    }

    private static List<EnergyResult.TracePoint> trace(Flat f, boolean[] hot) {
        List<EnergyResult.TracePoint> out = new ArrayList<>();
        f.idle().forEach((fork, ws) -> {
            for (EnergyWindow w : ws) {
                out.add(point(fork, w, false, true));
            }
        });
        for (int i = 0; i < f.size(); i++) {
            out.add(point(f.forks()[i], f.windows().get(i), hot[i], false));
        }
        return out;
    }

    private static EnergyResult.TracePoint point(int fork, EnergyWindow w, boolean hot, boolean idle) {
        return new EnergyResult.TracePoint(fork, w.startNanos() / 1e9, w.nanos() / 1e9, w.millijoules() / 1e3, w.calls(),
                w.watts(), w.joulesPerCall(),
                w.startTemperatureC(), w.endTemperatureC(), hot, idle);
    }

    /** Median over windows of the power sensor's integral over the counter's energy; NaN without readings. */
    private static double sensorRatio(Flat f) {
        double[] r = f.windows().stream().filter(w -> Double.isFinite(w.powerSensorMillijoules()) && w.millijoules() > 0)
                .mapToDouble(w -> w.powerSensorMillijoules() / w.millijoules()).toArray();
        return r.length == 0 ? Double.NaN : Percentiles.median(r);
    }

    private static List<String> throttles(Flat f) {
        LinkedHashSet<String> out = new LinkedHashSet<>();
        for (ClockEvidence e : f.evidence()) {
            out.addAll(e.throttle().throttleReasons());
        }
        return List.copyOf(out);
    }

    /** The median's interval over windows (forks, then windows, where there are several forks); null for one value. */
    private static Interval median(double[] v, int[] forks, BootstrapSettings bs) {
        if (v.length < 2) {
            return null;
        }
        Interval i;
        if (Arrays.stream(forks).distinct().count() > 1) {
            i = WindowedBootstrap.medianInterval(v, forks, ids(v.length), bs);
        } else {
            i = MedianBootstrap.medianInterval(v, bs);
        }
        double m = Percentiles.median(v);
        return i.contains(m) ? i : new Interval(Math.min(i.lower(), m), Math.max(i.upper(), m), i.confidence());
    }

    private static int[] ids(int n) {
        int[] out = new int[n];
        for (int i = 0; i < n; i++) {
            out[i] = i;
        }
        return out;
    }

    /**
     * The energy ratio of two sides; null when neither asked for energy, unavailable (with the
     * reason) when a side has no energy reading with an interval.
     */
    static EnergyComparison compare(Measurement c, EnergyResult ce, Measurement b, EnergyResult be, Design design,
                                    BootstrapSettings bs, double margin) {
        if (ce == null && be == null) {
            return null;
        }
        String missing = missing("candidate", ce);
        if (missing.isEmpty()) {
            missing = missing("baseline", be);
        }
        if (!missing.isEmpty()) {
            return EnergyComparison.unavailable(missing, margin);
        }
        Flat fc = flat(c);
        Flat fb = flat(b);
        double point = be.joulesPerCall() / ce.joulesPerCall();
        Ratio r = ratio(fc, jpc(fc), fb, jpc(fb), design, c.fromForks() || b.fromForks(), bs);
        Interval interval = widen(r.interval(), point, r.clusters());
        Interval aboveIdle = null;
        double aboveIdlePoint = Double.NaN;
        if (ce.aboveIdleInterval().isPresent() && be.aboveIdleInterval().isPresent()
                && ce.aboveIdleJoulesPerCall() > 0 && be.aboveIdleJoulesPerCall() > 0) {
            double[] ac = aboveIdle(fc, perForkIdle(fc));
            double[] ab = aboveIdle(fb, perForkIdle(fb));
            if (Arrays.stream(ac).allMatch(x -> x > 0) && Arrays.stream(ab).allMatch(x -> x > 0)) {
                aboveIdlePoint = be.aboveIdleJoulesPerCall() / ce.aboveIdleJoulesPerCall();
                aboveIdle = widen(ratio(fc, ac, fb, ab, design, c.fromForks() || b.fromForks(), bs).interval(),
                        aboveIdlePoint, r.clusters());
            }
        }
        boolean valid = !ce.throttled() && !be.throttled();
        return new EnergyComparison(point, interval, aboveIdlePoint, aboveIdle, margin, valid, r.design(), "");
    }

    private static String missing(String side, EnergyResult e) {
        if (e == null) {
            return "the " + side + " measured no energy (energy=false)";
        }
        if (!e.available()) {
            return "the " + side + " has no energy reading: " + e.unavailableReason();
        }
        if (!e.hasInterval()) {
            return "the " + side + "'s energy has no interval: " + e.estimator();
        }
        return "";
    }

    private static Map<Integer, Double> perForkIdle(Flat f) {
        Map<Integer, Double> out = new TreeMap<>();
        f.idle().forEach((fork, ws) -> out.put(fork, Percentiles.median(ws.stream().mapToDouble(EnergyWindow::watts)
                .toArray())));
        return out;
    }

    private static double[] jpc(Flat f) {
        return f.windows().stream().mapToDouble(EnergyWindow::joulesPerCall).toArray();
    }

    private record Ratio(Interval interval, int clusters, String design) {}

    /** The ratio's raw interval in the design the windows support, with the clusters it rests on. */
    private static Ratio ratio(Flat c, double[] cv, Flat b, double[] bv, Design design, boolean fromForks,
                               BootstrapSettings bs) {
        if (design == Design.PAIRED_SAMPLES) {
            Map<Integer, Double> cr = byRound(c, cv);
            Map<Integer, Double> br = byRound(b, bv);
            cr.keySet().retainAll(br.keySet());
            if (cr.size() >= 2) {
                double[] x = new double[cr.size()];
                double[] y = new double[cr.size()];
                int k = 0;
                for (int round : cr.keySet()) {
                    x[k] = cr.get(round);
                    y[k] = br.get(round);
                    k++;
                }
                return new Ratio(RatioBootstrap.pairedWindowed(x, y, ids(x.length), bs), x.length,
                        String.format(Locale.ROOT, "interleaved windows: %d ABBA rounds paired", x.length));
            }
        }
        if (design == Design.PAIRED_FORKS && RatioBootstrap.commonRounds(c.forks(), b.forks()).size() >= 2) {
            int rounds = RatioBootstrap.commonRounds(c.forks(), b.forks()).size();
            return new Ratio(RatioBootstrap.pairedByFork(cv, c.forks(), ids(cv.length), bv, b.forks(), ids(bv.length), bs),
                    rounds, String.format(Locale.ROOT, "interleaved ABBA: %d rounds paired, then energy windows", rounds));
        }
        int fc = (int) Arrays.stream(c.forks()).distinct().count();
        int fb = (int) Arrays.stream(b.forks()).distinct().count();
        if (!fromForks && fc == 1 && fb == 1) {
            return new Ratio(RatioBootstrap.independentWindowed(cv, ids(cv.length), bv, ids(bv.length), bs),
                    Math.min(cv.length, bv.length), String.format(Locale.ROOT, "independent sides: %d + %d energy windows",
                    cv.length, bv.length));
        }
        int clusters = Math.max(2, fc >= 2 && fb >= 2 ? fc + fb : Math.min(cv.length, bv.length));
        return new Ratio(RatioBootstrap.independentForked(cv, c.forks(), ids(cv.length), bv, b.forks(), ids(bv.length), bs),
                clusters, String.format(Locale.ROOT, "independent sides: %d + %d forks, then energy windows", fc, fb));
    }

    private static Map<Integer, Double> byRound(Flat f, double[] v) {
        Map<Integer, Double> out = new TreeMap<>();
        for (int i = 0; i < f.size(); i++) {
            int r = f.windows().get(i).round();
            if (r >= 0) {
                out.merge(r, v[i], (x, y) -> (x + y) / 2);
            }
        }
        return out;
    }

    private static Interval widen(Interval raw, double point, int clusters) {
        if (clusters < 2 || !(raw.lower() > 0)) {
            return raw;
        }
        double center = raw.contains(point) ? point : Math.sqrt(raw.lower() * raw.upper());
        return FewClusterCorrection.widenRatio(raw, center, clusters);
    }
}
