#!/usr/bin/env bash
# `make systemd-test`: install.sh and the unit under a real systemd, in a Debian Bookworm
# container (Raspberry Pi OS Bookworm's release) booted by tests/systemd/systemd-box.
#
#   tests/systemd/systemd-test.sh [--arch amd64|arm64] [--soak SECONDS]   (as root)
#   tests/systemd/systemd-test.sh --probe    can this machine boot one? (one line; exit 0 or 1)
#
# --soak: how long the simulated kiosk runs before its watchdog is judged (default 300).
# --arch arm64: the Pi's architecture under qemu-user (about 25 minutes to build the first time,
# 5-20 times slower); there the Pi extras are installed too and the engine and firmware tests run.
# The first run builds the container's root file system (about 3 minutes, cached in
# ~/.cache/aseb-box); each run boots a throw-away copy of it.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
box=${SYSTEMD_BOX:-tests/systemd/systemd-box}
arch=amd64
soak=300
probe=0
while (($#)); do
    case $1 in
        --arch) arch=${2:?--arch needs amd64 or arm64}; shift ;;
        --soak) soak=${2:?--soak needs seconds}; shift ;;
        --probe) probe=1 ;;
        *) echo "systemd-test: unknown option $1" >&2; exit 2 ;;
    esac
    shift
done

# Whether a container can be booted here, in a line that says why not.
cannot() {
    (($(id -u) == 0)) || { echo "it needs root (systemd-nspawn boots a container)"; return 0; }
    local log
    log=$(mktemp)
    if ! "$box" --setup --arch "$arch" --build >"$log" 2>&1; then
        echo "no root file system could be built: $(tail -1 "$log")"
    elif ! "$box" --arch "$arch" --no-checkout --timeout 300 true >"$log" 2>&1; then
        echo "no container boots here: $(grep -v '^systemd-box: using' "$log" | tail -1)"
    fi
    rm -f "$log"
}

why=$(cannot)
if ((probe)); then
    [[ -z $why ]] || { echo "$why"; exit 1; }
    exit 0
fi
[[ -z $why ]] || { echo "systemd-test: cannot run on this machine: $why"; exit 2; }
options=(--soak "$soak")
[[ $arch == arm64 ]] && options+=(--tests)
# Long enough for qemu: pip builds there, and the tests run at a tenth of the speed.
timeout=$((soak + 1800))
[[ $arch == arm64 ]] && timeout=$((soak + 10800))
exec "$box" --arch "$arch" --timeout "$timeout" --script tests/systemd/box-checks.sh -- \
    "${options[@]}"
