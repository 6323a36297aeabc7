/**
 * Shards: one suite run split over several nodes, each running a deterministic part of the selected
 * benchmarks, every unit in exactly one part.
 *
 * <p>What lives here: {@link dev.sns.reports.shards.ShardSpec} (which shard this process is:
 * {@code K/N}, 1-based, or read from Slurm's array variables or a Kubernetes Indexed Job's, and the
 * run group the shards share), {@link dev.sns.reports.shards.ShardItem} (what is never split: one
 * unit, or a declared pair with its ABBA rounds), {@link dev.sns.reports.shards.ShardWeights} (an
 * item's expected wall time: the history's last recorded time, else its iterations and forks),
 * {@link dev.sns.reports.shards.ShardPlanner} (the assignment: rendezvous hashing with bounded
 * loads) and {@link dev.sns.reports.shards.ShardPlan} (the result, with a digest of what was
 * planned so that shards started at different times can check they planned the same suite).
 *
 * <p>A unit is a benchmark id as the reports and the history key it: benchmark, JMH mode and
 * parameters ({@code pkg.Class.method@avgt:n=1024}). Devices are the seam: when one run times a
 * benchmark on several GPUs, a unit's id gains its device and nothing here changes.
 *
 * <p>Pure functions of their arguments (the environment is passed in as a map): imports the JDK
 * only; must not import {@code history} (which stores plans), JMH or JDBC.
 *
 * <p>Units: weights and loads in milliseconds of wall time.
 */
@API(status = API.Status.INTERNAL, since = "0.2.0")
package dev.sns.reports.shards;

import org.apiguardian.api.API;
