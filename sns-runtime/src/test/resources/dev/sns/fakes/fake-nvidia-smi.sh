#!/usr/bin/env bash
# Fake nvidia-smi for sns's tests. State lives in @STATE@: sm, mem, power, mode, supported, calls.log.
D="@STATE@"
echo "$*" >> "$D/calls.log"
mode=$(cat "$D/mode" 2>/dev/null || echo ok)
if [ "$mode" = fail ]; then
  echo "Unable to determine the device handle for GPU 00000000:19:00.0: Unknown Error" >&2
  exit 15
fi
args=("$@")
n=${#args[@]}
for ((i = 0; i < n; i++)); do
  a=${args[$i]}
  v=${args[$((i + 1))]:-}
  case "$a" in
    -lgc)
      [ "$mode" = refuse ] || echo "${v%%,*}" > "$D/sm"
      echo "GPU clocks set to \"(gpuClkMin ${v%%,*}, gpuClkMax ${v##*,})\" for GPU 00000000:19:00.0"
      echo "All done."
      exit 0 ;;
    -lmc)
      [ "$mode" = refuse ] || echo "${v%%,*}" > "$D/mem"
      echo "Memory clocks set to \"(memClkMin ${v%%,*}, memClkMax ${v##*,})\" for GPU 00000000:19:00.0"
      exit 0 ;;
    -pl)
      if [ "$mode" = fail-restore ] && grep -q -- "-lgc" "$D/calls.log" && [ -e "$D/power-set" ]; then
        echo "Failed to set power limit" >&2; exit 4
      fi
      [ "$mode" = refuse ] || { echo "$v" > "$D/power"; touch "$D/power-set"; }
      echo "Power limit for GPU 00000000:19:00.0 was set to $v W from 700.00 W."
      exit 0 ;;
    -rgc)
      if [ "$mode" = fail-restore ]; then echo "Failed to reset GPU clocks" >&2; exit 4; fi
      if [ -e "$D/slow" ]; then sleep 0.5; fi  # a reset that takes its time, as a real one can
      echo 345 > "$D/sm"
      if [ -e "$D/slow" ]; then echo "end $*" >> "$D/calls.log"; fi
      echo "All done."
      exit 0 ;;
    -rmc)
      if [ "$mode" = fail-restore ]; then echo "Failed to reset memory clocks" >&2; exit 4; fi
      echo 3201 > "$D/mem"
      echo "All done."
      exit 0 ;;
    --query-gpu=*)
      fields=${a#--query-gpu=}
      out=""
      for f in ${fields//,/ }; do
        case "$f" in
          clocks.sm) val=$(cat "$D/sm") ;;
          clocks.mem) val=$(cat "$D/mem") ;;
          power.limit) val=$(cat "$D/power") ;;
          *) val="[N/A]" ;;
        esac
        if [ "$mode" = lie ] && [ "$val" != "[N/A]" ]; then val=$(( ${val%%.*} + 200 )); fi
        out="${out:+$out, }$val"
      done
      echo "$out"
      exit 0 ;;
    --query-supported-clocks=*)
      cat "$D/supported"
      exit 0 ;;
  esac
done
echo "fake nvidia-smi: nothing to do for: $*" >&2
exit 2
