package main

import (
	"bytes"
	"context"
	"testing"
)

// runCairn runs `cairn ARGS...` in process and returns its stdout, stderr
// and error.
func runCairn(t testing.TB, args ...string) (string, string, error) {
	t.Helper()
	var out, errb bytes.Buffer
	root := newRootCmd(&out, &errb)
	root.SetArgs(args)
	err := root.ExecuteContext(context.Background())
	return out.String(), errb.String(), err
}
