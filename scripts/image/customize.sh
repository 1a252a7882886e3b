#!/bin/bash
# Runs inside the arm64 root file system (chroot, qemu-user-static) during
# scripts/image/build: the project's own installer, exactly as on a Pi, then the
# few things an image needs that a running Pi already has.
set -euo pipefail
export HOME=/root DEBIAN_FRONTEND=noninteractive
# Started with an empty environment (nothing of the build machine's leaks in) but
# the build machine's CA bundle, for pip and uv to reach PyPI from here.
export SSL_CERT_FILE=/tmp/host-ca.crt PIP_CERT=/tmp/host-ca.crt REQUESTS_CA_BUNDLE=/tmp/host-ca.crt
export UV_PYTHON_DOWNLOADS=never LANG=C.UTF-8
export TABLESIDE_IMAGE=1    # scripts/bootstrap.sh: the environment as on a Pi (system Python)
cd /opt/tableside

# 1. The installer, as a café owner runs it on a Pi (docs/kiosk.md "Install").
systemd/install.sh --rotation 0

# 2. A name per box, set at its first boot (tableside-<6 hex of its machine id>).
install -m 0644 systemd/tableside-hostname.service /etc/systemd/system/
systemctl enable tableside-hostname.service
echo tableside > /etc/hostname
printf '127.0.0.1\tlocalhost\n127.0.1.1\ttableside\n' > /etc/hosts
echo uninitialized > /etc/machine-id     # first boot: a new machine id for each box
rm -f /var/lib/dbus/machine-id

# 3. Only for scripts/image/boot-check: status lines on the serial console when the
#    kernel command line says tableside.bootcheck (a Pi's cmdline.txt never does).
install -m 0644 scripts/image/tableside-bootcheck.service /etc/systemd/system/
systemctl enable tableside-bootcheck.service

# 4. File systems, and no password anywhere (the kiosk has no login at all).
cat > /etc/fstab <<'FSTAB'
LABEL=tableside-root  /               ext4  defaults,noatime,commit=5  0 1
LABEL=TSBOOT          /boot/firmware  vfat  defaults,noatime,nofail    0 2
FSTAB
mkdir -p /boot/firmware
passwd --lock root >/dev/null

# 5. Smaller: package lists and caches are not needed on the box.
apt-get clean
rm -rf /var/lib/apt/lists/* /root/.cache /var/cache/debconf/*-old
