#!/usr/bin/env bash
# Benchmark: the board's own solve while a game is played, under a real systemd. Run it inside a
# Debian Bookworm container whose PID 1 is systemd:
#
#   ../shared/tools/systemd-box --timeout 3600 --script tests/benchmarks/solve_beside_play.sh
#
# Installs aseb with systemd/install.sh, runs the board's service on the simulated board with the
# mummy playing both sides, game after game (aseb run --simulated --demo --kiosk), then starts
# aseb-solve.service as a board does (idle priority, its hardening, its memory drop-in if
# install.sh wrote one) and waits for it. Prints what the solve printed, its run time, and what
# the game did meanwhile: still active, restarts, watchdog, games and moves played, and the table
# taken up without a restart.
set -uo pipefail
cd /root/aseb || exit 2
game=tait
state=/var/lib/aseb
fails=0
judge() { # judge NAME COMMAND...: PASS when COMMAND succeeds
    local name=$1
    shift
    if "$@"; then echo "PASS $name"; else echo "FAIL $name"; fails=$((fails + 1)); fi
}
moves() { # the saved game's actions so far
    python3 -c 'import json, sys; print(len(json.load(open(sys.argv[1]))["record"]["actions"]))' \
        "$state/game.json" 2>/dev/null || echo 0
}
games() { cat "$state"/games*.jsonl 2>/dev/null | wc -l; }

systemd/install.sh >/tmp/install.log 2>&1 || { tail -20 /tmp/install.log; }
systemctl stop aseb-solve.service
rm -rf "$state/$game-5".*
mkdir -p /etc/systemd/system/aseb.service.d
printf '[Service]\nExecStart=\nExecStart=/opt/aseb/venv/bin/aseb run --simulated --demo --kiosk\n' \
    >/etc/systemd/system/aseb.service.d/simulated.conf
systemctl daemon-reload
systemctl reset-failed aseb.service
systemctl restart aseb.service
sleep 20
echo "memory drop-in: $(cat /etc/systemd/system/aseb-solve.service.d/memory.conf 2>/dev/null ||
    echo none, not a Pi of 1 GB or less)"
echo "the game before the solve: $(systemctl show aseb -p ActiveState --value)," \
    "$(games) games, $(moves) actions in the game now"
restarts=$(systemctl show aseb -p NRestarts --value)
games_before=$(games)
moves_before=$(moves)
load=$(cut -d' ' -f1-3 /proc/loadavg)
began=$SECONDS
systemctl start aseb-solve.service
while [[ $(systemctl show aseb-solve -p ActiveState --value) == active ]]; do
    sleep 5
    [[ $(systemctl show aseb -p ActiveState --value) == active ]] || echo "the game is not active"
done
took=$((SECONDS - began))
echo "solve: $(systemctl show aseb-solve -p Result --value), exit" \
    "$(systemctl show aseb-solve -p ExecMainStatus --value), $took s of wall clock (load $load" \
    "at the start, $(cut -d' ' -f1-3 /proc/loadavg) at the end)"
journalctl -u aseb-solve -o cat --no-pager | grep -vE '^(Started|Stopped|Starting|Finished)' |
    tail -n 12 | sed 's/^/  /'
sleep 15 # the board looks for the table every 10 s
echo "the game during the solve: $(($(games) - games_before)) games finished, the game at" \
    "$moves_before actions at the start and $(moves) now (throws and moves); restarts" \
    "$restarts -> $(systemctl show aseb -p NRestarts --value)"
judge "the solve finished and wrote the table" test -s "$state/$game-5.values"
judge "the solve exited 0" test "$(systemctl show aseb-solve -p ExecMainStatus --value)" = 0
judge "the game stayed active" test "$(systemctl show aseb -p ActiveState --value)" = active
judge "the game was not restarted" test "$(systemctl show aseb -p NRestarts --value)" = "$restarts"
judge "no watchdog timeout" bash -c '! journalctl -u aseb -o cat | grep -q "Watchdog timeout"'
judge "the game went on during the solve" \
    test "$(($(games) - games_before))" -gt 0 -o "$(moves)" -gt "$moves_before"
judge "the board took the table up without a restart" \
    bash -c 'journalctl -u aseb -o cat | grep -q "the solved table is ready"'
exit "$fails"
