/**
 * The host half: what runs in the JVM that starts the forks. {@link dev.sns.jmh.host.SnsMain} (what the
 * benchmarks jar's Main-Class, {@code dev.sns.jmh.SnsMain}, runs; 0.1's manifests named this class, and it
 * still runs) selects benchmarks ({@link dev.sns.jmh.host.BenchmarkSelection}),
 * resolves pairs ({@link dev.sns.jmh.host.Pairs}) and runs them in ABBA rounds
 * ({@link dev.sns.jmh.host.AbbaRounds}); {@link dev.sns.jmh.host.HostHalf} applies the clock policy
 * around each fork (with {@link dev.sns.jmh.host.ForkWatch} for forks that die) and hands each
 * finished fork to {@link dev.sns.jmh.host.HostRun}, which keeps the fork ledger, summarizes and
 * compares through {@code dev.sns.analysis} and rewrites the reports; under JMH's own Main it prints a
 * line per benchmark as it finishes, while the sns Main states each result once, at the end of the run
 * ({@link dev.sns.jmh.host.RunSummary}, with {@link dev.sns.jmh.host.SummaryNotes} below its table).
 * A sharded run ({@code -prof sns:shard=K/N|auto}) plans and runs one part of the suite
 * ({@link dev.sns.jmh.host.ShardSuite}, {@link dev.sns.jmh.host.ShardRun}). With {@code halfWidth},
 * {@link dev.sns.jmh.host.PrecisionRounds} gives each benchmark above its target more forks after the
 * first round, until the target, {@code maxSamplingMs} or {@code maxForks}.
 *
 * <p>Every GPU of a host: the sns Main resolves {@code devices} and gives each fork its GPU; with
 * several, {@link dev.sns.jmh.host.DeviceRounds} runs GPU benchmarks in rounds of one fork per GPU
 * (one after another, or at once with {@code parallelDevices}, {@link dev.sns.jmh.host.JmhLock}
 * holding JMH's lock for the run), and {@link dev.sns.jmh.host.DeviceHealth} compares each GPU's
 * result with the first GPU's (the device-health table).
 *
 * <p>Imports the runtime, the report formats, {@code dev.sns.jmh.link} and
 * {@code dev.sns.jmh.annotations}; never {@code dev.sns.jmh.fork} (the other JVM's half), a GPU leaf
 * package, JCuda or JNA.
 */
@API(status = API.Status.INTERNAL, since = "0.2.0")
package dev.sns.jmh.host;

import org.apiguardian.api.API;
