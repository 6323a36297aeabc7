/**
 * The fault-injection suite of issue 10 ("never hide, never lose, never leave the GPU locked"): real
 * JMH forks through the sns Main (or JMH's Runner) on the fake GPU, the fake nvidia-smi, and child JVMs
 * for what only another process can show. Iterations are 100 ms (one warm-up, three measured) so the
 * whole suite stays short; nothing asserts on wall-clock time. The classes that fork are failsafe
 * integration tests ({@code *IT}, run by {@code mvn verify}); {@code mvn test} runs the rest.
 *
 * <p>Fault groups, and where each is covered:
 * <ul>
 *   <li>a benchmark's own exception (late, in iteration 2 of 3, or in every iteration), under the sns
 *       Main and JMH's Runner: {@link dev.sns.jmh.faults.BenchmarkExceptionFaultIT};</li>
 *   <li>options checked before the first fork (bounds, int range, empty values, '=x', {@code \;} in
 *       paths) and a report directory that cannot be made: {@link dev.sns.jmh.faults.OptionFaultIT}
 *       (unit tests: {@code dev.sns.options.OptionLineTest}, {@code OptionBoundsTest},
 *       {@code dev.sns.jmh.link.ProfilerOptionsTest});</li>
 *   <li>two runs writing one report directory (an OS lock held by another process):
 *       {@link dev.sns.jmh.faults.ReportDirectoryLockFaultIT};</li>
 *   <li>a fork that hangs, ignoring interrupts (the fork watch): {@link dev.sns.jmh.faults.ForkWatchFaultIT}
 *       (its budget's arithmetic: {@code dev.sns.jmh.host.HostHalfTest});</li>
 *   <li>a host killed with kill -9 while the clocks are locked: {@code dev.sns.clocks.ClockStateTest}
 *       in sns-runtime;</li>
 *   <li>clocks that cannot be restored: {@link dev.sns.jmh.faults.ClockRestoreFaultIT} (the Java API:
 *       {@code dev.sns.SnsEngineFaultsTest});</li>
 *   <li>a fork lost to kill -9 (one of two, or every one): {@link dev.sns.jmh.faults.LostForkFaultIT};</li>
 *   <li>a host killed mid-run: its journal recovered by the next run,
 *       {@link dev.sns.jmh.faults.JournalRecoveryFaultIT} (unit tests: {@code dev.sns.reports.RunJournalTest},
 *       {@code dev.sns.jmh.host.RunReportsTest});</li>
 *   <li>a sensor reading 1e308 MHz: {@link dev.sns.jmh.faults.ImplausibleSensorFaultTest} (unit tests:
 *       {@code dev.sns.gpu.SampledTelemetryTest}; a card that cannot be drawn:
 *       {@code dev.sns.reports.html.HtmlReportFormatTest});</li>
 *   <li>an ABBA round lost from a pair: {@code dev.sns.jmh.host.PairComparisonsTest}.</li>
 * </ul>
 * The other processes are {@link dev.sns.jmh.faults.FaultChildMain} here and
 * {@code dev.sns.clocks.LockThenHaltMain} in sns-runtime, started through {@code dev.sns.fakes.ChildJvm}.
 */
package dev.sns.jmh.faults;
