/**
 * The 0.1 names an outside suite used that 0.2.0 keeps as deprecated aliases for one release
 * (CHANGELOG.md, "Migrating from 0.1"): {@code dev.sns.jmh.Baseline} and {@code dev.sns.jmh.GpuTiming}
 * with one element per option, {@code GpuBlackhole.context()} and {@code allocate(bytes)},
 * {@code GpuBackend.detect()} and {@code Status.cudaDriverVersion()}. Written as that suite was;
 * compiled with their deprecation warnings, and run by {@code FixtureIT}. Deleted with the aliases.
 */
package com.example.legacy;
