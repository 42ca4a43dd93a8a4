package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/cairn-agents/cairn/internal/temporaltest"
	"github.com/cairn-agents/cairn/internal/testkit"
)

// engineCase is one system's command, run in process and on Temporal.
type engineCase struct {
	name string
	args []string
	// normalize removes from stdout what differs between two runs of the
	// same command anyway (times, run IDs, temporary paths); nil keeps it.
	normalize func(t *testing.T, stdout string) string
	// worker are flags the worker needs to host the system (its data).
	worker []string
	// stdin is the command's standard input (chat's messages).
	stdin string
	// then, when set, is a second command run after args with the same
	// engine, made from args' stdout (to answer the question a run left
	// waiting, say); its stdout is compared too.
	then func(t *testing.T, stdout string) []string
}

// engineCases are the systems' commands whose answers must not depend on
// the engine. Each system adds its own.
func engineCases(t *testing.T) []engineCase {
	tasks := filepath.Join("..", "..", "apps", "roadtrip", "testdata", "tasks")
	cases := []engineCase{
		{name: "trip", args: []string{"trip", "--notes",
			"Plan 2 road trip routes from Wilmington to Dover in Delaware, each through 3 intermediate cities, with 1 rest stop and 1 scenic viewpoint per route"},
			normalize: dropLines(`"wall_ns"`)},
		{name: "trip meeting point", args: []string{"trip",
			"I live in Newark and my friend lives in Milford. Where should we meet for lunch?"}},
		{name: "bench locnav", args: []string{"bench", "locnav", "--out", t.TempDir(),
			filepath.Join(tasks, "delaware_trip_0001.json"), filepath.Join(tasks, "andorra_meeting_0001.json"),
			filepath.Join(tasks, "andorra_direction_0001.json")},
			normalize: dropLines(`^report: `)},
	}
	cases = append(cases, chatEngineCases(t)...)
	cases = append(cases, eventsEngineCases(t)...)
	return cases
}

// dropLines is a normalize that drops the lines matching any of res.
func dropLines(res ...string) func(*testing.T, string) string {
	return func(t *testing.T, s string) string {
		var keep []string
	line:
		for _, l := range strings.Split(s, "\n") {
			for _, re := range res {
				if regexp.MustCompile(re).MatchString(l) {
					continue line
				}
			}
			keep = append(keep, l)
		}
		return strings.Join(keep, "\n")
	}
}

// TestEnginesAgree runs each system's command in process and with
// --engine temporal against a real dev server and a `cairn worker`
// process, and wants the same answer.
func TestEnginesAgree(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a Temporal dev server and a worker")
	}
	s := temporaltest.Start(t)
	const queue = "engines-agree"
	cases := engineCases(t)
	args := "worker --temporal " + s.HostPort + " --queue " + queue
	for _, tc := range cases {
		args += " " + strings.Join(tc.worker, " ")
	}
	worker, stderr := startMain(t, args)
	testkit.WaitFor(t, "the worker to poll", func() bool { return strings.Contains(stderr.String(), "worker: polling") })
	t.Cleanup(func() {
		worker.Process.Signal(os.Interrupt)
		if t.Failed() {
			t.Logf("worker's stderr:\n%s", stderr)
		}
	})
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			run := func(engine ...string) (string, string, error) {
				out, errOut, err := runCairnIn(t, tc.stdin, append([]string{"--quiet"}, append(tc.args, engine...)...)...)
				if err != nil || tc.then == nil {
					return out, errOut, err
				}
				out2, errOut2, err := runCairn(t, append([]string{"--quiet"}, append(tc.then(t, out), engine...)...)...)
				return out + out2, errOut + errOut2, err
			}
			want, _, err := run("--engine", "local")
			if err != nil {
				t.Fatalf("in process: %v", err)
			}
			got, errOut, err := run("--engine", "temporal", "--temporal", s.HostPort, "--queue", queue)
			if err != nil {
				t.Fatalf("on Temporal: %v\n%s", err, errOut)
			}
			if tc.normalize != nil {
				want, got = tc.normalize(t, want), tc.normalize(t, got)
			}
			if got != want {
				t.Errorf("on Temporal:\n%s\nin process:\n%s", got, want)
			}
		})
	}
}
