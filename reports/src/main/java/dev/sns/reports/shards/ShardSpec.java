package dev.sns.reports.shards;

import java.util.Map;
import java.util.Optional;

/**
 * Which shard of a suite run this process runs: shard {@code index} of {@code count}, numbered from
 * 1 ({@code 1/4} to {@code 4/4}), as {@code -prof sns:shard=K/N} writes it. Slurm's array task ids
 * and Kubernetes' completion index (0-based) are read by {@link #fromEnvironment}.
 *
 * @param index this shard, 1 to count
 * @param count how many shards the suite is split into, at least 1
 */
public record ShardSpec(int index, int count) {
    /** More shards than this is a typing error, not a cluster (and the planner is O(units x shards)). */
    public static final int MAX_SHARDS = 10_000;

    public ShardSpec {
        if (count < 1 || count > MAX_SHARDS) {
            throw new IllegalArgumentException("the number of shards must be 1 to " + MAX_SHARDS + ", got " + count);
        }
        if (index < 1 || index > count) {
            throw new IllegalArgumentException("shard " + index + "/" + count + " does not exist: shards are numbered "
                    + "from 1 (1/" + count + " to " + count + "/" + count + ")"
                    + (index == 0 ? "; Slurm's and Kubernetes' 0-based indexes are read by shard=auto" : ""));
        }
    }

    /** {@code K/N}, 1-based; an error naming the value and the form otherwise. */
    public static ShardSpec parse(String text) {
        String t = text == null ? "" : text.strip();
        int slash = t.indexOf('/');
        if (slash <= 0 || slash == t.length() - 1) {
            throw new IllegalArgumentException("write K/N (shard K of N, from 1: 1/4 to 4/4) or auto, got '" + t + "'");
        }
        int k;
        int n;
        try {
            k = Integer.parseInt(t.substring(0, slash).strip());
            n = Integer.parseInt(t.substring(slash + 1).strip());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("write K/N with whole numbers (shard K of N, from 1: 1/4 to 4/4) or "
                    + "auto, got '" + t + "'");
        }
        return new ShardSpec(k, n);
    }

    /**
     * The shard the scheduler gave this process: a Slurm job array ({@code SLURM_ARRAY_TASK_ID},
     * {@code SLURM_ARRAY_TASK_COUNT}, {@code SLURM_ARRAY_TASK_MIN} and, for a stepped range,
     * {@code SLURM_ARRAY_TASK_STEP}: task MIN is shard 1), else a Kubernetes Indexed Job
     * ({@code JOB_COMPLETION_INDEX}, 0-based, and {@code JOB_COMPLETIONS}, which the Job's manifest
     * sets to its {@code spec.completions}). An error says what is missing.
     */
    public static ShardSpec fromEnvironment(Map<String, String> env) {
        String task = env.get("SLURM_ARRAY_TASK_ID");
        if (present(task)) {
            long id = number(env, "SLURM_ARRAY_TASK_ID");
            long count = number(env, "SLURM_ARRAY_TASK_COUNT");
            long min = present(env.get("SLURM_ARRAY_TASK_MIN")) ? number(env, "SLURM_ARRAY_TASK_MIN") : 0;
            long step = present(env.get("SLURM_ARRAY_TASK_STEP")) ? number(env, "SLURM_ARRAY_TASK_STEP") : 1;
            long max = present(env.get("SLURM_ARRAY_TASK_MAX")) ? number(env, "SLURM_ARRAY_TASK_MAX")
                    : min + (count - 1) * step;
            if (step < 1 || (id - min) % step != 0 || id < min || (max - min) / step + 1 != count) {
                throw new IllegalArgumentException("shard=auto: this Slurm array's task ids (" + min + " to " + max
                        + " step " + step + ", " + count + " tasks, this one " + id + ") are not one even range: submit "
                        + "--array=0-" + (count - 1) + " (or 1-" + count + "), or give shard=K/N");
            }
            return checked(Math.toIntExact((id - min) / step + 1), count, "Slurm array task " + id);
        }
        String index = env.get("JOB_COMPLETION_INDEX");
        if (present(index)) {
            long i = number(env, "JOB_COMPLETION_INDEX");
            if (!present(env.get("JOB_COMPLETIONS"))) {
                throw new IllegalArgumentException("shard=auto: JOB_COMPLETION_INDEX=" + index + " (a Kubernetes "
                        + "Indexed Job), but JOB_COMPLETIONS is not set: set it in the pod's env to the Job's "
                        + "spec.completions (Kubernetes does not pass it), or give shard=K/N");
            }
            return checked(Math.toIntExact(i + 1), number(env, "JOB_COMPLETIONS"), "completion index " + i);
        }
        throw new IllegalArgumentException("shard=auto found neither a Slurm job array (SLURM_ARRAY_TASK_ID) nor a "
                + "Kubernetes Indexed Job (JOB_COMPLETION_INDEX): run it as one, or give shard=K/N");
    }

    /**
     * The run group the scheduler gives every shard of one submission: {@code SNS_RUN_GROUP} when set,
     * else {@code slurm-CLUSTER-JOBID} from a Slurm array ({@code SLURM_ARRAY_JOB_ID}, the array's one
     * id), else {@code k8s-JOBNAME[-UID8]} from {@code JOB_NAME} (and {@code JOB_UID}, which tells two
     * Jobs of one name apart), which a Job's manifest sets from its labels through the downward API.
     */
    public static Optional<String> groupFromEnvironment(Map<String, String> env) {
        if (present(env.get("SNS_RUN_GROUP"))) {
            return Optional.of(env.get("SNS_RUN_GROUP").strip());
        }
        if (present(env.get("SLURM_ARRAY_JOB_ID"))) {
            String cluster = env.getOrDefault("SLURM_CLUSTER_NAME", "");
            return Optional.of("slurm-" + (present(cluster) ? cluster.strip() + "-" : "") + env.get("SLURM_ARRAY_JOB_ID").strip());
        }
        if (present(env.get("JOB_NAME"))) {
            String uid = env.getOrDefault("JOB_UID", "").strip();
            return Optional.of("k8s-" + env.get("JOB_NAME").strip() + (uid.isEmpty() ? "" : "-"
                    + uid.substring(0, Math.min(8, uid.length()))));
        }
        return Optional.empty();
    }

    private static ShardSpec checked(int index, long count, String what) {
        if (count < 1 || count > MAX_SHARDS) {
            throw new IllegalArgumentException("shard=auto: " + count + " tasks is not a number of shards (1 to "
                    + MAX_SHARDS + ")");
        }
        if (index > count) {
            throw new IllegalArgumentException("shard=auto: " + what + " is beyond the " + count + " tasks");
        }
        return new ShardSpec(index, (int) count);
    }

    private static boolean present(String s) {
        return s != null && !s.isBlank();
    }

    private static long number(Map<String, String> env, String key) {
        String v = env.get(key);
        if (!present(v)) {
            throw new IllegalArgumentException("shard=auto: " + key + " is not set");
        }
        try {
            return Long.parseLong(v.strip());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("shard=auto: " + key + "=" + v + " is not a whole number");
        }
    }

    @Override
    public String toString() {
        return index + "/" + count;
    }
}
