package dev.sns.reports.shards;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Which shard a process is, from the option or from what Slurm and Kubernetes set; the run group. */
class ShardSpecTest {
    private static String error(Runnable r) {
        return assertThrows(IllegalArgumentException.class, r::run).getMessage();
    }

    @Test
    void kOfNIsOneBased() {
        assertEquals(new ShardSpec(1, 4), ShardSpec.parse("1/4"));
        assertEquals(new ShardSpec(4, 4), ShardSpec.parse(" 4 / 4 "));
        assertEquals("3/8", ShardSpec.parse("3/8").toString());
        assertTrue(error(() -> ShardSpec.parse("0/4")).contains("shard 0/4 does not exist: shards are numbered from 1 "
                + "(1/4 to 4/4); Slurm's and Kubernetes' 0-based indexes are read by shard=auto"));
        assertTrue(error(() -> ShardSpec.parse("5/4")).contains("shard 5/4 does not exist"));
        assertTrue(error(() -> ShardSpec.parse("2")).contains("write K/N"));
        assertTrue(error(() -> ShardSpec.parse("a/b")).contains("write K/N with whole numbers"));
        assertTrue(error(() -> ShardSpec.parse("1/0")).contains("the number of shards must be 1 to 10000, got 0"));
    }

    @Test
    void aSlurmArrayFromZeroOrOneOrSteppedIsShardsOneToN() {
        Map<String, String> zero = Map.of("SLURM_ARRAY_TASK_ID", "0", "SLURM_ARRAY_TASK_COUNT", "4",
                "SLURM_ARRAY_TASK_MIN", "0", "SLURM_ARRAY_TASK_MAX", "3");
        assertEquals(new ShardSpec(1, 4), ShardSpec.fromEnvironment(zero));
        assertEquals(new ShardSpec(4, 4), ShardSpec.fromEnvironment(Map.of("SLURM_ARRAY_TASK_ID", "4",
                "SLURM_ARRAY_TASK_COUNT", "4", "SLURM_ARRAY_TASK_MIN", "1", "SLURM_ARRAY_TASK_MAX", "4")));
        assertEquals(new ShardSpec(3, 4), ShardSpec.fromEnvironment(Map.of("SLURM_ARRAY_TASK_ID", "20",
                "SLURM_ARRAY_TASK_COUNT", "4", "SLURM_ARRAY_TASK_MIN", "10", "SLURM_ARRAY_TASK_MAX", "25",
                "SLURM_ARRAY_TASK_STEP", "5")));
        // --array=1,3,7: three tasks, ids not one even range
        assertTrue(error(() -> ShardSpec.fromEnvironment(Map.of("SLURM_ARRAY_TASK_ID", "3", "SLURM_ARRAY_TASK_COUNT",
                "3", "SLURM_ARRAY_TASK_MIN", "1", "SLURM_ARRAY_TASK_MAX", "7"))).contains("are not one even range: "
                + "submit --array=0-2 (or 1-3), or give shard=K/N"));
        assertTrue(error(() -> ShardSpec.fromEnvironment(Map.of("SLURM_ARRAY_TASK_ID", "x", "SLURM_ARRAY_TASK_COUNT",
                "3"))).contains("SLURM_ARRAY_TASK_ID=x is not a whole number"));
    }

    @Test
    void aKubernetesIndexedJobNeedsItsCompletions() {
        assertEquals(new ShardSpec(1, 3), ShardSpec.fromEnvironment(Map.of("JOB_COMPLETION_INDEX", "0",
                "JOB_COMPLETIONS", "3")));
        assertEquals(new ShardSpec(3, 3), ShardSpec.fromEnvironment(Map.of("JOB_COMPLETION_INDEX", "2",
                "JOB_COMPLETIONS", "3")));
        assertTrue(error(() -> ShardSpec.fromEnvironment(Map.of("JOB_COMPLETION_INDEX", "2"))).contains(
                "JOB_COMPLETIONS is not set: set it in the pod's env to the Job's spec.completions"));
        assertTrue(error(() -> ShardSpec.fromEnvironment(Map.of("JOB_COMPLETION_INDEX", "3", "JOB_COMPLETIONS", "3")))
                .contains("completion index 3 is beyond the 3 tasks"));
        assertTrue(error(() -> ShardSpec.fromEnvironment(Map.of())).contains("found neither a Slurm job array "
                + "(SLURM_ARRAY_TASK_ID) nor a Kubernetes Indexed Job (JOB_COMPLETION_INDEX)"));
    }

    @Test
    void theRunGroupComesFromTheSchedulerUnlessGiven() {
        assertEquals(Optional.of("nightly-7"), ShardSpec.groupFromEnvironment(Map.of("SNS_RUN_GROUP", "nightly-7",
                "SLURM_ARRAY_JOB_ID", "42")));
        assertEquals(Optional.of("slurm-hpc-42"), ShardSpec.groupFromEnvironment(Map.of("SLURM_ARRAY_JOB_ID", "42",
                "SLURM_CLUSTER_NAME", "hpc")));
        assertEquals(Optional.of("slurm-42"), ShardSpec.groupFromEnvironment(Map.of("SLURM_ARRAY_JOB_ID", "42")));
        assertEquals(Optional.of("k8s-sns-suite-0f3c2a1b"), ShardSpec.groupFromEnvironment(Map.of("JOB_NAME",
                "sns-suite", "JOB_UID", "0f3c2a1b-9d8e-4f00-8a7b-123456789abc")));
        assertEquals(Optional.empty(), ShardSpec.groupFromEnvironment(Map.of()));
    }
}
