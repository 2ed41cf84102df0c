#!/bin/bash
# A whole game in the real window by keys alone, under Xvfb, looked at in screenshots:
#
#     tests/sim/window/keys_under_xvfb.sh OUT_DIR     # needs Xvfb, xdotool, xwd, ImageMagick
#
# Only key presses reach the window (xdotool's XTEST; no pointer event is sent): Space throws,
# Tab goes to the first piece that can move, Enter moves it; the mummy plays the Reels. Once the
# game is won the board is cleared by Tab and Enter, then Options > Larger text is chosen by
# F10, Down and Enter, and the larger words are photographed with a menu, a help page and the
# log open. It takes about ten minutes (the window plays in real time).
set -u
out=${1:?where to put the screenshots}
mkdir -p "$out"
work=$(mktemp -d)
display=:$((90 + RANDOM % 9))
Xvfb "$display" -screen 0 1280x760x24 > "$work/xvfb.log" 2>&1 &
xvfb=$!
export DISPLAY=$display XDG_CONFIG_HOME=$work/config XDG_STATE_HOME=$work/state
export SDL_AUDIODRIVER=dummy
sleep 2
.venv/bin/aseb sim --state-dir "$work/game" --seed 2 > "$work/sim.log" 2>&1 &
sim=$!
sleep 6
shot() { xwd -root -display "$display" | convert xwd:- "$out/$1.png"; }
won() { grep -q '"last_winner": "' "$work/game/game.json" 2>/dev/null; }
shot 00-start
xdotool key space; sleep 3
for round in $(seq 1 250); do
    xdotool key Tab; sleep 0.3
    [ "$round" = 4 ] && shot 01-focus
    xdotool key Return; sleep 2.5
    xdotool key space; sleep 3
    if won; then echo "won after $round rounds of keys"; break; fi
done
sleep 1; shot 10-won
sleep 7  # the victory lights; then the pieces left are taken off one by one
for _ in $(seq 1 10); do xdotool key Tab; sleep 0.3; xdotool key Return; sleep 1.2; done
shot 11-cleared
xdotool key F10; sleep 0.5
for _ in $(seq 1 14); do xdotool key Down; sleep 0.15; done  # Options > Larger text
shot 20-menu-by-keys
xdotool key Return; sleep 1
shot 21-larger-text
xdotool key F10; sleep 0.5; xdotool key Down; sleep 0.3; xdotool key Right; sleep 0.5
shot 22-larger-menu-list-beside
xdotool key Escape; sleep 0.3; xdotool key Escape; sleep 0.3
xdotool key F10; sleep 0.3
for _ in 1 2 3; do xdotool key Left; sleep 0.3; done  # round the bar to Help
xdotool key Return; sleep 1  # How to play
shot 23-larger-help-page
xdotool key Escape; sleep 0.5
xdotool key l; sleep 0.5
shot 24-larger-log
xdotool key l; sleep 0.3
xdotool key Escape; sleep 1  # nothing open: Esc closes the window, the game saved
kill -0 "$sim" 2>/dev/null && { echo "the window did not close on Esc"; kill "$sim"; }
kill "$xvfb"
rm -rf "$work"
