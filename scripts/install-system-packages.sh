#!/usr/bin/env bash
# Installs the Debian packages skillhost needs, only where they are missing:
#   libffi-dev  host services are libffi closures (Runtime/CFFI)
#   gcc         tests compile C skill fixtures into real .so files
#   pkg-config  how SwiftPM and the scripts find libffi
#   postgresql  the tests start throw-away PostgreSQL clusters for `skillhost serve --database`
#               (its binaries only: no cluster of the package's own is used)
set -euo pipefail
missing=()
dpkg -s libffi-dev >/dev/null 2>&1 || missing+=(libffi-dev)
command -v cc >/dev/null 2>&1 || missing+=(gcc)
command -v pkg-config >/dev/null 2>&1 || missing+=(pkg-config)
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || missing+=(postgresql)
if [ ${#missing[@]} -gt 0 ]; then
    echo "installing: ${missing[*]}"
    sudo_cmd=""
    [ "$(id -u)" -eq 0 ] || sudo_cmd="sudo"
    $sudo_cmd apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq "${missing[@]}"
fi
