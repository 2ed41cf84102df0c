#!/usr/bin/env bash
# Check the service unit as CI does, alone and with each lights drop-in:
#   systemd-analyze verify      (any warning fails: systemd only warns about unknown keys)
#   systemd-analyze security --offline=true   (prints the exposure score; above 1.0 fails for the
#                                               unit itself, the pwm drop-in is reported only;
#                                               above 2.5 fails for aseb-web.service)
# ExecStart's program exists only once install.sh has built /opt/aseb/venv, so it is checked as
# /bin/true here; tests/systemd checks the installed one.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
if ! command -v systemd-analyze >/dev/null; then
    echo "check-unit: skipped: systemd-analyze is not installed (apt-get install systemd)"
    exit 0
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
status=0
for dropin in "" lights-pi5.conf lights-pwm.conf; do
    mkdir -p "$work/$dropin/aseb.service.d"
    unit=$work/$dropin/aseb.service
    sed 's#^ExecStart=/opt/aseb/venv/bin/aseb #ExecStart=/bin/true #' "$here/aseb.service" >"$unit"
    [[ -n $dropin ]] && cp "$here/$dropin" "$work/$dropin/aseb.service.d/"
    name="aseb.service${dropin:+ + $dropin}"
    if ! warnings=$(systemd-analyze verify "$unit" 2>&1) || [[ -n $warnings ]]; then
        printf 'check-unit: %s: systemd-analyze verify says:\n%s\n' "$name" "$warnings"
        status=1
    fi
    score=$(systemd-analyze security --offline=true "$unit" | sed -n 's/.*Overall exposure level for aseb.service: //p')
    printf 'check-unit: %s: verified; exposure %s\n' "$name" "$score"
    if [[ $dropin != lights-pwm.conf ]] && ! awk -v s="${score%% *}" 'BEGIN { exit !(s <= 1.0) }'; then
        echo "check-unit: $name: the exposure is above the goal of 1.0"
        status=1
    fi
done
# The web page's unit (disabled unless install.sh --web): the network allowed, so its goal is 2.5.
mkdir -p "$work/web"
unit=$work/web/aseb-web.service
sed 's#^ExecStart=/opt/aseb/venv/bin/aseb #ExecStart=/bin/true #' "$here/aseb-web.service" >"$unit"
if ! warnings=$(systemd-analyze verify "$unit" 2>&1) || [[ -n $warnings ]]; then
    printf 'check-unit: aseb-web.service: systemd-analyze verify says:\n%s\n' "$warnings"
    status=1
fi
score=$(systemd-analyze security --offline=true "$unit" | sed -n 's/.*Overall exposure level for aseb-web.service: //p')
printf 'check-unit: aseb-web.service: verified; exposure %s\n' "$score"
if ! awk -v s="${score%% *}" 'BEGIN { exit !(s <= 2.5) }'; then
    echo "check-unit: aseb-web.service: the exposure is above the goal of 2.5"
    status=1
fi
exit "$status"
