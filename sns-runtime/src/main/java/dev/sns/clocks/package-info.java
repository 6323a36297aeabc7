/**
 * Clock policies and the tier a measurement earns from its clock evidence.
 *
 * <p>{@link dev.sns.clocks.TierAssignment} is a small pure function with named thresholds.
 * {@link dev.sns.clocks.ClockPolicy} implementations change the GPU's clocks only when the user asks
 * for it, verify the change by reading it back, and always restore what they changed.
 *
 * <p>Units: MHz for clocks, percent for the coefficient of variation, watts for power caps.
 * Must not import {@code dev.sns.gpu.cuda}, {@code dev.sns.gpu.nvml}, JMH or Jackson: policies talk
 * to {@code nvidia-smi} through a process, and evidence arrives as {@link dev.sns.model.ClockEvidence}.
 */
@API(status = API.Status.INTERNAL, since = "0.2.0")
package dev.sns.clocks;

import org.apiguardian.api.API;
