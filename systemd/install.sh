#!/usr/bin/env bash
# Install aseb as a service on a Raspberry Pi (Raspberry Pi OS Bookworm or later, Pi 3/4/5).
#
#   sudo systemd/install.sh [--board FILE]     install or update, and start the service
#   sudo systemd/install.sh --uninstall        remove all but the saved games and the board file
#   options: --dry-run     print every action, do none (and run nothing, not even a question:
#                          what it would ask the system is said instead)
#            --root DIR    place the files under DIR instead of / (a scratch root for tests)
#            --extras LIST the pip extras, instead of those for the Pi model (e.g. "" or pi,pi5)
#            --solve-now   solve the game's table now, in the foreground with a progress bar
#                          (else aseb-solve.service makes it in the background, at idle priority)
#            --web         also enable aseb-web.service, the companion web page (the web extra;
#                          it listens where the board file's [web] section says: loopback unless
#                          it names the board's LAN address). Without it the unit is installed
#                          but left disabled.
#
# Running it twice changes nothing. The code is installed from a clean export of the repository
# (git archive of HEAD; without git, a copy leaving out .venv, build and caches), never from the
# working tree: a clone that ran `make run` has a .venv that must not reach /opt.
set -euo pipefail
umask 022

readonly NAME=aseb
readonly GROUPS_WANTED=(gpio spi i2c audio)
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)

root=/
dry=0
uninstall=0
board=""
solve_now=0
web=0
extras=""
extras_given=0

usage() {
    sed -n '2,15s/^# \{0,1\}//p' "${BASH_SOURCE[0]}"
    exit "${1:-0}"
}

while (($#)); do
    case $1 in
        --dry-run) dry=1 ;;
        --uninstall) uninstall=1 ;;
        --solve-now) solve_now=1 ;;
        --web) web=1 ;;
        --root) root=${2:?--root needs a directory}; shift ;;
        --root=*) root=${1#--root=} ;;
        --board) board=${2:?--board needs a file}; shift ;;
        --board=*) board=${1#--board=} ;;
        --extras) extras=${2?--extras needs a list}; extras_given=1; shift ;;
        --extras=*) extras=${1#--extras=}; extras_given=1 ;;
        -h | --help) usage 0 ;;
        *) printf 'install.sh: unknown option %s\n' "$1" >&2; usage 2 >&2 ;;
    esac
    shift
done

if [[ $root != / ]]; then
    root=$(realpath -m "$root")
    ((dry)) || mkdir -p "$root"
fi
# A path on the target system: under --root DIR, inside DIR.
at() { printf '%s%s' "${root%/}" "$1"; }

readonly OPT=/opt/aseb SRC=/opt/aseb/src VENV=/opt/aseb/venv STAMP=/opt/aseb/installed
readonly BOARD=/etc/aseb/board.toml STATE=/var/lib/aseb
readonly UNIT=/etc/systemd/system/aseb.service DROPINS=/etc/systemd/system/aseb.service.d
readonly SOLVE_UNIT=/etc/systemd/system/aseb-solve.service
readonly SOLVE_DROPINS=/etc/systemd/system/aseb-solve.service.d
readonly WEB_UNIT=/etc/systemd/system/aseb-web.service

say() { printf 'aseb: %s\n' "$*"; }
warn() { printf 'aseb: warning: %s\n' "$*" >&2; }
die() { printf 'aseb: %s\n' "$2" >&2; exit "$1"; }

# Every change to the system goes through act: printed, and done unless --dry-run.
act() {
    if ((dry)); then
        printf 'would run:'
    else
        printf '+'
    fi
    printf ' %q' "$@"
    printf '\n'
    ((dry)) || "$@"
}

# Options of the user and unit tools that point them at the scratch root.
prefix=()
systemctl_root=()
if [[ $root != / ]]; then
    prefix=(--prefix "$root")
    systemctl_root=(--root="$root")
fi

if ((!dry)) && [[ $root == / ]] && (($(id -u) != 0)); then
    die 1 "run it as root: sudo $0"
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

user_exists() { grep -q "^$NAME:" "$(at /etc/passwd)" 2>/dev/null; }
group_exists() { grep -q "^$1:" "$(at /etc/group)" 2>/dev/null; }
in_group() {
    awk -F: -v g="$1" -v u="$NAME" '$1 == g { n = split($4, m, ","); for (i = 1; i <= n; i++) if (m[i] == u) found = 1 } END { exit !found }' "$(at /etc/group)"
}

# --- uninstall -----------------------------------------------------------------------------

