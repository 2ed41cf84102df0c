#!/usr/bin/env bash
# Benchmark: the board's solve under a memory limit, as the kernel counts it for a service.
#
#   sudo ../shared/tools/systemd-box --timeout 3600 --script tests/benchmarks/solve_cgroup.sh \
#       [GAME [LIMIT [PIECES]]]                        # defaults: tait 600M 5
#
# Inside the container (a real systemd, cgroup v2 as on a Pi): installs aseb into a venv, then runs
# the solve as aseb-solve.service runs it (python -m firmware.solve.background) in a transient
# service with MemoryMax=LIMIT and no swap, and prints its result, the cgroup's memory.peak, its
# OOM kills, the CPU time, the bytes it read and wrote, and the table's figures.
set -euo pipefail

game=${1:-tait}
limit=${2:-600M}
pieces=${3:-5}
here=/root/aseb
venv=/opt/solve-venv
out=/var/tmp/solve-$game
unit=solve-cgroup

cd "$here"
if [[ ! -x $venv/bin/python ]]; then
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet --quiet .
fi
rm -rf "$out" && mkdir -p "$out"
echo "solve: $game, $pieces pieces, MemoryMax=$limit, $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
systemd-run --unit="$unit" --quiet --property=MemoryMax="$limit" \
    --property=MemorySwapMax=0 --property=Environment=NUMBA_CACHE_DIR="$out/numba-cache" \
    --property=StandardOutput=file:"$out/solve.log" --property=StandardError=file:"$out/solve.log" \
    "$venv/bin/python" -m firmware.solve.background --not-idle --game "$game" --pieces "$pieces" \
    --out "$out"
cgroup=/sys/fs/cgroup/system.slice/$unit.service
peak=0
while [[ $(systemctl show -p ActiveState --value "$unit") == active ]]; do
    # memory.peak is the kernel's own high-water mark; read it while the cgroup exists
    [[ -r $cgroup/memory.peak ]] && peak=$(cat "$cgroup/memory.peak")
    [[ -r $cgroup/memory.events ]] && events=$(tr '\n' ' ' <"$cgroup/memory.events")
    [[ -r $cgroup/io.stat ]] && io=$(cat "$cgroup/io.stat")
    [[ -r $cgroup/cpu.stat ]] && cpu=$(grep -E '^(user|system)_usec' "$cgroup/cpu.stat" | tr '\n' ' ')
    sleep 1
done
echo "result: $(systemctl show -p Result --value "$unit"); exit status:" \
    "$(systemctl show -p ExecMainStatus --value "$unit")"
echo "memory.peak: $peak bytes ($((peak / 1048576)) MiB)"
echo "memory.events: ${events:-}"
echo "cpu.stat: ${cpu:-}"
echo "io.stat: ${io:-none}"
tail -n 9 "$out/solve.log"
ls -l "$out"
systemctl reset-failed "$unit" 2>/dev/null || true
