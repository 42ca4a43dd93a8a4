package main

import (
	"net"
	"strings"
	"testing"
	"time"
)

// A worker or a client pointed at a cluster that is not there fails at
// once, naming the address; bad flags are named too.
func TestEngineFlagsFailClearly(t *testing.T) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close()
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"worker", "--temporal", addr}, "Temporal server unreachable at " + addr},
		{[]string{"trip", "--engine", "temporal", "--temporal", addr, "Find a cafe halfway between Newark and Dover"}, "Temporal server unreachable at " + addr},
		{[]string{"trip", "--engine", "temporal-ish", "x"}, `--engine "temporal-ish": want "local" or "temporal"`},
		{[]string{"trip", "--engine", "temporal", "--queue", " ", "x"}, "--queue: empty"},
		{[]string{"worker", "--systems", "roadtrip,nope"}, "--systems nope: no such system"},
		{[]string{"trip", "--engine", "temporal", "--temporal-tls-cert", "/nonexistent.pem", "--temporal", addr, "x"}, "needs both its certificate and its key file"},
	} {
		start := time.Now()
		_, _, err := runCairn(t, tc.args...)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("cairn %s: %v; want an error saying %q", strings.Join(tc.args, " "), err, tc.want)
		}
		if d := time.Since(start); d > 8*time.Second {
			t.Errorf("cairn %s took %v to fail", strings.Join(tc.args, " "), d)
		}
	}
}
