#!/usr/bin/env bash
# Build the .deb from a configured build directory (cpack -G DEB), install it with apt-get (which
# resolves its dependencies), and check what it installed: the binary runs (--version, --help,
# a headless analysis of the installed demo log), the desktop entry, MIME type, icons, AppStream
# metainfo and man page are in place.
#   packaging/check-deb.sh [BUILD_DIR]   (default build/release)
set -euo pipefail
cd "$(dirname "$0")/.."
build="${1:-build/release}"
sudo_cmd=()
if [ "$(id -u)" -ne 0 ]; then sudo_cmd=(sudo); fi

(cd "$build" && rm -f stagelight_*.deb && cpack -G DEB >/dev/null)
deb=$(ls "$build"/stagelight_*.deb)
echo "built $deb"
dpkg-deb --field "$deb" Package Version Depends Recommends
"${sudo_cmd[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --reinstall "./$deb" >/dev/null

/usr/bin/stagelight --version
/usr/bin/stagelight --help | grep -q "stagelight compare BASELINE TRIAL"
/usr/bin/stagelight analyze /usr/share/stagelight/demo/nightly-sales-rollup.zstd >/dev/null
for f in /usr/share/applications/org.stagelight.Stagelight.desktop \
         /usr/share/metainfo/org.stagelight.Stagelight.metainfo.xml \
         /usr/share/mime/packages/stagelight.xml \
         /usr/share/icons/hicolor/scalable/apps/org.stagelight.Stagelight.svg \
         /usr/share/icons/hicolor/48x48/apps/org.stagelight.Stagelight.png \
         /usr/share/icons/hicolor/256x256/apps/org.stagelight.Stagelight.png \
         /usr/share/man/man1/stagelight.1.gz; do
  [ -s "$f" ] || { echo "missing from the package: $f" >&2; exit 1; }
done
zcat /usr/share/man/man1/stagelight.1.gz | grep -q "^.SH SYNOPSIS"
if command -v desktop-file-validate >/dev/null; then
  desktop-file-validate /usr/share/applications/org.stagelight.Stagelight.desktop
fi
if command -v update-mime-database >/dev/null; then
  "${sudo_cmd[@]}" update-mime-database /usr/share/mime
  grep -q "application/x-spark-event-log" /usr/share/mime/globs2
fi
echo "the .deb installs and runs: $(/usr/bin/stagelight --version)"
