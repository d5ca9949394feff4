#!/usr/bin/env bash
# Install the companion as a service on Raspberry Pi OS Bookworm (Lite or desktop).
#
#   sudo systemd/install.sh            from a checkout of this repository
#
# What it does (safe to run again; it keeps an existing config and journal):
#   1. apt packages: python3-venv, python3-picamera2 (the Pi camera stack comes from the
#      OS, not PyPI), python3-lgpio (gpiozero's pin factory on the Pi 5), libcamera tools
#   2. a system user `companion` in the video, gpio, input and render groups
#   3. the code in /opt/ship-captain-crew with a venv made with --system-site-packages
#      (so picamera2 and lgpio from apt are importable), the package installed into it (editable: the
#      demo finds its fixtures beside the code)
#   4. the config /etc/ship-captain-crew/companion.toml (from the commented example)
#   5. the service unit, enabled and started: it shows the referee fullscreen on boot
set -euo pipefail

if [ "$(id -u)" -ne 0 ]; then
    echo "install.sh: run as root: sudo $0" >&2
    exit 2
fi
src="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
prefix=/opt/ship-captain-crew
confdir=/etc/ship-captain-crew
unit=ship-captain-crew.service

echo "== apt packages"
apt-get update
apt-get install -y --no-install-recommends \
    python3 python3-venv python3-pip python3-picamera2 python3-libcamera python3-lgpio \
    python3-numpy rpicam-apps-lite rsync

echo "== user companion"
if ! id companion >/dev/null 2>&1; then
    useradd --system --home-dir /var/lib/ship-captain-crew --no-create-home \
        --shell /usr/sbin/nologin companion
fi
for group in video gpio input render; do
    if getent group "$group" >/dev/null; then
        usermod -a -G "$group" companion
    else
        echo "install.sh: warning: group $group does not exist on this system" >&2
    fi
done

echo "== code in $prefix"
mkdir -p "$prefix"
rsync -a --delete --exclude .venv --exclude .git --exclude demo-out "$src"/ "$prefix"/
if [ ! -x "$prefix/.venv/bin/python" ]; then
    python3 -m venv --system-site-packages "$prefix/.venv"
fi
"$prefix/.venv/bin/python" -m pip install --quiet --upgrade pip
"$prefix/.venv/bin/python" -m pip install --quiet \
    -c "$prefix/systemd/pi-constraints.txt" -e "$prefix"
"$prefix/.venv/bin/python" -c 'import picamera2, cv2, pygame, gpiozero' || {
    echo "install.sh: the venv cannot import picamera2/cv2/pygame/gpiozero (see above)" >&2
    exit 1
}

echo "== config in $confdir"
mkdir -p "$confdir"
if [ ! -f "$confdir/companion.toml" ]; then
    # The service may write only its state directory (ProtectSystem=strict).
    sed -e 's|^path = "companion-journal.sqlite3"|path = "/var/lib/ship-captain-crew/journal.sqlite3"|' \
        "$src/config/companion.example.toml" > "$confdir/companion.toml"
    chown root:companion "$confdir/companion.toml"
    chmod 0640 "$confdir/companion.toml"
    echo "   wrote $confdir/companion.toml: edit the players, pins and rules there"
else
    echo "   kept the existing $confdir/companion.toml"
fi
"$prefix/.venv/bin/companion" config check "$confdir/companion.toml"

echo "== service $unit"
install -m 0644 "$src/systemd/$unit" "/etc/systemd/system/$unit"
systemctl daemon-reload
systemctl enable "$unit"
systemctl restart "$unit"
systemctl --no-pager status "$unit" || true
echo "Done. Logs: journalctl -u $unit -f"
