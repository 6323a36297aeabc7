#!/usr/bin/env bash
# A one-node Slurm cluster from Debian's packages, for tests: this machine is the controller and the
# only compute node, as root. Idempotent: a cluster this script started is left running (and reused).
#
#   scripts/slurm/one-node-cluster.sh [start|stop|status]
#
# start: installs slurm-wlm and munge when missing (apt-get, about 10 s), writes a munge key and
# /etc/slurm/slurm.conf (ProctrackType=proctrack/linuxproc and TaskPlugin=task/none, so no cgroups are
# needed; SlurmUser=root; the node's real CPUs and memory; SNS_SLURM_GPUS generic "gpu" resources,
# 4 by default, without devices, so that job scripts asking --gpus-per-task are scheduled as on a
# GPU cluster), starts munged, slurmctld and slurmd, and waits until the node is idle.
# Environment: SNS_SLURM_CPUS (default: nproc) declares more CPUs than there are, to oversubscribe.
set -euo pipefail
ACTION=${1:-start}
CONF_DIR=/etc/slurm
STATE=/var/spool/slurmctld
SPOOL=/var/spool/slurmd
LOGS=/var/log/slurm
NODE=$(hostname -s)
GPUS=${SNS_SLURM_GPUS:-4}
CPUS=${SNS_SLURM_CPUS:-$(nproc)}

# Whether a daemon of this name is alive (a zombie, ended and not yet reaped, is not).
running() {
  local pid
  for pid in $(pgrep -x "$1" 2>/dev/null); do
    grep -q '^State:[[:space:]]*[^Z]' "/proc/$pid/status" 2>/dev/null && return 0
  done
  return 1
}

# Ends a daemon this script started, by the pid it wrote, and waits until it is gone.
end() {
  local pidfile=$1 pid
  [ -f "$pidfile" ] || return 0
  pid=$(cat "$pidfile")
  kill "$pid" 2>/dev/null || true
  for _ in $(seq 1 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
  rm -f "$pidfile"
}

stop() {
  end /run/slurmd.pid
  end /run/slurmctld.pid
}

if [ "$ACTION" = stop ]; then stop; end /run/munge/munged.pid; exit 0; fi
if [ "$ACTION" = status ]; then sinfo -N -o '%N %T %c %G' && exit 0; exit 1; fi

if ! command -v slurmctld >/dev/null || ! command -v munged >/dev/null; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq slurm-wlm munge >/dev/null
fi

# munge: one key, owned by the munge user; the daemon as that user
mkdir -p /etc/munge /run/munge /var/lib/munge /var/log/munge
if [ ! -s /etc/munge/munge.key ]; then
  dd if=/dev/urandom bs=1 count=1024 of=/etc/munge/munge.key status=none
fi
chown -R munge: /etc/munge /run/munge /var/lib/munge /var/log/munge
chmod 0700 /etc/munge && chmod 0400 /etc/munge/munge.key && chmod 0755 /run/munge
if ! running munged; then
  runuser -u munge -- /usr/sbin/munged --force
fi

MEM_MB=$(( $(awk '/MemTotal/ {print $2}' /proc/meminfo) / 1024 - 1024 ))
mkdir -p "$CONF_DIR" "$STATE" "$SPOOL" "$LOGS"
cat > "$CONF_DIR/slurm.conf.new" <<CONF
# written by sns scripts/slurm/one-node-cluster.sh: one node, for tests
ClusterName=sns-test
SlurmctldHost=$NODE(127.0.0.1)
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
StateSaveLocation=$STATE
SlurmdSpoolDir=$SPOOL
SlurmctldPidFile=/run/slurmctld.pid
SlurmdPidFile=/run/slurmd.pid
SlurmctldLogFile=$LOGS/slurmctld.log
SlurmdLogFile=$LOGS/slurmd.log
ReturnToService=2
MpiDefault=none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
MinJobAge=300
GresTypes=gpu
NodeName=$NODE NodeAddr=127.0.0.1 CPUs=$CPUS RealMemory=$MEM_MB Gres=gpu:$GPUS State=UNKNOWN
PartitionName=debug Nodes=ALL Default=YES MaxTime=INFINITE State=UP OverSubscribe=NO
CONF
# Slurm counts a node's GPUs by their device files: plain files stand in for them here (no GPU is used)
mkdir -p /var/lib/sns-slurm
for i in $(seq 0 $((GPUS - 1))); do touch "/var/lib/sns-slurm/gpu$i"; done
printf 'AutoDetect=off\nNodeName=%s Name=gpu File=/var/lib/sns-slurm/gpu[0-%s]\n' "$NODE" "$((GPUS - 1))" \
  > "$CONF_DIR/gres.conf.new"
if ! cmp -s "$CONF_DIR/gres.conf.new" "$CONF_DIR/gres.conf" 2>/dev/null; then
  mv "$CONF_DIR/gres.conf.new" "$CONF_DIR/gres.conf"
  rm -f "$CONF_DIR/slurm.conf" # the daemons must read the new one
else
  rm -f "$CONF_DIR/gres.conf.new"
fi
if ! cmp -s "$CONF_DIR/slurm.conf.new" "$CONF_DIR/slurm.conf" 2>/dev/null; then
  mv "$CONF_DIR/slurm.conf.new" "$CONF_DIR/slurm.conf"
  stop # a changed configuration: start the daemons afresh
else
  rm -f "$CONF_DIR/slurm.conf.new"
fi

running slurmctld || slurmctld
running slurmd || slurmd
for _ in $(seq 1 40); do
  state=$(sinfo -h -N -o '%T' 2>/dev/null | head -n 1 || true)
  case "$state" in
    idle|mixed|allocated) echo "slurm: one-node cluster up: $NODE, $CPUS CPUs, $GPUS GPUs (generic resources), $state"; exit 0 ;;
    down*|drain*|inval*) scontrol update nodename="$NODE" state=resume 2>/dev/null || true ;;
  esac
  sleep 0.5
done
echo "slurm: the node did not come up; see $LOGS/slurmctld.log and $LOGS/slurmd.log" >&2
sinfo -N >&2 || true
exit 1
