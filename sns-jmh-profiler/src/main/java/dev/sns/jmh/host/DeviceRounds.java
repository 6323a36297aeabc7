package dev.sns.jmh.host;

import dev.sns.gpu.GpuDevice;
import dev.sns.jmh.link.ForkProperties;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.UnaryOperator;
import java.util.regex.Pattern;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.format.OutputFormat;
import org.openjdk.jmh.runner.format.OutputFormatFactory;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.VerboseMode;

/**
 * Runs GPU benchmarks on each of several GPUs in rounds: a round runs one fork of each member of a
 * group (a benchmark, or a pair's members in ABBA order) on every device, so that each device's
 * forks are paired by round with the first device's for the device-health table, and drift over the
 * run lands on every device alike.
 *
 * <p>Sequential (the default): the devices' forks of a member run one after another, in an order
 * that reverses every round. Parallel ({@code parallelDevices=true}): they run at the same time, one
 * JMH run per device on its own thread with its own output (printed when the step is done, device by
 * device), and the next step starts when every device's fork is done: forks of one device never
 * overlap, forks of different devices do. JMH's machine-wide lock is held once for the whole sns run
 * ({@link JmhLock}), since runs of one JVM at the same time cannot each take it.
 */
final class DeviceRounds {
    private DeviceRounds() {}

    /**
     * @param groups benchmark names, each group run member by member in ABBA order
     * @param wrap what each JMH run's output passes through (the failure capture of the sns Main)
     */
    static void run(ChainedOptionsBuilder options, List<List<String>> groups, List<GpuDevice> devices, int rounds,
                    boolean parallel, OutputFormat format, UnaryOperator<OutputFormat> wrap, VerboseMode mode,
                    RunOutput progress, List<RunResult> results, PrintStream out) throws RunnerException {
        HostRun run = HostRun.current();
        progress.rounds();
        int members = groups.stream().mapToInt(List::size).sum();
        int total = rounds * members * (parallel ? 1 : devices.size());
        int done = 0;
        long start = System.currentTimeMillis();
        List<DeviceOutput> outputs = new ArrayList<>();
        if (parallel) {
            for (GpuDevice d : devices) {
                outputs.add(new DeviceOutput(d, mode, wrap));
            }
        }
        for (List<String> group : groups) {
            run.interleave(group, rounds);
            out.println("sns: measuring " + String.join(" and ", group) + " on " + devices.size() + " GPUs ("
                    + String.join(", ", devices.stream().map(d -> Integer.toString(d.index())).toList()) + "): "
                    + rounds + " rounds of one fork per GPU, " + (parallel ? "the GPUs' forks at the same time"
                    : "the GPUs in an order reversed every round") + (group.size() > 1 ? ", members in ABBA order" : ""));
            for (int r = 0; r < rounds; r++) {
                run.round(r);
                List<String> order = new ArrayList<>(group);
                List<GpuDevice> deviceOrder = new ArrayList<>(devices);
                if (r % 2 == 1) {
                    Collections.reverse(order);
                    Collections.reverse(deviceOrder);
                }
                for (String m : order) {
                    if (parallel) {
                        progress.nextFork(m + " on GPUs " + String.join(",", devices.stream()
                                .map(d -> Integer.toString(d.index())).toList()) + " at once", r + 1, rounds, done++, total,
                                System.currentTimeMillis() - start);
                        results.addAll(atOnce(options, m, outputs, progress));
                    } else {
                        for (GpuDevice d : deviceOrder) {
                            progress.nextFork(m + " on GPU " + d.index(), r + 1, rounds, done++, total,
                                    System.currentTimeMillis() - start);
                            results.addAll(new Runner(one(options, m, d), format).run());
                        }
                    }
                }
            }
        }
    }

    /** One fork of {@code benchmark} on {@code device}: its JVM is given the device. */
    static Options one(ChainedOptionsBuilder options, String benchmark, GpuDevice device) {
        Options base = options.build();
        List<String> append = new ArrayList<>(base.getJvmArgsAppend().orElse(List.of()));
        append.add("-D" + ForkProperties.DEVICE + "=" + device.index());
        return new OptionsBuilder().parent(base)
                .include("^" + Pattern.quote(benchmark) + "$")
                .exclude("^(?!" + Pattern.quote(benchmark) + "$)")
                .forks(1).warmupForks(0)
                .jvmArgsAppend(append.toArray(new String[0]))
                .build();
    }

    /**
     * One fork of {@code benchmark} on every device at the same time, each JMH run on its own thread
     * with its own output; returns when all are done, their output printed device by device.
     */
    private static List<RunResult> atOnce(ChainedOptionsBuilder options, String benchmark, List<DeviceOutput> outputs,
                                          RunOutput progress) throws RunnerException {
        ExecutorService pool = Executors.newFixedThreadPool(outputs.size(), r -> {
            Thread t = new Thread(r, "sns-device-run");
            t.setDaemon(true);
            return t;
        });
        try {
            List<Future<Collection<RunResult>>> runs = new ArrayList<>();
            for (DeviceOutput o : outputs) {
                Options one = one(options, benchmark, o.device);
                runs.add(pool.submit(() -> new Runner(one, o.format).run()));
            }
            List<RunResult> all = new ArrayList<>();
            RunnerException failed = null;
            for (int i = 0; i < runs.size(); i++) {
                try {
                    all.addAll(runs.get(i).get());
                } catch (ExecutionException e) {
                    if (failed == null) {
                        failed = e.getCause() instanceof RunnerException re ? re
                                : new RunnerException("the run on GPU " + outputs.get(i).device.index() + " failed: "
                                + e.getCause(), e.getCause());
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new RunnerException("interrupted while GPUs ran " + benchmark, e);
                } finally {
                    outputs.get(i).flushTo(progress);
                }
            }
            if (failed != null) {
                throw failed;
            }
            return all;
        } finally {
            pool.shutdownNow();
        }
    }

    /** One device's JMH output in a parallel run: kept apart, printed after each step under a header. */
    private static final class DeviceOutput {
        final GpuDevice device;
        final OutputFormat format;
        private final ByteArrayOutputStream buffer = new ByteArrayOutputStream();

        DeviceOutput(GpuDevice device, VerboseMode mode, UnaryOperator<OutputFormat> wrap) {
            this.device = device;
            PrintStream ps = new PrintStream(buffer, true, StandardCharsets.UTF_8);
            RunOutput own = new RunOutput(OutputFormatFactory.createFormatInstance(ps, mode), ps);
            own.rounds();
            this.format = wrap.apply(own);
        }

        /** What the device's run printed since the last flush, under a header naming the GPU. */
        synchronized void flushTo(RunOutput console) {
            String text = buffer.toString(StandardCharsets.UTF_8);
            buffer.reset();
            if (!text.isBlank()) {
                console.print("# sns: GPU " + device.label() + "\n" + text);
            }
        }
    }
}
