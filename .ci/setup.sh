#!/usr/bin/env bash
# Sets up everything the tests and the app need, on a fresh Debian/Ubuntu machine or a warm one:
#   1. the Debian libraries Qt needs (offscreen for tests, xcb for a real display, Xvfb for
#      virtual-display tests); installed with apt-get when we are root, named when we are not;
#   2. a virtual environment in .venv with the project installed editable, with its test and
#      packaging extras (PyInstaller for tests/packaging).
# A warm machine skips apt entirely and skips pip unless pyproject.toml changed.
# Run it (bash .ci/setup.sh). Sourcing works too, but leaves the shell in the repository root
# with -euo pipefail set.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

# Offscreen Qt platform (tests), plus fonts: with no font every glyph is a box and Qt says nothing.
_ss_offscreen_pkgs=(libglib2.0-0 libegl1 libgl1 libx11-6 libdbus-1-3 libfontconfig1 libfreetype6
    libxkbcommon0 fonts-dejavu-core fonts-wqy-microhei)
# The xcb platform (the app on a real X display), and a virtual display for display tests.
_ss_display_pkgs=(libx11-xcb1 libxcb1 libxcb-cursor0 libxcb-icccm4 libxcb-image0 libxcb-keysyms1
    libxcb-randr0 libxcb-render0 libxcb-render-util0 libxcb-shape0 libxcb-shm0 libxcb-sync1
    libxcb-util1 libxcb-xfixes0 libxcb-xkb1 libxkbcommon-x11-0 xvfb xauth)
# Packaging checks: appstreamcli and desktop-file-validate check the Linux metadata; PyInstaller
# needs objdump (binutils) to build the one-folder app.
_ss_packaging_pkgs=(appstream desktop-file-utils binutils)

_ss_is_root() { [ "$(id -u)" -eq 0 ]; }

_ss_apt_install() {
    echo "setup: apt-get install $*" >&2
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq -o Acquire::Retries=3 >/dev/null
    apt-get install -y -qq --no-install-recommends -o Acquire::Retries=3 "$@" >/dev/null
}

# Print the packages from "$@" that dpkg does not list as installed. A package that newer
# releases renamed with a t64 suffix (Debian 13, Ubuntu 24.04) counts as installed under either name.
_ss_missing_debs() {
    local installed
    installed=$(dpkg-query -W -f='${Package} ${db:Status-Abbrev}\n' "$@" "${@/%/t64}" 2>/dev/null \
        | awk '$2 == "ii" {print $1}' || true)
    local p
    for p in "$@"; do
        if ! grep -qxF -e "$p" -e "${p}t64" <<<"$installed"; then
            echo "$p"
        fi
    done
}

_ss_system_packages() {
    if ! command -v dpkg-query >/dev/null 2>&1; then
        echo "setup: not a Debian-based system; install Qt's runtime libraries (see QT-ON-LINUX.md) yourself" >&2
        return 0
    fi
    local missing
    mapfile -t missing < <(_ss_missing_debs "${_ss_offscreen_pkgs[@]}" "${_ss_display_pkgs[@]}" \
        "${_ss_packaging_pkgs[@]}")
    [ "${#missing[@]}" -eq 0 ] && return 0
    if _ss_is_root; then
        _ss_apt_install "${missing[@]}"
    else
        echo "setup: these Debian packages are missing: ${missing[*]}" >&2
        echo "setup: install them with: sudo apt-get update && sudo apt-get install -y --no-install-recommends ${missing[*]}" >&2
        echo "setup: continuing without them; offscreen tests may still pass, the app and display tests may not" >&2
    fi
}

_ss_venv() {
    if [ ! -x .venv/bin/python ]; then
        if ! python3 -c 'import venv, ensurepip' >/dev/null 2>&1; then
            if _ss_is_root && command -v apt-get >/dev/null 2>&1; then
                _ss_apt_install python3-venv
            else
                echo "setup: python3 cannot create virtual environments; run: sudo apt-get install -y python3-venv" >&2
                return 1
            fi
        fi
        rm -rf .venv
        echo "setup: creating .venv" >&2
        python3 -m venv .venv
    fi
    local stamp=.venv/.sitemap-studio-installed
    if [ ! -e "$stamp" ] || [ pyproject.toml -nt "$stamp" ]; then
        echo "setup: installing the project into .venv" >&2
        .venv/bin/python -m pip install -qq -e '.[test,packaging]'
        touch "$stamp"
    fi
}

_ss_system_packages
_ss_venv
