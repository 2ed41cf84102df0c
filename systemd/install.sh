#!/bin/sh
# Install aseb as a service on a Raspberry Pi: run from a clone of the repository, as root.
#   sudo sh systemd/install.sh [board-file]      (default: hardware/boards/pi-direct.toml)
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
board=${1:-$here/hardware/boards/pi-direct.toml}

id aseb >/dev/null 2>&1 || useradd --system --home-dir /var/lib/aseb --shell /usr/sbin/nologin aseb
for group in gpio spi i2c audio; do
    getent group "$group" >/dev/null && usermod -aG "$group" aseb
done

mkdir -p /opt/aseb /etc/aseb
cp -r "$here/." /opt/aseb/
python3 -m venv /opt/aseb/.venv
/opt/aseb/.venv/bin/pip install --quiet "/opt/aseb[pi]"
[ -f /etc/aseb/board.toml ] || cp "$board" /etc/aseb/board.toml

# The board file is checked before the service is started: a bad one is reported here.
/opt/aseb/.venv/bin/python -c "import sys; from hardware.board_file import load_board; load_board(sys.argv[1])" /etc/aseb/board.toml

install -m 644 "$here/systemd/aseb.service" /etc/systemd/system/aseb.service
systemctl daemon-reload
systemctl enable --now aseb.service
echo "aseb is running: journalctl -u aseb -f"
