package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestMazeRunReportShow(t *testing.T) {
	dir := t.TempDir()
	cfg := filepath.Join(dir, "exp.yaml")
	os.WriteFile(cfg, []byte(`
strategies: [follow, greedy, llm_solver]
sizes: [9]
seeds: [1]
episodes: 2
noise:
  - kind: none
  - kind: random
    levels: [0.5]
`), 0o644)
	res := filepath.Join(dir, "res")
	out, stderr, err := runCairn(t, "maze", "run", cfg, "--out", res, "--parallel", "2")
	if err != nil {
		t.Fatalf("run: %v\n%s", err, stderr)
	}
	if !strings.Contains(out, "12 episodes") || !strings.Contains(out, "llm_solver") || !strings.Contains(stderr, "12/12 episodes") || !strings.Contains(out, "steps.parquet") {
		t.Errorf("run output:\n%s\nstderr:\n%s", out, stderr)
	}
	first, _ := os.ReadFile(filepath.Join(res, "episodes.jsonl"))
	// Same config, same bytes, whatever the parallelism.
	res2 := filepath.Join(dir, "res2")
	if _, _, err := runCairn(t, "maze", "run", cfg, "--out", res2, "--parallel", "1", "--no-progress"); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"episodes.jsonl", "steps.jsonl", "episodes.parquet", "steps.parquet"} {
		a, _ := os.ReadFile(filepath.Join(res, f))
		b, _ := os.ReadFile(filepath.Join(res2, f))
		if len(a) == 0 || !bytes.Equal(a, b) {
			t.Errorf("%s differs between runs (%d and %d bytes)", f, len(a), len(b))
		}
	}

	// A trajectory budget smaller than the run's steps: the run says what
	// it skipped.
	res3 := filepath.Join(dir, "res3")
	out, _, err = runCairn(t, "maze", "run", cfg, "--out", res3, "--no-progress", "--trajectory-budget", "4kB")
	if err != nil || !strings.Contains(out, "were not written") || !strings.Contains(out, "trajectory budget of 3.9 KiB") {
		t.Errorf("run with a 4kB trajectory budget: %v\n%s", err, out)
	}
	if st, err := os.Stat(filepath.Join(res3, "steps.jsonl")); err != nil || st.Size() > 4000 {
		t.Errorf("steps.jsonl past its budget: %v %v", st.Size(), err)
	}

	// A truncated results file: the bad line is named, the rest rendered.
	os.WriteFile(filepath.Join(res, "episodes.jsonl"), first[:len(first)-40], 0o644)
	out, stderr, err = runCairn(t, "maze", "report", res)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(stderr, "episodes.jsonl line 12:") || !strings.Contains(out, "11 episodes") {
		t.Errorf("report on truncated results: out %q stderr %q", out, stderr)
	}
	html, _ := os.ReadFile(filepath.Join(res, "report.html"))
	if !strings.Contains(string(html), "<svg") || !strings.Contains(string(html), "episodes.jsonl line 12:") {
		t.Error("report.html lacks charts or the bad line")
	}

	out, _, err = runCairn(t, "maze", "show", "--size", "9", "--strategy", "greedy")
	if err != nil || !strings.HasPrefix(out, "S") || !strings.Contains(out, "greedy, noise none") {
		t.Errorf("show: %v\n%s", err, out)
	}
}

func TestMazeBadInput(t *testing.T) {
	dir := t.TempDir()
	cfg := filepath.Join(dir, "bad.yaml")
	for _, tc := range []struct{ yaml, want string }{
		{"strategies: [follow]\nsizes: [8]\nseeds: [1]\nepisodes: 1\nspeed: 3\n", `unknown key "speed"`},
		{"strategies: [follow]\nsizes: [-8]\nseeds: [1]\nepisodes: 1\n", "sizes[0]: -8"},
		{"strategies: [follow]\nsizes: [8]\nseeds: [1]\nepisodes: 1\nnoise:\n  - kind: biased\n    levels: [1.0]\n", "noise[0].levels[0]: 1"},
	} {
		os.WriteFile(cfg, []byte(tc.yaml), 0o644)
		_, _, err := runCairn(t, "maze", "run", cfg, "--out", filepath.Join(dir, "out"))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: err = %v, want %q", tc.yaml, err, tc.want)
		}
	}
	os.WriteFile(cfg, []byte("strategies: [follow]\nsizes: [8.5]\nseeds: [1]\nepisodes: 1\n"), 0o644)
	if _, _, err := runCairn(t, "maze", "run", cfg, "--out", filepath.Join(dir, "out")); err == nil || !strings.Contains(err.Error(), "sizes[0]: 8.5: want a whole number") {
		t.Errorf("sizes: [8.5]: %v", err)
	}
	os.WriteFile(cfg, []byte("strategies: [follow]\nsizes: [8]\nseeds: [1]\nepisodes: 1\nnoise_file: /dev/zero\n"), 0o644)
	if _, _, err := runCairn(t, "maze", "run", cfg, "--out", filepath.Join(dir, "out")); err == nil || !strings.Contains(err.Error(), "/dev/zero: larger than 1 MiB") {
		t.Errorf("noise_file: /dev/zero: %v", err)
	}
	os.WriteFile(cfg, []byte("strategies: [follow]\nsizes: [8]\nseeds: [1]\nepisodes: 1\n"), 0o644)
	for _, v := range []string{"lots", "0"} {
		if _, _, err := runCairn(t, "maze", "run", cfg, "--out", filepath.Join(dir, "out"), "--trajectory-budget", v); err == nil || !strings.Contains(err.Error(), "trajectory-budget") {
			t.Errorf("--trajectory-budget %s: %v", v, err)
		}
	}
	if _, _, err := runCairn(t, "maze", "show", "--noise", "random@2"); err == nil || !strings.Contains(err.Error(), "random@2") {
		t.Errorf("show --noise random@2: %v", err)
	}
	if _, _, err := runCairn(t, "maze", "report", filepath.Join(dir, "missing")); err == nil {
		t.Error("report of a missing file: no error")
	}
}
