package dev.sns.jmh;

import dev.sns.jmh.fork.ForkHalf;
import dev.sns.jmh.host.HostHalf;
import dev.sns.jmh.host.RunChecks;
import dev.sns.jmh.host.HostRun;
import dev.sns.jmh.link.ForkProperties;
import dev.sns.jmh.link.ProfilerOptions;
import java.io.File;
import java.util.Collection;
import java.util.List;
import org.apiguardian.api.API;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.profile.ExternalProfiler;
import org.openjdk.jmh.profile.InternalProfiler;
import org.openjdk.jmh.profile.ProfilerException;
import org.openjdk.jmh.results.BenchmarkResult;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.Result;

/**
 * {@code -prof sns}: the profiler JMH loads in both JVMs. As an ExternalProfiler (the host JVM) it
 * is the {@link HostHalf}: clock policy around each fork, the fork's windows to the run's
 * collector. As an InternalProfiler (each forked JVM) it is the {@link ForkHalf}: telemetry around
 * each measurement iteration, the iteration's samples back to the host (a benchmark without a
 * {@code GpuBlackhole} sends none: the host reads JMH's own scores).
 *
 * <p>The constructor parses the options and, in the host, checks once what can be checked before the
 * first fork (JMH constructs profilers many times, in both JVMs);
 * each half is made when its first callback comes. In a fork the host has checked the line already:
 * it is parsed there only when the fork half needs it (a CPU benchmark's fork never loads the option
 * table).
 */
public class SnsProfiler implements InternalProfiler, ExternalProfiler {
    private final String initLine;
    private ProfilerOptions options;
    private HostHalf host;
    private ForkHalf fork;

    /**
     * Parses the options; JMH constructs the profiler from {@code -prof sns:OPTIONS}.
     *
     * @param initLine the options, {@code key=value;key=value} ({@code help} lists them)
     * @throws ProfilerException for a bad key or value (or {@code help}), naming it; in the host, also for a
     *     {@code history=} or {@code smi=} that cannot work ({@code RunChecks}: JMH then refuses the profiler
     *     before the first fork, with this message)
     */
    public SnsProfiler(String initLine) throws ProfilerException {
        this.initLine = initLine;
        if (!ForkProperties.inFork()) { // a fork's line was checked by its host before the fork started
            try {
                this.options = ProfilerOptions.parse(initLine);
                RunChecks.once(options); // history= and smi= before the first fork, once per JVM
            } catch (IllegalArgumentException e) {
                throw new ProfilerException(dev.sns.options.Secrets.mask(e.getMessage()));
            }
            if (!options.snsMainOnly().isEmpty() && !HostRun.underSnsMain()) {
                throw new ProfilerException(ProfilerOptions.needsSnsMain(options.snsMainOnly(), ""));
            }
        }
    }

    @Override
    public String getDescription() {
        return "sns: honest GPU timing: CUDA events per invocation, NVML clocks, bootstrap intervals and trust "
                + "tiers (options: -prof sns:help)";
    }

    /** {@return the parsed options} */
    @API(status = API.Status.INTERNAL, since = "0.2.0")
    public ProfilerOptions options() {
        if (options == null) {
            options = ProfilerOptions.parse(initLine);
        }
        return options;
    }

    private HostHalf host() {
        if (host == null) {
            host = new HostHalf(options());
        }
        return host;
    }

    private ForkHalf fork() {
        if (fork == null) {
            // a class, not a lambda: JMH's forks run no lambda of their own, and the first costs a fork a few ms
            fork = new ForkHalf(new java.util.function.Supplier<ProfilerOptions>() {
                @Override
                public ProfilerOptions get() {
                    return options().forThisFork();
                }
            });
        }
        return fork;
    }

    @Override
    public Collection<String> addJVMInvokeOptions(BenchmarkParams params) {
        return List.of();
    }

    @Override
    public Collection<String> addJVMOptions(BenchmarkParams params) {
        return host().addJVMOptions(params);
    }

    @Override
    public void beforeTrial(BenchmarkParams params) {
        host().beforeTrial(params);
    }

    @Override
    public Collection<? extends Result> afterTrial(BenchmarkResult br, long pid, File stdOut, File stdErr) {
        return host().afterTrial(br);
    }

    @Override
    public boolean allowPrintOut() {
        return true;
    }

    @Override
    public boolean allowPrintErr() {
        return true;
    }

    @Override
    public void beforeIteration(BenchmarkParams benchmarkParams, IterationParams iterationParams) {
        fork().beforeIteration(iterationParams);
    }

    @Override
    public Collection<? extends Result> afterIteration(BenchmarkParams benchmarkParams, IterationParams iterationParams,
                                                       IterationResult result) {
        List<? extends Result> results = fork().afterIteration(benchmarkParams, iterationParams, result);
        if (benchmarkParams.getForks() == 0) {
            host().inProcess(benchmarkParams, iterationParams, results); // -f 0: no fork, no afterTrial
        }
        return results;
    }
}
