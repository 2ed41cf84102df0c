#!/usr/bin/env bash
# Benchmark: the board's solve under a memory limit, as the kernel counts it for a service.
#
#   tests/benchmarks/solve_cgroup.sh [GAME [LIMIT [PIECES]]]     # as root; defaults: tait 600M 5
#   ../shared/tools/systemd-box --timeout 3600 --script tests/benchmarks/solve_cgroup.sh tait 600M
#
# Runs the solve as aseb-solve.service runs it (python -m firmware.solve.background, with a
# compile cache of its own, as a board's first solve), under a memory limit the kernel enforces,
# and prints its result, the peak of its memory as the kernel counts it (page cache included: the
# files it writes fill the limit, and the kernel takes those pages back as needed) and the most
# anonymous memory seen (what the solve itself holds), its OOM kills, its CPU time and the bytes
# it read and wrote (an SD card wears), then the solve's own lines.
# - Where the memory controller is on cgroup v2 (a Pi, Raspberry Pi OS Bookworm; a container that
#   has it): a transient service, MemoryMax=LIMIT and no swap, its memory.peak, memory.events,
#   cpu.stat and io.stat. The code is installed into /opt/solve-venv (PYTHON: another python).
# - Where it is on cgroup v1 (a host that still mounts it, where containers get it read-only and
#   so enforce no MemoryMax): a memory cgroup of its own under this shell's, with
#   memory.limit_in_bytes=LIMIT, its max_usage_in_bytes, failcnt and oom_kill; CPU and bytes
#   from /usr/bin/time. PYTHON: by default the checkout's .venv.
# - Elsewhere it says that no limit could be enforced, and exits 69.
set -euo pipefail

game=${1:-tait}
limit=${2:-600M}
pieces=${3:-5}
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
out=/var/tmp/solve-$game-$limit
cd "$here"
rm -rf "$out" && mkdir -p "$out"
bytes=$(numfmt --from=iec "$limit")
solve=(-m firmware.solve.background --not-idle --game "$game" --pieces "$pieces" --out "$out")

say_result() {
    echo "solve's lines:"
    sed 's/^/  /' "$out/solve.log" | tail -n 12
}

echo "solve: $game, $pieces pieces, limit $limit ($bytes bytes), $(nproc) cores," \
    "load $(cut -d' ' -f1-3 /proc/loadavg) at the start"
if grep -qw memory /sys/fs/cgroup/cgroup.controllers 2>/dev/null; then
    python=${PYTHON:-/opt/solve-venv/bin/python}
    if [[ ! -x $python ]]; then
        python3 -m venv /opt/solve-venv
        /opt/solve-venv/bin/pip install --quiet --quiet .
        python=/opt/solve-venv/bin/python
    fi
    unit="solve-cgroup"
    echo "cgroup v2: a transient service, MemoryMax=$limit, MemorySwapMax=0"
    systemd-run --unit="$unit" --quiet --property=MemoryMax="$limit" \
        --property=MemorySwapMax=0 --property=Environment=NUMBA_CACHE_DIR="$out/numba-cache" \
        --property=StandardOutput=file:"$out/solve.log" \
        --property=StandardError=file:"$out/solve.log" "$python" "${solve[@]}"
    cgroup=/sys/fs/cgroup/system.slice/$unit.service
    peak=0 anon=0 events="" io="" cpu=""
    while [[ $(systemctl show -p ActiveState --value "$unit") == active ]]; do
        # memory.peak is the kernel's own high-water mark; read it while the cgroup exists
        [[ -r $cgroup/memory.peak ]] && peak=$(cat "$cgroup/memory.peak")
        now=$(awk '$1 == "anon" { print $2 }' "$cgroup/memory.stat" 2>/dev/null || echo 0)
        ((${now:-0} > anon)) && anon=$now
        [[ -r $cgroup/memory.events ]] && events=$(tr '\n' ' ' <"$cgroup/memory.events")
        [[ -r $cgroup/io.stat ]] && io=$(cat "$cgroup/io.stat")
        [[ -r $cgroup/cpu.stat ]] && cpu=$(grep -E '^(user|system)_usec' "$cgroup/cpu.stat" |
            tr '\n' ' ')
        sleep 1
    done
    echo "result: $(systemctl show -p Result --value "$unit"), exit status" \
        "$(systemctl show -p ExecMainStatus --value "$unit")"
    echo "memory.peak: $peak bytes ($((peak / 1048576)) MiB)"
    echo "anonymous memory (memory.stat anon), most seen every second: $anon bytes" \
        "($((anon / 1048576)) MiB)"
    echo "memory.events: $events"
    echo "cpu.stat: $cpu"
    echo "io.stat: ${io:-none}"
    systemctl reset-failed "$unit" 2>/dev/null || true
elif [[ -w /sys/fs/cgroup/memory/cgroup.procs ]]; then
    python=${PYTHON:-$here/.venv/bin/python}
    mine=$(awk -F: '$2 ~ /(^|,)memory(,|$)/ { print $3 }' /proc/self/cgroup)
    cgroup=/sys/fs/cgroup/memory${mine%/}/aseb-solve-$$
    mkdir "$cgroup"
    trap 'rmdir "$cgroup" 2>/dev/null || true' EXIT
    echo "$bytes" >"$cgroup/memory.limit_in_bytes"
    [[ -w $cgroup/memory.memsw.limit_in_bytes ]] && echo "$bytes" >"$cgroup/memory.memsw.limit_in_bytes"
    echo "cgroup v1: $cgroup, memory.limit_in_bytes=$(cat "$cgroup/memory.limit_in_bytes")," \
        "swap $(grep -c . /proc/swaps | awk '{ print ($1 > 1) ? "on" : "none" }')"
    # the shell joins the group, then becomes the timed solve: all its memory is counted there
    bash -c 'echo $$ >"$1/cgroup.procs"; shift; exec "$@"' _ "$cgroup" \
        env NUMBA_CACHE_DIR="${NUMBA_CACHE_DIR:-$out/numba-cache}" \
        /usr/bin/time -v -o "$out/time.log" "$python" "${solve[@]}" >"$out/solve.log" 2>&1 &
    solver=$!
    anon=0
    while kill -0 "$solver" 2>/dev/null; do
        # the pages the solve itself holds (the rest is page cache the kernel takes back)
        now=$(awk '$1 == "rss" { print $2 }' "$cgroup/memory.stat")
        ((now > anon)) && anon=$now
        sleep 0.5
    done
    status=0
    wait "$solver" || status=$?
    echo "exit status: $status"
    echo "anonymous memory (memory.stat rss), most seen every 0.5 s: $anon bytes" \
        "($((anon / 1048576)) MiB)"
    echo "memory.max_usage_in_bytes: $(cat "$cgroup/memory.max_usage_in_bytes") bytes" \
        "($(($(cat "$cgroup/memory.max_usage_in_bytes") / 1048576)) MiB)"
    echo "memory.failcnt (times the limit was reached): $(cat "$cgroup/memory.failcnt")"
    echo "memory.oom_control: $(tr '\n' ' ' <"$cgroup/memory.oom_control")"
    grep -E 'User time|System time|Elapsed|Maximum resident|File system|Major' "$out/time.log" |
        sed 's/^\t/  /'
else
    echo "no memory controller to limit the solve with here (cgroup v2 without 'memory' in" \
        "/sys/fs/cgroup/cgroup.controllers, and no writable cgroup v1 memory hierarchy): no" \
        "figure would be the kernel's" >&2
    exit 69
fi
say_result
echo "load $(cut -d' ' -f1-3 /proc/loadavg) at the end"
