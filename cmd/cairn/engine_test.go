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
		{name: "maze run", args: []string{"maze", "run", mazeEngineConfig(t), "--out", t.TempDir(), "--parallel", "3"},
			normalize: dropLines(`^\d+ episodes, \d+ steps in `)},
	}
	if dir := oceanEngineStore(t); dir != "" {
		for _, q := range []string{"What does QC flag 4 mean?", "What is the maximum salinity recorded by float 2902269?"} {
			cases = append(cases, engineCase{name: "ocean ask " + q, args: []string{"ocean", "--ocean-dir", dir, "ask", q},
				worker: []string{"--ocean-dir", dir}})
		}
		cases = append(cases, engineCase{name: "ocean ask --plot", worker: []string{"--ocean-dir", dir},
			args: []string{"ocean", "--ocean-dir", dir, "ask", "--plot", filepath.Join(t.TempDir(), "track.svg"), "Plot the trajectory of float 2902269"}})
	}
	cases = append(cases, chatEngineCases(t)...)
	cases = append(cases, eventsEngineCases(t)...)
	return cases
}

// oceanEngineStore ingests the shared GDAC and documents into a store for
// the worker and the client, or returns "" (no ocean rows) when the shared
// data is absent.
func oceanEngineStore(t *testing.T) string {
	gdac, ok := testkit.SharedPath("data/argo/gdac")
	docDir, ok2 := testkit.SharedPath("data/docs")
	if !ok || !ok2 {
		t.Log("shared ocean data absent: no ocean rows")
		return ""
	}
	t.Setenv("CAIRN_OCEAN_PG_DSN", "")
	t.Setenv("CAIRN_OCEAN_EMBED_MODEL", "")
	dir := t.TempDir()
	if out, _, err := runCairn(t, "ocean", "--ocean-dir", dir, "ingest", gdac); err != nil {
		t.Fatalf("ocean ingest: %v\n%s", err, out)
	}
	if out, _, err := runCairn(t, "ocean", "--ocean-dir", dir, "docs", "add", docDir); err != nil {
		t.Fatalf("ocean docs add: %v\n%s", err, out)
	}
	return dir
}

// mazeEngineConfig is a small experiment: 144 episodes, on Temporal three
// batches of 48 (--parallel 3), cut where one would carry more than 1 MiB.
func mazeEngineConfig(t *testing.T) string {
	path := filepath.Join(t.TempDir(), "maze.yaml")
	cfg := "strategies: [follow, greedy, llm_solver]\ngenerators: [backtracker, obstacles]\nsizes: [8, 16]\nseeds: [1, 2]\nepisodes: 3\n" +
		"noise:\n  - kind: random\n    levels: [0, 0.5]\n"
	if err := os.WriteFile(path, []byte(cfg), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
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
