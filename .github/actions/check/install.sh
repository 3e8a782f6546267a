#!/usr/bin/env bash
# Installs a released `monsters` for this machine: the archive for its system and processor,
# checked against the release's SHA256SUMS before anything is unpacked.
#
#   install.sh --prefix DIR --repository OWNER/NAME [--version TAG]
#
# With --prefix (on a machine of your own): the archive is unpacked into DIR as README.md
# unpacks it, DIR/bin/monsters with its manual page and completion scripts beside, and the
# latest release is installed unless --version names one (a tag, such as v1.2.0).
#
# Without it (the action beside this file): into $RUNNER_TEMP, with its bin folder put on
# the job's PATH. Environment: VERSION (a tag, or empty), REPOSITORY (owner/name, or
# empty), ACTION_REF and ACTION_REPOSITORY (where the action was used from), RUNNER_TEMP,
# GITHUB_PATH, GITHUB_OUTPUT.
set -euo pipefail

prefix=""
repository=${REPOSITORY:-${ACTION_REPOSITORY:-${GITHUB_REPOSITORY:-}}}
version=${VERSION:-}

# fail MESSAGE: an annotation for the action, a line on standard error with --prefix; exits 1.
fail() {
  if [[ -z $prefix ]]; then
    echo "::error::$1"
  else
    echo "install.sh: $1" >&2
  fi
  exit 1
}
usage_line="Usage: install.sh --prefix DIR --repository OWNER/NAME [--version TAG]"
usage() {
  echo "$usage_line" >&2
  exit 2
}

while (($#)); do
  case $1 in
    --prefix | --repository | --version)
      if (($# < 2)) || [[ -z $2 ]]; then usage; fi
      case $1 in
        --prefix) prefix=$2 ;;
        --repository) repository=$2 ;;
        --version) version=$2 ;;
      esac
      shift 2
      ;;
    -h | --help)
      echo "$usage_line"
      exit 0
      ;;
    *) usage ;;
  esac
done
if [[ -z $prefix ]]; then
  [[ -n ${RUNNER_TEMP:-} && -n ${GITHUB_PATH:-} ]] || usage
  if [[ -z $version && ${ACTION_REF:-} =~ ^v[0-9]+\.[0-9]+\.[0-9]+$ ]]; then
    version=$ACTION_REF
  fi
fi
# Names that can stand in a URL as they are.
[[ $repository =~ ^[A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+$ && $version =~ ^[A-Za-z0-9_.-]*$ ]] || usage

if [[ -n $version ]]; then
  base="https://github.com/$repository/releases/download/$version"
else
  base="https://github.com/$repository/releases/latest/download"
fi

case "$(uname -s)-$(uname -m)" in
  Linux-x86_64 | Linux-amd64) platform=linux-x86_64 ;;
  Linux-aarch64 | Linux-arm64) platform=linux-aarch64 ;;
  Darwin-*) platform=macos-universal ;;
  *) fail "No monsters release for $(uname -s) $(uname -m)." ;;
esac
archive=monsters-$platform.tar.gz

if [[ -n $prefix ]]; then
  mkdir -p "$prefix"
  prefix=$(cd "$prefix" && pwd)
  folder=$(mktemp -d "${TMPDIR:-/tmp}/monsters-install.XXXXXX")
  trap 'rm -rf "$folder"' EXIT
else
  folder=$RUNNER_TEMP/monsters-action
  rm -rf "$folder"
  mkdir -p "$folder"
fi
cd "$folder"
# download FILE: the release's FILE, into this folder; a release that is not there (a
# version mistyped, a repository without releases) is an error that says which.
download() {
  echo "Downloading $base/$1"
  curl -fsSL --retry 3 -o "$1" "$base/$1" ||
    fail "Could not download $base/$1: is ${version:-a latest release} a release of\
 $repository, with monsters for $platform? (the version is a tag, such as v1.2.0)"
}
download "$archive"
download SHA256SUMS
# The archive's own line of the sums, checked; nothing is unpacked before it passes.
grep -E "^[0-9a-f]{64}  $archive\$" SHA256SUMS >"$archive.sha256" ||
  fail "SHA256SUMS of $base has no sum for $archive."
if command -v sha256sum >/dev/null; then
  sum=(sha256sum)
elif command -v shasum >/dev/null; then
  sum=(shasum -a 256)
else
  fail "Neither sha256sum nor shasum is installed, to check $archive's sum."
fi
"${sum[@]}" -c "$archive.sha256" ||
  fail "$archive does not match its sum in $base/SHA256SUMS; nothing was installed."

if [[ -n $prefix ]]; then
  tar -xzf "$archive" --strip-components 1 -C "$prefix"
  installed=$("$prefix/bin/monsters" --version)
  echo "Installed $installed into $prefix (bin/monsters, its manual page and completions)"
  case ":$PATH:" in
    *":$prefix/bin:"*) ;;
    *) echo "$prefix/bin is not on PATH: add it to use monsters by name." ;;
  esac
else
  tar -xzf "$archive"
  echo "$folder/monsters-$platform/bin" >>"$GITHUB_PATH"
  installed=$("$folder/monsters-$platform/bin/monsters" --version)
  echo "Installed $installed from $base"
  echo "version=$installed" >>"$GITHUB_OUTPUT"
fi
