#!/usr/bin/env bash
# Builds a real Ollama server for CPU and writes a tiny random-weight llama
# model for the integration tests (internal/ollamatest). Idempotent: the
# binary is cached and only rebuilt when missing or broken.
#
# Prints progress on stderr and, on stdout, the cache directory holding
# bin/ollama and tiny.gguf, so a caller can do:
#
#   dir=$(bash .ci/ollama.sh)
#   export CAIRN_OLLAMA_BIN=$dir/bin/ollama CAIRN_OLLAMA_GGUF=$dir/tiny.gguf
#
# The build compiles llama.cpp through cgo: 6 to 12 minutes on 2 cores (measured
# 11m43s from an empty Go build cache with the machine busy).
set -euo pipefail

OLLAMA_VERSION=v0.17.4
MALGO_VERSION=v0.11.24 # ships miniaudio.h, which ollama includes as miniaudio/miniaudio.h
repo=$(cd "$(dirname "$0")/.." && pwd)
dir=${CAIRN_OLLAMA_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/cairn/ollama-$OLLAMA_VERSION}
bin=$dir/bin/ollama

say() { echo "ollama.sh: $*" >&2; }
die() { say "FAILED: $*"; exit 1; }

# A working binary reports its own version. Pointed at a port where no
# server listens, it says "client version is X" whatever runs on 11434.
works() {
	local v
	[ -x "$bin" ] && v=$(OLLAMA_HOST=127.0.0.1:1 "$bin" --version 2>&1) &&
		[[ $v == *"client version is ${OLLAMA_VERSION#v}"* ]]
}

mkdir -p "$dir/bin" "$dir/include/miniaudio"

if works; then
	say "cached binary $bin works; not rebuilding"
else
	# Headers the cgo build needs: nlohmann/json.hpp, stb/stb_image.h, and a
	# C/C++ compiler.
	need=()
	for p in nlohmann-json3-dev libstb-dev g++; do
		dpkg -s "$p" >/dev/null 2>&1 || need+=("$p")
	done
	if [ ${#need[@]} -gt 0 ]; then
		say "installing ${need[*]}"
		export DEBIAN_FRONTEND=noninteractive
		if ! apt-get install -y -q "${need[@]}" >&2; then
			apt-get update -q >&2 || die "apt-get update"
			apt-get install -y -q "${need[@]}" >&2 || die "apt-get install ${need[*]}"
		fi
	fi

	# Outside any module, so the repository's go.mod and go.sum stay untouched.
	tmp=$(mktemp -d)
	trap 'rm -rf "$tmp"' EXIT
	malgo=$(cd "$tmp" && go mod download -json "github.com/gen2brain/malgo@$MALGO_VERSION" |
		sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$/\1/p')
	[ -f "$malgo/miniaudio.h" ] || die "no miniaudio.h in github.com/gen2brain/malgo@$MALGO_VERSION (dir '$malgo')"
	cp -f "$malgo/miniaudio.h" "$dir/include/miniaudio/miniaudio.h"

	say "building github.com/ollama/ollama@$OLLAMA_VERSION into $dir/bin (several minutes; log: $dir/build.log)"
	start=$(date +%s)
	if ! (cd "$tmp" && GOBIN="$dir/bin" CGO_ENABLED=1 \
		CGO_CFLAGS="-O2 -I$dir/include" CGO_CXXFLAGS="-O2 -I$dir/include" \
		go install -ldflags "-X github.com/ollama/ollama/version.Version=${OLLAMA_VERSION#v}" \
			"github.com/ollama/ollama@$OLLAMA_VERSION") >"$dir/build.log" 2>&1; then
		tail -n 40 "$dir/build.log" >&2
		die "go install github.com/ollama/ollama@$OLLAMA_VERSION (full log: $dir/build.log)"
	fi
	works || die "built $bin but '$bin --version' fails"
	say "built in $(($(date +%s) - start))s"
fi

say "writing $dir/tiny.gguf"
(cd "$repo/tools/tinygguf" && go run . -o "$dir/tiny.gguf") >&2 || die "tools/tinygguf could not write $dir/tiny.gguf"

echo "$dir"
