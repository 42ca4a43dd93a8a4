package main

import (
	"bytes"
	"context"
	"strings"
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

// runCairnIn is runCairn with stdin read from in.
func runCairnIn(t testing.TB, in string, args ...string) (string, string, error) {
	t.Helper()
	var out, errb bytes.Buffer
	root := newRootCmd(&out, &errb)
	root.SetArgs(args)
	root.SetIn(strings.NewReader(in))
	err := root.ExecuteContext(context.Background())
	return out.String(), errb.String(), err
}
