#!/usr/bin/env bash
# Installs the Temporal CLI, whose `temporal server start-dev` is the real
# Temporal cluster the integration tests run graphs on (internal/temporaltest).
# Idempotent: the binary is cached and only rebuilt when missing or broken.
#
# Prints progress on stderr and, on stdout, the cache directory holding
# bin/temporal, so a caller can do:
#
#   dir=$(bash .ci/temporal.sh)
#   export CAIRN_TEMPORAL_BIN=$dir/bin/temporal
#
# v1.5.1 is the release that installs from the module proxy (v1.9.1's
# replace directive points at a module the proxy lacks). A cold build takes
# about 5 minutes on 2 cores.
set -euo pipefail

TEMPORAL_VERSION=v1.5.1
dir=${CAIRN_TEMPORAL_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/cairn/temporal-$TEMPORAL_VERSION}
bin=$dir/bin/temporal

say() { echo "temporal.sh: $*" >&2; }
die() { say "FAILED: $*"; exit 1; }

# go install leaves the CLI's own version unstamped (0.0.0-DEV): the build
# info says which module version it is, and the binary must run.
works() {
	[ -x "$bin" ] && "$bin" --version >/dev/null 2>&1 &&
		go version -m "$bin" 2>/dev/null | grep -Eq "^[[:space:]]+mod[[:space:]]+github.com/temporalio/cli[[:space:]]+$TEMPORAL_VERSION([[:space:]]|$)"
}

mkdir -p "$dir/bin"
if works; then
	say "cached binary $bin works; not rebuilding"
else
	say "building github.com/temporalio/cli/cmd/temporal@$TEMPORAL_VERSION into $dir/bin (log: $dir/build.log)"
	start=$(date +%s)
	# Outside any module, so the repository's go.mod and go.sum stay untouched.
	tmp=$(mktemp -d)
	trap 'rm -rf "$tmp"' EXIT
	if ! (cd "$tmp" && GOBIN="$dir/bin" go install "github.com/temporalio/cli/cmd/temporal@$TEMPORAL_VERSION") >"$dir/build.log" 2>&1; then
		tail -n 40 "$dir/build.log" >&2
		die "go install github.com/temporalio/cli/cmd/temporal@$TEMPORAL_VERSION (full log: $dir/build.log)"
	fi
	works || die "built $bin but '$bin --version' fails"
	say "built in $(($(date +%s) - start))s"
fi

echo "$dir"