if ((uninstall)); then
    if [[ -e $(at "$UNIT") ]]; then
        if [[ $root == / ]]; then
            act systemctl disable --now aseb.service
        else
            act systemctl "${systemctl_root[@]}" disable aseb.service
        fi
        for extra in aseb-solve.service aseb-web.service; do
            [[ -e $(at "/etc/systemd/system/$extra") ]] || continue
            if [[ $root == / ]]; then
                act systemctl disable --now "$extra"
            else
                act systemctl "${systemctl_root[@]}" disable "$extra"
            fi
        done
        act rm -f "$(at "$UNIT")" "$(at "$SOLVE_UNIT")" "$(at "$WEB_UNIT")"
        act rm -rf "$(at "$DROPINS")" "$(at "$SOLVE_DROPINS")"
        [[ $root == / ]] && act systemctl daemon-reload
    fi
    [[ -e $(at "$OPT") ]] && act rm -rf "$(at "$OPT")"
    user_exists && act userdel "${prefix[@]}" "$NAME"
    say "removed the service, the code in $OPT and the user $NAME."
    say "kept the saved games in $STATE and the board file $BOARD: remove them with"
    say "  sudo rm -r $STATE /etc/aseb"
    say "kept the interface settings (SPI, I2C, serial console) and the apt packages as they are."
    exit 0
fi

# --- what this Pi and this board need ------------------------------------------------------

model=""
if [[ -r $(at /proc/device-tree/model) ]]; then
    model=$(tr -d '\0' <"$(at /proc/device-tree/model)")
fi
case $model in
    *"Raspberry Pi 5"* | *"Compute Module 5"*) pi=5 ;; # the Pi 500 too
    *"Raspberry Pi"*) pi=4 ;;
    *) pi=0 ;;
esac
if ((pi)); then
    say "model: $model"
else
    warn "not a Raspberry Pi (no model in $(at /proc/device-tree/model)): the board's devices will not open here"
fi

# The code, exported clean: committed files only, never .venv or anything untracked.
stage=$work/src
mkdir -p "$stage"
if git -C "$here" -c safe.directory="$here" rev-parse --is-inside-work-tree >/dev/null 2>&1; then
    git -C "$here" -c safe.directory="$here" archive --format=tar HEAD | tar -x -C "$stage"
    if [[ -n $(git -C "$here" -c safe.directory="$here" status --porcelain --untracked-files=no) ]]; then
        warn "uncommitted changes in $here are not installed (the install takes HEAD)"
    fi
else
    tar -C "$here" --exclude=./.venv --exclude=./.git --exclude=./build --exclude='*.egg-info' \
        --exclude=__pycache__ --exclude=.pytest_cache --exclude=.mypy_cache \
        --exclude=.ruff_cache --exclude=.hypothesis -cf - . | tar -x -C "$stage"
fi

# The board file that will be used: --board FILE, else the installed one, else the default.
if [[ -n $board ]]; then
    [[ -r $board ]] || die 66 "cannot read the board file $board"
    board_source=$board
elif [[ -e $(at "$BOARD") ]]; then
    board_source=$(at "$BOARD")
else
    board_source=$stage/hardware/boards/pi-direct.toml
fi
board_label=${board_source#"$stage/"}

# The board file is checked before anything changes; its backends decide the rest.
python3 -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null ||
    die 1 "aseb needs Python 3.11 or newer as python3 (Raspberry Pi OS Bookworm has it)"
# The same reader and checks as `aseb run` makes of it, for the game the unit plays (the board
# file's own: its [menu] game, else the first game of its kind), in the code that will be
# installed: -P keeps the working directory (a clone's root) off the path, -B writes no
# __pycache__ into the export before its fingerprint is taken.
needs=$(PYTHONPATH=$stage python3 -B -P - "$board_source" <<'EOF'
import sys
from firmware.service.boards import check_board, own_game, read_board
from firmware.story.modes import check_story
from hardware.core.errors import ConfigError

try:
    board = read_board(sys.argv[1])
    game = own_game(board)
    check_board(board, game)
    check_story(board.story.mode, game)
except (ConfigError, ValueError) as e:
    print(e, file=sys.stderr)
    sys.exit(78)
pins = {*board.reeds.pins.values(), board.sticks.tilt_pin, board.sticks.button_pin,
        *board.buttons.values(), *(e.interrupt_pin for e in board.reeds.expanders)}
print(board.lights.backend, "hall" if board.hall is not None else board.reeds.backend,
      int(bool(pins & {2, 3})), int(bool(pins & {14, 15})), game.name)
EOF
) || exit $?
read -r lights reeds i2c_pins uart_pins game <<<"$needs"
say "board file: $board_label (lights: $lights, squares: $reeds, game: $game)"
# The memory the table's solve may use on this Pi (a Pi 3: 600M; 2 GB or more: no limit), from
# its model and memory, by the code that will be installed.
solve_memory=$(PYTHONPATH=$stage python3 -B -P -m firmware.solve.memory --root "$root")
if [[ -n $solve_memory ]]; then
    say "the table's solve may use $(sed -n 's/^MemoryMax=//p' <<<"$solve_memory") of memory" \
        "on this Pi"
fi

if ((!extras_given)); then
    extras=pi
    ((pi == 5)) && extras=pi,pi5
    [[ $lights == pwm ]] && extras=$extras,pwm
fi
((web)) && case ,$extras, in *,web,*) ;; *) extras=${extras:+$extras,}web ;; esac
case $lights in
    pwm) dropin="lights-pwm.conf" ;;
    pi5) dropin="lights-pi5.conf" ;;
    *) dropin="" ;;
