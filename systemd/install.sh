#!/usr/bin/env bash
# Install or update the companion as a service on Raspberry Pi OS (64-bit) Bookworm
# (Debian 12, Python 3.11) or Trixie (Debian 13, Python 3.13). Lite is the image to use:
# the referee draws fullscreen through KMSDRM on the console, no desktop needed.
#
#   sudo systemd/install.sh [--console-boot]        from a checkout of this repository
#
#   --console-boot   on the desktop image, switch the Pi to boot to the console (no
#                    desktop) so the referee can own the screen; takes effect at reboot
#
# What it does (safe to run again; it keeps the config, the journal and the calibration):
#   1. checks: root, 64-bit Raspberry Pi OS (arm64), Bookworm or Trixie, no desktop
#      owning the screen
#   2. apt packages: Debian's (systemd/apt-debian.txt: Python, the OS's numpy, the EGL /
#      GLES / GBM / DRM libraries and Mesa's vc4/v3d drivers SDL's KMSDRM loads) and the
#      Pi's (python3-picamera2 and python3-libcamera, python3-lgpio, rpicam-apps-lite)
#   3. the groups video, gpio, input, render and audio (created if missing) and a system user
#      `companion` in them, before the unit that names them is enabled
#   4. the code staged in a new folder /opt/ship-captain-crew/releases/<date-time>, its
#      venv made with --system-site-packages (so picamera2 and lgpio from apt import) and
#      pip constraints for this release (systemd/pi-constraints-<release>.txt), bytecode
#      compiled (nothing is written under /opt at run time), then CHECKED: imports, the
#      OS's numpy, the dice reader on a recorded photo, and the config. A failed check
#      removes the staged folder and leaves the running install as it was.
#   5. the config /etc/ship-captain-crew/companion.toml (from the commented example, on
#      the first install only)
#   6. only then: /opt/ship-captain-crew/current is pointed at the new release (one
#      rename), the service unit installed, enabled and restarted. The previous release
#      is kept for going back (`ls /opt/ship-captain-crew/releases`); older ones removed.
set -euo pipefail

prefix=/opt/ship-captain-crew
confdir=/etc/ship-captain-crew
statedir=/var/lib/ship-captain-crew
unit=ship-captain-crew.service
groups=(video gpio input render audio)
# From the Raspberry Pi archive (not in Debian): the camera stack built for the Pi's
# libcamera, lgpio (gpiozero's pin factory on the Pi 5) and rpicam-hello to test the camera.
pi_packages=(python3-picamera2 python3-libcamera python3-lgpio rpicam-apps-lite)

say() { echo "install.sh: $*"; }
die() { echo "install.sh: $*" >&2; exit "${2:-1}"; }

console_boot=no
for arg in "$@"; do
    case "$arg" in
        --console-boot) console_boot=yes ;;
        -h|--help) awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"
                   exit 0 ;;
        *) die "unknown option '$arg' (see: $0 --help)" 2 ;;
    esac
done

# -- 1. checks -----------------------------------------------------------------------
[ "$(id -u)" -eq 0 ] || die "run as root: sudo $0 $*" 2
src="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
[ -f "$src/pyproject.toml" ] || die "run it from a checkout of the companion ($src has no pyproject.toml)" 2

arch="$(dpkg --print-architecture 2>/dev/null || uname -m)"
if [ "$arch" != arm64 ]; then
    case "$arch" in
        armhf|armel|armv7l|armv6l)
            die "this is 32-bit Raspberry Pi OS ($arch). The companion needs the 64-bit OS:
  numpy, OpenCV and pygame-ce publish no 32-bit ARM wheels. Write 'Raspberry Pi OS Lite
  (64-bit)' to the SD card with Raspberry Pi Imager (a Pi 3, 4, 5 or Zero 2 W), then run
  this again." 2 ;;
        *) die "this is not a Raspberry Pi OS arm64 system ($arch): install.sh sets up a Pi.
  On a PC use ./dev demo and ./dev test (see the README)." 2 ;;
    esac
fi
release="$(sed -n 's/^VERSION_CODENAME=//p' "${OS_RELEASE:-/etc/os-release}" | tr -d '"')"
release="${release:-unknown}"
case "$release" in
    bookworm|trixie) ;;
    *) die "Raspberry Pi OS '$release' is not supported: use Bookworm (Debian 12) or Trixie
  (Debian 13), 64-bit." 2 ;;
esac
constraints="systemd/pi-constraints-$release.txt"
say "Raspberry Pi OS $release, $arch"

# The desktop image starts a display manager that owns the screen: the referee, which
# draws through KMSDRM on the console, would get no display.
desktop=no
if [ "$(systemctl get-default 2>/dev/null)" = graphical.target ] ||
   systemctl is-enabled --quiet display-manager.service 2>/dev/null; then
    desktop=yes
fi
if [ "$desktop" = yes ]; then
    if [ "$console_boot" = yes ]; then
        say "switching to console boot (no desktop) from the next boot"
        if command -v raspi-config >/dev/null; then
            raspi-config nonint do_boot_behaviour B1
        else
            systemctl set-default multi-user.target
        fi
        need_reboot=yes
    else
        die "the desktop owns the screen on this Pi, so the referee could not draw. Either
  run again with --console-boot (the Pi then boots to the console; the desktop can be
  turned back on with raspi-config, System Options, Boot / Auto Login), or, better,
  use Raspberry Pi OS Lite (64-bit)." 2
    fi
