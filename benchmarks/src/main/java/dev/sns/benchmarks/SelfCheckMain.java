package dev.sns.benchmarks;

import dev.sns.SelfCheck;
import dev.sns.Sns;
import dev.sns.SnsEngine;
import dev.sns.options.SnsOptions;
import dev.sns.Workload;
import dev.sns.gpu.GpuBackend;
import dev.sns.gpu.GpuBackends;
import dev.sns.gpu.cuda.CudaContext;
import dev.sns.model.ComparisonResult;
import dev.sns.timing.TimerKind;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * The self-check of this host. The A/A check: the same work as candidate and baseline, many times,
 * and how often the 95% speedup interval contains the true value, 1 (about 95% of trials on a
 * calibrated host), with the bias, the spread, and the false verdicts this host would have
 * produced. Then a known 2x pair (the same copy kernel on N and 2N elements). Then the
 * repeatability of {@code Sns.measure} ({@code repeat}): one call's interval covers that call's
 * median; repeat calls spread further, and the figure printed here ({@code repeatSdPct=...}) makes
 * every result carry the interval a repeat falls in.
 *
 * <pre>
 * java -cp benchmarks/target/benchmarks.jar dev.sns.benchmarks.SelfCheckMain [--trials 30]
 *      [--workloads copy,launch,fma,2x,repeat,cpu] [--out selfcheck.txt]
 * </pre>
 * Without a GPU only the {@code cpu} workload runs (an array sum on the wall clock).
 */
public final class SelfCheckMain {
    private SelfCheckMain() {}

    public static void main(String[] args) throws Exception {
        int trials = 30;
        List<String> workloads = new ArrayList<>(List.of("copy", "launch", "fma", "2x", "repeat", "cpu"));
        String outFile = null;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--trials" -> trials = Integer.parseInt(args[++i]);
                case "--workloads" -> workloads = Arrays.asList(args[++i].split(","));
                case "--out" -> outFile = args[++i];
                default -> {
                    System.err.println("unknown argument '" + args[i] + "'; usage: SelfCheckMain [--trials N] "
                            + "[--workloads copy,launch,fma,2x,repeat,cpu] [--out FILE]");
                    System.exit(2);
                }
            }
        }
        List<String> lines = new ArrayList<>();
        GpuBackend.Status gpu = GpuBackends.detect().probe();
        SnsEngine engine = Sns.engine();
        SnsOptions base = SnsOptions.builder().launchOverhead(false).build();
        for (String w : workloads) {
            if (!w.equals("cpu") && !gpu.available()) {
                System.out.println("sns self-check: skipping " + w + ": no GPU (" + gpu.reason() + ")");
                continue;
            }
            switch (w) {
                case "copy" -> lines.add(aa(engine, "A/A copy 256 MiB", copy(64L << 20), base, trials));
                case "launch" -> lines.add(aa(engine, "A/A spin 5 us (launch-bound)", spin(5_000), base, trials));
                case "fma" -> lines.add(aa(engine, "A/A FMA loop (compute-bound)", fma(), base, trials));
                case "2x" -> lines.add(twoToOne(engine, base, trials));
                case "repeat" -> lines.add(repeat(engine, "Sns.measure spin 10 us", spin(10_000), trials));
                case "cpu" -> lines.add(aa(engine, "A/A CPU array sum (wall)", cpuSum(),
                        base.toBuilder().timer(TimerKind.WALL).build(), trials));
                default -> {
                    System.err.println("unknown workload '" + w + "': copy, launch, fma, 2x, repeat or cpu");
                    System.exit(2);
                }
            }
        }
        System.out.println();
        System.out.println("sns self-check summary (95% intervals; a calibrated host covers 1 in about 95% of A/A trials):");
        lines.forEach(System.out::println);
        if (outFile != null) {
            Files.write(Paths.get(outFile), lines);
        }
    }

    private static String aa(SnsEngine engine, String name, Workload work, SnsOptions o, int trials) {
        SelfCheck.Report r = SelfCheck.run(engine, name, work, o, trials, System.out::println);
        System.out.println(r.line());
        return r.line();
    }

    /** {@code calls} back-to-back calls of Sns.measure with default options: this host's repeatability. */
    private static String repeat(SnsEngine engine, String name, Workload work, int calls) {
        SelfCheck.Repeat r = SelfCheck.repeatability(engine, name, work, SnsOptions.defaults(), calls, System.out::println);
        String line = r.line() + String.format(java.util.Locale.ROOT,
                "%n  give results this host's repeatability: SnsOptions.builder().repeatSdPct(%.3f)", r.repeatSdPct());
        System.out.println(line);
        return line;
    }

    /** The same copy kernel on N (candidate) and 2N (baseline) elements: the speedup is 2. */
    private static String twoToOne(SnsEngine engine, SnsOptions o, int trials) {
        long n = 64L << 20;
        Workload small = copy(n);
        Workload large = copy(2 * n);
        long t0 = System.nanoTime();
        double[] s = new double[trials];
        int covers2 = 0;
        int faster = 0;
        for (int t = 0; t < trials; t++) {
            ComparisonResult c = engine.compare(small, large, o.toBuilder().name("2x copy").seed(o.bootstrap().seed() + t)
                    .build());
            s[t] = c.speedup();
            covers2 += c.speedupInterval().contains(2.0) ? 1 : 0;
            faster += c.verdict() == dev.sns.model.Verdict.FASTER ? 1 : 0;
            System.out.println(String.format(Locale.ROOT, "sns self-check 2x copy: trial %d/%d: %s", t + 1, trials, c));
        }
        double mean = Arrays.stream(s).average().orElse(Double.NaN);
        String line = String.format(Locale.ROOT, "%-28s %3d trials  mean speedup %.4f (%+.2f%% from 2)  range [%.4f, %.4f]  "
                        + "intervals containing 2: %d  FASTER verdicts: %d  %.1f s", "2x copy 256 vs 512 MiB", trials, mean,
                100 * (mean / 2 - 1), Arrays.stream(s).min().orElse(Double.NaN), Arrays.stream(s).max().orElse(Double.NaN),
                covers2, faster, (System.nanoTime() - t0) / 1e9);
        System.out.println(line);
        return line;
    }

    private static Workload copy(long floats) {
        return SampleKernels.copy(CudaContext.primary(0), floats);
    }

    private static Workload spin(long nanos) {
        return SampleKernels.spin(CudaContext.primary(0), nanos);
    }

    private static Workload fma() {
        return SampleKernels.fma(CudaContext.primary(0), 16_384);
    }

    private static Workload cpuSum() {
        double[] data = new double[1 << 16];
        Arrays.fill(data, 1.0);
        double[] sink = new double[1];
        return s -> {
            double acc = 0;
            for (double d : data) {
                acc += d;
            }
            sink[0] += acc;
        };
    }

}
