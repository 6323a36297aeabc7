package dev.sns.reports.history;

import dev.sns.reports.BenchmarkEntry;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The raw samples of one benchmark in a run, kept compactly: 21 quantiles (0%, 5%, ..., 100%) of
 * all samples and, per measurement window, its fork, window id, sample count and median. Times in
 * milliseconds per call, as 32-bit floats (7 significant digits, far below any interval's width).
 *
 * <p>Why a digest and not the samples: measured on a realistic run (3,000 to 4,500 samples per
 * benchmark), the raw samples as 32-bit floats take 12-18 KB per benchmark, about 0.9 MB per run of
 * 50 benchmarks and 9 GB for 10,000 runs; this digest takes about 330 bytes per benchmark (15
 * windows), and keeps what the history needs: the distribution's shape and the window-to-window
 * spread. results.json keeps every sample of a run.
 *
 * <p>Binary layout (big-endian), version 1: byte 1; short q, then q floats (the quantiles); int w,
 * then w times (int fork, int window, int n, float median). SCHEMA.md documents it.
 *
 * @param quantiles the 21 quantiles, ascending
 * @param windows one entry per window, in the order the samples were taken
 */
public record SampleDigest(double[] quantiles, List<Window> windows) {
    /** Quantile levels: 0, 0.05, ..., 1. */
    public static final int QUANTILES = 21;
    private static final byte VERSION = 1;

    /** Values are rounded to 32-bit floats here, so that a digest equals itself read back. */
    public SampleDigest {
        quantiles = quantiles.clone();
        for (int i = 0; i < quantiles.length; i++) {
            quantiles[i] = (float) quantiles[i];
        }
        windows = List.copyOf(windows);
    }

    /** One window's samples: the fork and window ids as recorded, the count and the median (a 32-bit float). */
    public record Window(int fork, int window, int n, double median) {
        public Window {
            median = (float) median;
        }
    }

    /** The digest of {@code samples}; null when there are none (a failed benchmark). Non-finite samples are left out. */
    public static SampleDigest of(BenchmarkEntry.Samples samples) {
        if (samples == null || samples.millis() == null || samples.millis().isEmpty()) {
            return null;
        }
        List<Double> ms = samples.millis();
        double[] all = ms.stream().filter(v -> v != null && Double.isFinite(v)).mapToDouble(Double::doubleValue).toArray();
        if (all.length == 0) {
            return null;
        }
        Arrays.sort(all);
        double[] q = new double[QUANTILES];
        for (int i = 0; i < QUANTILES; i++) {
            q[i] = quantile(all, i / (double) (QUANTILES - 1));
        }
        Map<List<Integer>, List<Double>> byWindow = new LinkedHashMap<>();
        for (int i = 0; i < ms.size(); i++) {
            Double v = ms.get(i);
            if (v == null || !Double.isFinite(v)) {
                continue;
            }
            int fork = id(samples.fork(), i);
            int window = id(samples.window(), i);
            byWindow.computeIfAbsent(List.of(fork, window), k -> new ArrayList<>()).add(v);
        }
        List<Window> windows = new ArrayList<>();
        byWindow.forEach((k, v) -> {
            double[] w = v.stream().mapToDouble(Double::doubleValue).sorted().toArray();
            windows.add(new Window(k.get(0), k.get(1), w.length, quantile(w, 0.5)));
        });
        return new SampleDigest(q, windows);
    }

    private static int id(List<Integer> ids, int i) {
        return ids == null || i >= ids.size() || ids.get(i) == null ? 0 : ids.get(i);
    }

    /** Linear interpolation between order statistics (type 7, R's default). */
    private static double quantile(double[] sorted, double p) {
        double h = (sorted.length - 1) * p;
        int lo = (int) Math.floor(h);
        int hi = Math.min(lo + 1, sorted.length - 1);
        return sorted[lo] + (h - lo) * (sorted[hi] - sorted[lo]);
    }

    /** The stored bytes. */
    public byte[] encode() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(8 + 4 * QUANTILES + 16 * windows.size());
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            out.writeByte(VERSION);
            out.writeShort(quantiles.length);
            for (double q : quantiles) {
                out.writeFloat((float) q);
            }
            out.writeInt(windows.size());
            for (Window w : windows) {
                out.writeInt(w.fork());
                out.writeInt(w.window());
                out.writeInt(w.n());
                out.writeFloat((float) w.median());
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bytes.toByteArray();
    }

    /** The digest stored as {@code bytes}; null for null. */
    public static SampleDigest decode(byte[] bytes) {
        if (bytes == null) {
            return null;
        }
        try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(bytes))) {
            byte version = in.readByte();
            if (version != VERSION) {
                throw new IllegalArgumentException("sample digest version " + version + " is not one this sns reads ("
                        + VERSION + "): upgrade sns");
            }
            double[] q = new double[in.readShort()];
            for (int i = 0; i < q.length; i++) {
                q[i] = in.readFloat();
            }
            int n = in.readInt();
            List<Window> windows = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
                windows.add(new Window(in.readInt(), in.readInt(), in.readInt(), in.readFloat()));
            }
            return new SampleDigest(q, windows);
        } catch (IOException e) {
            throw new IllegalArgumentException("a sample digest of " + bytes.length + " bytes is cut short", e);
        }
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof SampleDigest d && Arrays.equals(quantiles, d.quantiles) && windows.equals(d.windows);
    }

    @Override
    public int hashCode() {
        return 31 * Arrays.hashCode(quantiles) + windows.hashCode();
    }

    @Override
    public String toString() {
        return "SampleDigest[quantiles=" + Arrays.toString(quantiles) + ", windows=" + windows + "]";
    }
}
