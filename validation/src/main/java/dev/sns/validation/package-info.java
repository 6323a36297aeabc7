/**
 * The team's validation tools: sns read against ground truth on a real GPU, the evidence behind the
 * numbers in the docs. Module {@code validation}, never installed or deployed, never in a user's jar;
 * {@code target/sns-validation.jar} runs them ({@code java -jar sns-validation.jar kernels|energy|calibration}).
 * <ul>
 *   <li>{@link dev.sns.validation.KernelCheckMain}: CUPTI's kernel records against {@code ncu
 *       --clock-control none} ({@link dev.sns.validation.NcuCsv} reads its CSV), net speedups, speed of
 *       light;</li>
 *   <li>{@link dev.sns.validation.EnergyCheckMain}: the NVML energy counter, windows of whole updates,
 *       idle power, joules per call;</li>
 *   <li>{@link dev.sns.validation.CalibrationGpuMain}: A/A coverage, repeatability and precision per
 *       GPU-second of {@code Sns.compare} and {@code Sns.measure}.</li>
 * </ul>
 * Without a GPU each prints one line saying why and exits 3 ({@link dev.sns.validation.GpuRequired});
 * {@code EnergyCheckMain --simulate} and {@code CalibrationGpuMain --dry} run on the CPU. They time the
 * samples' kernels ({@code dev.sns.benchmarks.SampleKernels}, the only class taken from module
 * benchmarks) and use sns-runtime below its API too (the cuda and cupti leaves, the statistics);
 * nothing imports this package.
 * None of them changes the GPU's clocks.
 */
package dev.sns.validation;