fi

# -- 2. apt packages -----------------------------------------------------------------
mapfile -t debian_packages < <(sed -e 's/#.*//' -e '/^[[:space:]]*$/d' "$src/systemd/apt-debian.txt")
say "apt packages"
apt-get update
apt-get install -y --no-install-recommends "${debian_packages[@]}" "${pi_packages[@]}"

# -- 3. groups and user ----------------------------------------------------------------
say "groups ${groups[*]} and user companion"
for group in "${groups[@]}"; do
    if ! getent group "$group" >/dev/null; then
        groupadd --system "$group"
        echo "   created group $group (missing on this system)"
    fi
done
if ! id companion >/dev/null 2>&1; then
    useradd --system --home-dir "$statedir" --no-create-home --shell /usr/sbin/nologin companion
fi
usermod -a -G "$(IFS=,; echo "${groups[*]}")" companion
for group in "${groups[@]}"; do
    id -nG companion | tr ' ' '\n' | grep -qx "$group" ||
        die "user companion is not in group $group: the service would fail (216/GROUP)"
done

# -- 4. stage and check ----------------------------------------------------------------
stamp="$(date -u +%Y%m%d-%H%M%S)"
stage="$prefix/releases/$stamp"
say "staging the code in $stage"
mkdir -p "$prefix/releases"
cleanup_stage() { rm -rf "$stage"; }
trap 'cleanup_stage; echo "install.sh: stopped; the staged release was removed and the running install is unchanged" >&2' ERR
rsync -a --exclude .venv --exclude .git --exclude demo-out --exclude '__pycache__' \
    --exclude '*.sqlite3*' "$src"/ "$stage"/
python3 -m venv --system-site-packages "$stage/.venv"
py="$stage/.venv/bin/python"
"$py" -m pip install --quiet --disable-pip-version-check -c "$stage/$constraints" -e "$stage"
"$py" -m compileall -q "$stage/companion" "$stage/vision" "$stage/hardware" >/dev/null
"$py" -m compileall -q "$stage/.venv/lib" >/dev/null 2>&1 || true

say "checking the staged release"
check_failed() {
    trap - ERR
    cleanup_stage
    die "the check failed: $1
  The staged release was removed; the running install (if any) is unchanged."
}
"$py" - <<'EOF' || check_failed "the venv cannot import what the companion needs (see above)"
import numpy, cv2, pygame, gpiozero
import picamera2  # noqa: F401  (from apt: python3-picamera2)
if not numpy.__file__.startswith("/usr/lib/python3/"):
    raise SystemExit(f"numpy {numpy.__version__} comes from {numpy.__file__}, not the OS:"
                     " picamera2 would break")
print(f"   numpy {numpy.__version__} (the OS's), OpenCV {cv2.__version__}, "
      f"pygame-ce {pygame.version.ver}")
EOF
photo="$stage/fixtures/vision/nell-byler-d6/IMG_20191208_111924.jpg"
if [ -f "$photo" ]; then
    "$py" -m vision read "$photo" >/dev/null ||
        check_failed "the dice reader cannot read a recorded photo (python -m vision read $photo)"
fi
"$stage/.venv/bin/companion" --version >/dev/null || check_failed "companion does not start"

# -- 5. config -------------------------------------------------------------------------
mkdir -p "$confdir"
if [ ! -f "$confdir/companion.toml" ]; then
    # The service may write only its state directory (ProtectSystem=strict).
    sed -e 's|^path = "companion-journal.sqlite3"|path = "/var/lib/ship-captain-crew/journal.sqlite3"|' \
        "$src/config/companion.example.toml" > "$confdir/companion.toml.new"
    chown root:companion "$confdir/companion.toml.new"
    chmod 0640 "$confdir/companion.toml.new"
    mv "$confdir/companion.toml.new" "$confdir/companion.toml"
    echo "   wrote $confdir/companion.toml: edit the players, pins and rules there"
else
    echo "   kept the existing $confdir/companion.toml"
fi
"$stage/.venv/bin/companion" config check "$confdir/companion.toml" ||
    check_failed "$confdir/companion.toml has problems (listed above): fix them and run install.sh again"
trap - ERR

# -- 6. swap, unit, start --------------------------------------------------------------
say "switching $prefix/current to releases/$stamp"
ln -sfn "releases/$stamp" "$prefix/current.new"
mv -T "$prefix/current.new" "$prefix/current"
# An install from before releases/ had the code and venv at the top of $prefix.
for old in "$prefix"/* "$prefix"/.venv; do
    case "$(basename "$old")" in releases|current) ;; *) rm -rf "$old" ;; esac
done
# Keep this release and the one before it.
mapfile -t releases < <(find "$prefix/releases" -mindepth 1 -maxdepth 1 -type d -printf '%f\n' | sort -r)
for old in "${releases[@]:2}"; do
    rm -rf "${prefix:?}/releases/$old"
done

install -m 0644 "$src/systemd/$unit" "/etc/systemd/system/$unit"
systemctl daemon-reload
systemctl enable "$unit"
if [ "${need_reboot:-no}" = yes ]; then
    say "done: reboot now (sudo reboot); the referee starts on the console after it"
    exit 0
fi
systemctl restart "$unit"
sleep 3
systemctl --no-pager status "$unit" || true
say "done. The referee's log: journalctl -u $unit -f"
