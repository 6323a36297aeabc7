#!/usr/bin/env bash
# Submits a sns suite run over SNS_SHARDS nodes (default 4): a job array of scripts/slurm/sns-array.sbatch
# (one shard per task, one GPU each) and, after it, scripts/slurm/sns-merge.sbatch (the group's one
# report). Arguments are JMH's (which benchmarks, forks, ...).
#
#   SNS_HISTORY='jdbc:postgresql://HOST/DB?user=U&password=P' SNS_SHARDS=8 scripts/slurm/submit.sh Sample -f 3
#
# SNS_WAIT=1 waits for the merge and exits with its code (0: complete, 4: a shard or benchmark missing).
# SNS_SBATCH adds sbatch options to both jobs (e.g. "--partition=gpu --time=02:00:00").
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
: "${SNS_HISTORY:?set SNS_HISTORY to the shared history (jdbc:postgresql://HOST/DB?user=U&password=P)}"
shards=${SNS_SHARDS:-4}
# shellcheck disable=SC2086 # SNS_SBATCH is a list of options
array=$(sbatch --parsable ${SNS_SBATCH:-} --array="0-$((shards - 1))" "$here/sns-array.sbatch" "$@")
array=${array%%;*}
# shellcheck disable=SC2086
merge=$(sbatch --parsable ${SNS_SBATCH:-} --dependency="afterany:$array" --export="ALL,SNS_ARRAY_JOB_ID=$array" \
  "$here/sns-merge.sbatch")
merge=${merge%%;*}
echo "sns: array job $array ($shards shards), then merge job $merge (run group slurm-CLUSTER-$array)"
[ "${SNS_WAIT:-0}" = 1 ] || exit 0
# sbatch --wait polls ever more slowly (up to half a minute): ask the queue twice a second instead
while squeue -h -j "$merge" 2>/dev/null | grep -q .; do sleep 0.5; done
code=$(scontrol -o show job "$merge" 2>/dev/null | tr ' ' '\n' | sed -n 's/^ExitCode=\([0-9]*\):.*/\1/p')
echo "sns: merge job $merge exited with ${code:-an unknown code}"
exit "${code:-1}"
