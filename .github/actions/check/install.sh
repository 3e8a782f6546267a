#!/usr/bin/env bash
# Installs a released `monsters` for this runner, for the action beside this file: the
# archive for its system and processor, checked against the release's SHA256SUMS before it
# is unpacked, into $RUNNER_TEMP, and its bin folder put on the job's PATH.
#
# Environment: VERSION (a tag, or empty), REPOSITORY (owner/name, or empty), ACTION_REF and
# ACTION_REPOSITORY (where the action was used from), RUNNER_TEMP, GITHUB_PATH,
# GITHUB_OUTPUT.
set -euo pipefail

repository=${REPOSITORY:-${ACTION_REPOSITORY:-$GITHUB_REPOSITORY}}
version=$VERSION
if [[ -z $version && $ACTION_REF =~ ^v[0-9]+\.[0-9]+\.[0-9]+$ ]]; then
  version=$ACTION_REF
fi
if [[ -n $version ]]; then
  base="https://github.com/$repository/releases/download/$version"
else
  base="https://github.com/$repository/releases/latest/download"
fi

case "$(uname -s)-$(uname -m)" in
  Linux-x86_64 | Linux-amd64) platform=linux-x86_64 ;;
  Linux-aarch64 | Linux-arm64) platform=linux-aarch64 ;;
  Darwin-*) platform=macos-universal ;;
  *)
    echo "::error::No monsters release for $(uname -s) $(uname -m)."
    exit 1
    ;;
esac
archive=monsters-$platform.tar.gz

folder=$RUNNER_TEMP/monsters-action
rm -rf "$folder"
mkdir -p "$folder"
cd "$folder"
# download FILE: the release's FILE, into this folder; a release that is not there (a
# version mistyped, a repository without releases) is an error that says which.
download() {
  echo "Downloading $base/$1"
  curl -fsSL --retry 3 -o "$1" "$base/$1" || {
    echo "::error::Could not download $base/$1: is ${version:-a latest release} a release" \
      "of $repository, with monsters for $platform? (the version input is a tag, such as v1.2.0)"
    exit 1
  }
}
download "$archive"
download SHA256SUMS
# The archive's own line of the sums, checked; nothing is unpacked before it passes.
grep -E "^[0-9a-f]{64}  $archive\$" SHA256SUMS >"$archive.sha256" || {
  echo "::error::SHA256SUMS of $base has no sum for $archive."
  exit 1
}
if command -v sha256sum >/dev/null; then
  sum=(sha256sum)
elif command -v shasum >/dev/null; then
  sum=(shasum -a 256)
else
  echo "::error::Neither sha256sum nor shasum is installed, to check $archive's sum."
  exit 1
fi
"${sum[@]}" -c "$archive.sha256" || {
  echo "::error::$archive does not match its sum in $base/SHA256SUMS; nothing was installed."
  exit 1
}
tar -xzf "$archive"
echo "$folder/monsters-$platform/bin" >>"$GITHUB_PATH"
installed=$("$folder/monsters-$platform/bin/monsters" --version)
echo "Installed $installed from $base"
echo "version=$installed" >>"$GITHUB_OUTPUT"
