#!/usr/bin/env bash
# Checks roster files, for the action beside this file: `monsters check --format github`
# (each problem an annotation on its line), then `monsters fmt --check`; fails if either
# finds a problem.
#
# Environment: ROSTERS, the files, separated by white space: spaces, tabs or line breaks,
# so a YAML block with one file a line names each of them.
set -euo pipefail

files=()
# `read -d ''` reads to the end of the text, every line of it; it returns 1 there.
IFS=$' \t\n' read -r -d '' -a files <<<"${ROSTERS-}" || true
status=0
# No file at all is monsters.json, as `monsters check` takes it; bash 3.2, macOS's own, calls
# an empty array unbound under `set -u`, hence the `+`.
monsters check --format github -- ${files[@]+"${files[@]}"} || status=1
monsters fmt --check -- ${files[@]+"${files[@]}"} || status=1
exit "$status"
