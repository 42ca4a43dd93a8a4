package main

import (
	"strings"
	"testing"
)

// The payload store's flags, on a client and a worker, fail before any
// dialling when they cannot work.
func TestEnginePayloadFlags(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"worker", "--temporal-payloads", t.TempDir(), "--temporal-payload-threshold", "3000000"}, "--temporal-payload-threshold 3000000: want a size"},
		{[]string{"trip", "--engine", "temporal", "--temporal-payloads", t.TempDir(), "--temporal-payload-threshold", "0", "x"}, "--temporal-payload-threshold 0: want a size"},
		{[]string{"trip", "--engine", "temporal", "--temporal-payloads", "/dev/null/payloads", "x"}, "--temporal-payloads: mkdir /dev/null"},
	} {
		_, _, err := runCairn(t, tc.args...)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("cairn %s: %v; want an error saying %q", strings.Join(tc.args, " "), err, tc.want)
		}
	}
}