esac

# --- packages, user and groups -------------------------------------------------------------

# lgpio, gpiod and the Pi 5's NeoPixel driver install as wheels on 64-bit Raspberry Pi OS; only
# the pwm (rpi_ws281x) and legacy (RPi.GPIO) extras compile: a compiler and Python's headers.
packages=(python3-venv)
case ,$extras, in *,pwm,* | *,legacy,*) packages+=(python3-dev gcc) ;; esac
if ((dry)); then
    would="apt-get install -y --no-install-recommends ${packages[*]}"
    if [[ $root == / ]]; then
        say "would run: apt-get update; $would (for those not installed; would ask dpkg-query)"
    else
        say "not run under --root: $would (for those not installed)"
    fi
else
    missing=()
    for package in "${packages[@]}"; do
        status=$(dpkg-query -W -f='${db:Status-Status}' "$package" 2>/dev/null || true)
        [[ $status == installed ]] || missing+=("$package")
    done
    if ((${#missing[@]})); then
        if [[ $root == / ]]; then
            act apt-get update
            act apt-get install -y --no-install-recommends "${missing[@]}"
        else
            say "not run under --root: apt-get install ${missing[*]}"
        fi
    fi
fi

if ! user_exists; then
    act useradd "${prefix[@]}" --system --user-group --home-dir "$STATE" --no-create-home \
        --shell /usr/sbin/nologin "$NAME"
fi
# Membership comes from /etc/group, not from the unit: a group this system lacks is skipped
# here, where it is harmless, instead of failing the unit (SupplementaryGroups= would).
for group in "${GROUPS_WANTED[@]}"; do
    if ! group_exists "$group"; then
        say "no group '$group' on this system: skipped (the service starts without it)"
    elif ! user_exists || ! in_group "$group"; then
        act usermod "${prefix[@]}" -a -G "$group" "$NAME"
    fi
done

# --- SPI, I2C and the serial console, as the board file needs them -------------------------

reboot=0
# interface on|off NAME BY-HAND WHY: NAME as raspi-config calls it, BY-HAND what to edit instead.
interface() {
    local want=$1 name=$2 by_hand=$3 why=$4 now
    if ((dry)) && [[ $root == / ]] && command -v raspi-config >/dev/null; then
        say "would run: raspi-config nonint do_$name $([[ $want == on ]] && echo 0 || echo 1)" \
            "(if it is not $want yet; would ask raspi-config nonint get_$name)"
        reboot=1  # perhaps: said so at the end
    elif [[ $root == / ]] && command -v raspi-config >/dev/null; then
        now=$(raspi-config nonint "get_$name" 2>/dev/null || echo unknown)
        # raspi-config answers 0 for on, 1 for off.
        if [[ $want == on && $now != 0 ]]; then
            act raspi-config nonint "do_$name" 0
            reboot=1
        elif [[ $want == off && $now != 1 ]]; then
            act raspi-config nonint "do_$name" 1
            reboot=1
        fi
    else
        say "$why: turn $name $want with 'sudo raspi-config nonint do_$name $([[ $want == on ]] && echo 0 || echo 1)'," \
            "or $by_hand, then reboot"
    fi
}
config=/boot/firmware/config.txt
[[ $lights == spi ]] &&
    interface on spi "put 'dtparam=spi=on' in $config" "the LED strip is on SPI"
[[ $reeds == mcp23017 ]] &&
    interface on i2c "put 'dtparam=i2c_arm=on' in $config" "the reeds are on I2C expanders"
((i2c_pins)) && [[ $reeds != mcp23017 ]] &&
    interface off i2c "put 'dtparam=i2c_arm=off' in $config" "GPIO 2 and 3 are switches, not I2C"
# A Hall board's ADCs are on SPI1, with three chip selects: an overlay raspi-config has no
# switch for. Its squares are read once calibrated (aseb calibrate, said at the end).
if [[ $reeds == hall ]]; then
    if [[ $root == / && -f $config ]] && grep -qx 'dtoverlay=spi1-3cs' "$config"; then
        :
    elif [[ $root == / && -f $config ]] && ((!dry)); then
        say "adding 'dtoverlay=spi1-3cs' to $config (the Hall sensors' ADCs are on SPI1)"
        printf 'dtoverlay=spi1-3cs\n' >>"$config"
        reboot=1
    else
        say "the Hall sensors' ADCs are on SPI1: 'dtoverlay=spi1-3cs' in $config, then a reboot"
    fi
fi
((uart_pins)) && interface off serial_cons \
    "remove 'console=serial0,115200' from /boot/firmware/cmdline.txt" \
    "GPIO 14 and 15 are switches, not the serial console"

# --- the code and its virtual environment --------------------------------------------------

python_version=$(python3 -c 'import sys; print("%d.%d" % sys.version_info[:2])')
fingerprint=$(cd "$stage" && find . -type f -print0 | LC_ALL=C sort -z | xargs -0 sha256sum |
    sha256sum | cut -c1-64)
printf 'source %s\nextras %s\npython %s\n' "$fingerprint" "$extras" "$python_version" >"$work/installed"
code_changed=0
if ! cmp -s "$work/installed" "$(at "$STAMP")" || [[ ! -x $(at "$VENV/bin/$NAME") ]]; then
    code_changed=1
    act rm -rf "$(at "$SRC")"
    act mkdir -p "$(at "$OPT")"
    act cp -R "$stage" "$(at "$SRC")"
    venv_version=$("$(at "$VENV/bin/python")" -c 'import sys; print("%d.%d" % sys.version_info[:2])' \
        2>/dev/null || true)
    if [[ $venv_version != "$python_version" ]]; then
        [[ -e $(at "$VENV") ]] && act rm -rf "$(at "$VENV")"
        act python3 -m venv "$(at "$VENV")"
    fi
    act env PIP_DISABLE_PIP_VERSION_CHECK=1 "$(at "$VENV/bin/python")" -m pip install \
        --quiet "$stage${extras:+[$extras]}"
    act install -m 644 "$work/installed" "$(at "$STAMP")"
else
    say "the code in $OPT is up to date (extras: ${extras:-none})"
fi

# --- the board file and the unit -----------------------------------------------------------

board_changed=0
if ! cmp -s "$board_source" "$(at "$BOARD")"; then
    board_changed=1
    if [[ -e $(at "$BOARD") ]]; then
        act cp "$(at "$BOARD")" "$(at "$BOARD").old"
        say "your previous board file is kept as $BOARD.old"
    fi
    act install -D -m 644 "$board_source" "$(at "$BOARD")"
fi

unit_changed=0
if ! cmp -s "$stage/systemd/aseb.service" "$(at "$UNIT")"; then
    unit_changed=1
    act install -D -m 644 "$stage/systemd/aseb.service" "$(at "$UNIT")"
fi
if ! cmp -s "$stage/systemd/aseb-solve.service" "$(at "$SOLVE_UNIT")"; then
    unit_changed=1
    act install -D -m 644 "$stage/systemd/aseb-solve.service" "$(at "$SOLVE_UNIT")"
fi
if ! cmp -s "$stage/systemd/aseb-web.service" "$(at "$WEB_UNIT")"; then
    unit_changed=1
    act install -D -m 644 "$stage/systemd/aseb-web.service" "$(at "$WEB_UNIT")"
fi
if [[ -n $solve_memory ]]; then
    printf '%s\n' "$solve_memory" >"$work/memory.conf"
    if ! cmp -s "$work/memory.conf" "$(at "$SOLVE_DROPINS/memory.conf")"; then
        unit_changed=1
        act install -D -m 644 "$work/memory.conf" "$(at "$SOLVE_DROPINS/memory.conf")"
    fi
elif [[ -e $(at "$SOLVE_DROPINS/memory.conf") ]]; then
    unit_changed=1
    act rm -f "$(at "$SOLVE_DROPINS/memory.conf")"
fi
for conf in lights-pi5.conf lights-pwm.conf; do
    if [[ $conf == "$dropin" ]]; then
        if ! cmp -s "$stage/systemd/$conf" "$(at "$DROPINS/$conf")"; then
            unit_changed=1
            act install -D -m 644 "$stage/systemd/$conf" "$(at "$DROPINS/$conf")"
        fi
    elif [[ -e $(at "$DROPINS/$conf") ]]; then
        unit_changed=1
        act rm -f "$(at "$DROPINS/$conf")"
    fi
done
[[ $lights == pwm ]] && warn "the pwm lights need root (rpi_ws281x and /dev/mem): installed" \
    "$DROPINS/lights-pwm.conf, which runs the service as root; the spi backend does not need it"

# --- enable and start ----------------------------------------------------------------------

if [[ $reeds == hall ]]; then
    say "a Hall board plays once calibrated: sudo $VENV/bin/$NAME calibrate --board $BOARD" \
        "(the lights guide each square), then sudo systemctl restart aseb"
fi
# A dry run asks systemctl nothing either: it does what a first install would.
if [[ $root != / ]]; then
    if ((dry)) || ! systemctl "${systemctl_root[@]}" is-enabled --quiet aseb.service 2>/dev/null
    then
        act systemctl "${systemctl_root[@]}" enable aseb.service
    fi
    if ((dry)) || ! systemctl "${systemctl_root[@]}" is-enabled --quiet aseb-solve.service \
        2>/dev/null; then
        act systemctl "${systemctl_root[@]}" enable aseb-solve.service
    fi
    if ((web)) && { ((dry)) || ! systemctl "${systemctl_root[@]}" is-enabled --quiet \
        aseb-web.service 2>/dev/null; }; then
        act systemctl "${systemctl_root[@]}" enable aseb-web.service
    fi
    say "$( ((dry)) && echo "would be installed" || echo installed) under $root" \
        "(not started: it is not this system's root)"
    exit 0
fi
((unit_changed)) && act systemctl daemon-reload
if ((dry)) || ! systemctl is-enabled --quiet aseb.service 2>/dev/null; then
    act systemctl enable aseb.service
fi
# The table: solved now in the foreground (--solve-now), else in the background at idle priority.
if ((solve_now)); then
    act systemctl stop aseb-solve.service
    say "solving the table now (its checkpoint lets an interrupted solve go on later)"
    act install -d -o "$NAME" -g "$NAME" -m 0700 "$STATE"
    act runuser -u "$NAME" -- "$VENV/bin/aseb" solve --out "$STATE"
fi
if ((dry)) || ! systemctl is-enabled --quiet aseb-solve.service 2>/dev/null; then
    act systemctl enable aseb-solve.service
fi
if ((dry)) || ! systemctl is-active --quiet aseb-solve.service 2>/dev/null; then
    act systemctl start aseb-solve.service
fi
# The web page, only when asked for: enabled and (re)started beside the board.
if ((web)); then
    if ((dry)) || ! systemctl is-enabled --quiet aseb-web.service 2>/dev/null; then
        act systemctl enable aseb-web.service
    fi
    if ((dry || code_changed || unit_changed || board_changed)) ||
        ! systemctl is-active --quiet aseb-web.service 2>/dev/null; then
        act systemctl restart aseb-web.service
    fi
    say "the web page runs: journalctl -u aseb-web -f (it listens where [web] in $BOARD says)"
fi
if ((dry)); then
    if ((reboot)); then
        say "would ask for a reboot if raspi-config changed an interface above, else restart it"
    fi
    act systemctl restart aseb.service
elif ((reboot)); then
    say "reboot to apply the interface settings above; the service starts at boot"
elif ((code_changed || unit_changed || board_changed)) || ! systemctl is-active --quiet aseb.service; then
    if act systemctl restart aseb.service; then
        say "aseb is running: journalctl -u aseb -f"
    else
        # Say what happened, as the service's exit status tells it (see firmware/service/restarts.py).
        status=$(systemctl show aseb.service -p ExecMainStatus --value 2>/dev/null || true)
        case $status in
            69)
                warn "installed and enabled, but the service could not open the board's devices" \
                    "(exit 69$( ((pi)) || echo ": this is not a Raspberry Pi")); it tries again" \
                    "by itself, waiting longer each time: 'journalctl -u aseb -e' says what to enable"
                ;;
            *)
                warn "installed and enabled, but the service did not start (exit" \
                    "${status:-unknown}): see 'journalctl -u aseb -e'"
                exit 1
                ;;
        esac
    fi
else
    say "nothing to do: aseb is installed, up to date and running"
fi
