#!/usr/bin/env bash
# Submits a sns suite run over SNS_SHARDS nodes (default 4): a job array of scripts/slurm/sns-array.sbatch
# (one shard per task, one GPU each) and, after it, scripts/slurm/sns-merge.sbatch (the group's one
# report). Arguments are JMH's (which benchmarks, forks, ...). Run it from the repository root after
# the README's build, or from any directory with the jars named:
#
#   SNS_HISTORY='jdbc:postgresql://HOST/DB?user=U&password=P' SNS_SHARDS=8 scripts/slurm/submit.sh Sample -f 3
#
# The jars: SNS_BENCHMARKS_JAR, else benchmarks.jar in this directory, else the build's
# benchmarks/target/benchmarks.jar; SNS_REPORTS_JAR, else sns-reports-cli.jar or sns-reports.jar in this
# directory, else the build's reports/target/sns-reports.jar. Both are checked before anything is
# submitted and handed to the jobs as absolute paths (the tasks may start in another directory).
# SNS_RUN_GROUP names the run group (default slurm-CLUSTER-ARRAYJOBID, the cluster's ClusterName).
# SNS_WAIT=1 waits for the merge and exits with its code (0: complete, 4: a shard or benchmark missing).
# SNS_SBATCH adds sbatch options to both jobs (e.g. "--partition=gpu --time=02:00:00").
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
: "${SNS_HISTORY:?set SNS_HISTORY to the shared history (jdbc:postgresql://HOST/DB?user=U&password=P)}"
shards=${SNS_SHARDS:-4}
case "$shards" in
  ''|*[!0-9]*|0) echo "sns: SNS_SHARDS=$shards is not a number of shards: give a whole number from 1, e.g. SNS_SHARDS=4" >&2
     exit 2 ;;
esac

# The first of the candidates that is a file, as an absolute path; nothing when none is.
first_file() {
  local f
  for f in "$@"; do
    if [ -f "$f" ]; then echo "$(cd "$(dirname "$f")" && pwd)/$(basename "$f")"; return 0; fi
  done
}
# A jar named by its variable must exist; else the first candidate found; else one message and exit 2.
jar() {
  local var=$1 what=$2 build=$3; shift 3
  local named=${!var:-} found
  if [ -n "$named" ]; then
    found=$(first_file "$named")
    [ -n "$found" ] || { echo "sns: $var=$named: no such file; build it ($build) or name the $what's path" >&2; exit 2; }
  else
    found=$(first_file "$@")
    [ -n "$found" ] || { echo "sns: no $what: looked for $*; build it ($build, from the repository root) or set" \
      "$var to its path" >&2; exit 2; }
  fi
  echo "$found"
}
SNS_BENCHMARKS_JAR=$(jar SNS_BENCHMARKS_JAR "benchmarks jar" "mvn -B -q -DskipTests package" \
  benchmarks.jar "$root/benchmarks/target/benchmarks.jar")
SNS_REPORTS_JAR=$(jar SNS_REPORTS_JAR "reports jar" "mvn -B -q -DskipTests package" \
  sns-reports-cli.jar sns-reports.jar "$root/reports/target/sns-reports.jar")
export SNS_BENCHMARKS_JAR SNS_REPORTS_JAR

# shellcheck disable=SC2086 # SNS_SBATCH is a list of options
array=$(sbatch --parsable ${SNS_SBATCH:-} --array="0-$((shards - 1))" "$here/sns-array.sbatch" "$@")
array=${array%%;*}
# shellcheck disable=SC2086
merge=$(sbatch --parsable ${SNS_SBATCH:-} --dependency="afterany:$array" --export="ALL,SNS_ARRAY_JOB_ID=$array" \
  "$here/sns-merge.sbatch")
merge=${merge%%;*}
# the group every task records under: SNS_RUN_GROUP, else slurm-CLUSTER-ARRAYJOBID with the cluster's name
# (what the tasks see as SLURM_CLUSTER_NAME: the ClusterName of slurm.conf)
if [ -n "${SNS_RUN_GROUP:-}" ]; then
  group=$SNS_RUN_GROUP
else
  cluster=$(scontrol show config 2>/dev/null | sed -n 's/^ClusterName *= *//p' | head -n 1)
  group="slurm-${cluster:-CLUSTER}-$array"
  [ -n "$cluster" ] || group="$group (scontrol did not give the cluster's name: CLUSTER is its ClusterName)"
fi
echo "sns: array job $array ($shards shards), then merge job $merge (run group $group)"
echo "sns: jars $SNS_BENCHMARKS_JAR and $SNS_REPORTS_JAR"
[ "${SNS_WAIT:-0}" = 1 ] || exit 0
# sbatch --wait polls ever more slowly (up to half a minute): ask the queue twice a second instead
while squeue -h -j "$merge" 2>/dev/null | grep -q .; do sleep 0.5; done
code=$(scontrol -o show job "$merge" 2>/dev/null | tr ' ' '\n' | sed -n 's/^ExitCode=\([0-9]*\):.*/\1/p')
echo "sns: merge job $merge exited with ${code:-an unknown code}"
exit "${code:-1}"
